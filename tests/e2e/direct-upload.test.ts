import { build } from "esbuild";
import path from "node:path";
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type uploadPhotoDirect as UploadPhotoDirect } from "~/lib/catalog/direct-upload";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { app, launchBrowser, openPage, signInAs } from "./browser";

// app/lib/catalog/direct-upload.ts in Chromium, in a signed-in page: the photo and its small copy go
// straight to the bucket (the local stand-in) with the session cookie, and come back as URLs.
// No page uses it yet, so the test bundles the module and runs it in the page.

let browser: Browser;
let helper: string;
let bigPhoto: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const bundle = await build({
    entryPoints: [path.resolve("app/lib/catalog/direct-upload.ts")],
    bundle: true,
    write: false,
    format: "iife",
    globalName: "directUpload",
    target: "es2022",
  });
  helper = bundle.outputFiles[0].text;
  const jpeg = await renderJpeg(carPhotoSvg({ body: "sedan", color: "#1d4ed8", seed: 5 }), { width: 2400 });
  bigPhoto = Buffer.from(jpeg).toString("base64");
});
afterAll(() => browser?.close());

type Outcome = { photo: { url: string; smallUrl: string | null; width: number; height: number } } | { error: string; status: number };

/** Runs uploadPhotoDirect in the page on a file of these bytes and type. */
async function uploadInPage(page: Page, base64: string, type: string): Promise<Outcome> {
  // An evaluated expression, not a script tag: the page's Content-Security-Policy allows only its own scripts.
  await page.evaluate(`${helper}; window.directUpload = directUpload;`);
  return page.evaluate(
    async ({ base64, type }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const { uploadPhotoDirect } = (window as unknown as { directUpload: { uploadPhotoDirect: typeof UploadPhotoDirect } }).directUpload;
      try {
        return { photo: await uploadPhotoDirect(new File([bytes], "photo", { type })) };
      } catch (error) {
        return { error: (error as Error).message, status: (error as { status?: number }).status ?? -1 };
      }
    },
    { base64, type },
  );
}

describe("uploadPhotoDirect in Chromium", () => {
  it("sends a shrunk photo and a small WebP copy straight to the bucket, as the signed-in seller", async () => {
    const { page, cspViolations, close } = await openPage(browser);
    await signInAs(page, "seller@autoreseller.test", "/dashboard");
    const outcome = await uploadInPage(page, bigPhoto, "image/jpeg");
    if (!("photo" in outcome)) throw new Error(`upload refused: ${outcome.error}`);
    const { photo } = outcome;
    expect(photo.url).toMatch(/^\/images\/[\w-]+\.jpg$/);
    expect(photo.smallUrl).toMatch(/^\/images\/[\w-]+\.webp$/);
    expect(photo.width).toBe(1600);
    expect(photo.height).toBeGreaterThan(0);
    const rows = await app.sql("select key, width, uploader_id from uploads where key in (?, ?) order by width", [
      photo.smallUrl!.slice("/images/".length),
      photo.url.slice("/images/".length),
    ]);
    expect(rows.map((row) => row.width)).toEqual([480, 1600]);
    const [seller] = await app.sql("select id from users where email = 'seller@autoreseller.test'");
    expect(new Set(rows.map((row) => row.uploader_id))).toEqual(new Set([seller.id]));
    expect((await app.request(photo.url)).status).toBe(200);
    expect(cspViolations).toEqual([]);
    await close();
  });

  it("throws the server's message when a step is refused", async () => {
    const { page, close } = await openPage(browser);
    await signInAs(page, "buyer@autoreseller.test", "/");
    expect(await uploadInPage(page, bigPhoto, "image/jpeg")).toEqual({ error: "Only seller or admin accounts can do this", status: 403 });
    await close();
  });
});
