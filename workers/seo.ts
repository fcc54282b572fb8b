import { Hono } from "hono";
import { listCarsForSitemap } from "~/.server/services/site/car-page";
import { listCategories } from "~/.server/services/catalog/categories";
import { listMakesForSale } from "~/.server/services/site/search-page";
import { INFO_PAGES, PATHS, pathTo } from "~/lib/shared/paths";
import { type WorkerEnv } from "./hono-env";

const PUBLIC_PAGES = [
  PATHS.home,
  PATHS.categories,
  PATHS.search,
  PATHS.blog,
  PATHS.login,
  PATHS.register,
  ...INFO_PAGES.map((slug) => `/${slug}`),
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** robots.txt and sitemap.xml (pages a visitor can open: fixed pages, searches by make and category, every unsold car), with absolute URLs for the host that was asked. */
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
    const [categories, makes, cars] = await Promise.all([
      listCategories(c.var.app),
      listMakesForSale(c.var.app),
      listCarsForSitemap(c.var.app),
    ]);
    const urls: { path: string; lastModified?: string }[] = [
      ...[
        ...PUBLIC_PAGES,
        // The search's landing pages: one per make for sale and per category (their canonical URLs);
        // a category's own page (/category/:id) asks visitors to sign in, so it is left out.
        ...makes.map((make) => `${PATHS.search}?${new URLSearchParams({ make })}`),
        ...categories.map((category) => `${PATHS.search}?${new URLSearchParams({ categoryId: category._id })}`),
      ].map((path) => ({ path })),
      ...cars.map((car) => ({ path: pathTo(PATHS.car, { id: car.id }), lastModified: car.lastModified.slice(0, 10) })),
    ];
    const entry = ({ path, lastModified }: (typeof urls)[number]) =>
      `  <url><loc>${escapeXml(origin + path)}</loc>${lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : ""}</url>`;
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map(entry).join("\n")}
</urlset>
`;
    return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8" });
  });
