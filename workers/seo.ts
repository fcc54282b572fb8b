import { Hono } from "hono";
import { listCategories } from "~/.server/services/categories";
import { INFO_PAGES, PATHS, pathTo } from "~/lib/paths";
import { type WorkerEnv } from "./hono-env";

const PUBLIC_PAGES = [PATHS.home, PATHS.blog, PATHS.login, PATHS.register, ...INFO_PAGES.map((slug) => `/${slug}`)];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** robots.txt and sitemap.xml, with absolute URLs for the host that was asked. */
export const seo = new Hono<WorkerEnv>()
  .get("/robots.txt", (c) =>
    c.text(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /dashboard",
        "Disallow: /api/",
        "Disallow: /dev/",
        `Sitemap: ${c.var.app.origin}/sitemap.xml`,
        "",
      ].join("\n"),
    ),
  )
  .get("/sitemap.xml", async (c) => {
    const origin = c.var.app.origin;
    const categories = await listCategories(c.var.app);
    const urls = [...PUBLIC_PAGES, ...categories.map((category) => pathTo(PATHS.category, { id: category._id }))];
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((url) => `  <url><loc>${escapeXml(origin + url)}</loc></url>`).join("\n")}
</urlset>
`;
    return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8" });
  });
