import { AxeBuilder } from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, TEST_CHROMIUM } from "../../scripts/chromium.ts";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { startFileStack } from "../support/file-stack";

/** The test file's own app (tests/support/file-stack.ts): the browser visits it, tests arrange state through its API. */
export const app = await startFileStack();
export const appUrl = app.appUrl;

/** Debian's Chromium headless shell, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: TEST_CHROMIUM.path, args: ["--headless", ...CHROMIUM_FLAGS] });
}

export interface TestPage {
  page: Page;
  /** Every request the page made to an origin other than the app's. */
  foreignRequests: string[];
  /** Console reports of blocked content (Content-Security-Policy violations). */
  cspViolations: string[];
  close(): Promise<void>;
}

/** A fresh browser context (no cookies) with a page that notes requests leaving our origin. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({ baseURL: appUrl, ...options });
  // A step that hangs fails on its own, naming what it waited for, before the test's 30 s run out.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const foreignRequests: string[] = [];
  const cspViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const origin = new URL(appUrl).origin;
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) foreignRequests.push(url);
  });
  return { page, foreignRequests, cspViolations, close: () => context.close() };
}

/** Lists a car for a seller through the REST API (photo upload included); returns its name. */
export async function listThroughApi(email: string, name: string): Promise<string> {
  await listCarThroughApi(email, name);
  return name;
}

/** Lists a car as `listThroughApi` does, with `details` (make, model, price...) over its defaults; returns its id. */
export async function listCarThroughApi(email: string, name: string, details: Record<string, unknown> = {}): Promise<string> {
  const token = await app.accessToken(email);
  const photo = await renderJpeg(carPhotoSvg({ body: "hatchback", color: "#be123c", seed: 9 }));
  const { data } = (await (await app.uploadImage(photo, "car.jpg", "image/jpeg", token)).json()) as { data: { url: string } };
  // Into the demo "Hatchback" category, where the browser tests look for it (newest first).
  const categories = (await (await app.request("/api/categories")).json()) as { _id: string; categoryName: string }[];
  const category = categories.find((candidate) => candidate.categoryName === "Hatchback")!;
  const product = {
    productName: name,
    originalPrice: 9000,
    resalePrice: 7000,
    location: "Rangpur",
    categoryId: category._id,
    condition: "Fair",
    mobile: "01711 000111",
    productDescription: "Listed to be deleted.",
    purchaseYear: 2012,
    image: data.url,
    ...details,
  };
  const response = await app.apiJson("/api/products/add", product, { token });
  if (response.status !== 201) throw new Error(`Listing failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** Fails with a readable list when axe-core finds WCAG 2.1 A/AA violations on the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Colours are measured at rest, not halfway through a fade (a toast coming in).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  // And stay at rest while axe reads them: a toast timing out mid-analysis would otherwise be
  // measured halfway through its fade out. Reduced motion makes it leave at once (sonner honours it).
  const reduced = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
  await page.emulateMedia({ reducedMotion: "reduce" });
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: reduced ? "reduce" : "no-preference" }));
  if (violations.length === 0) return;
  const lines = violations.flatMap((violation) => [
    `- ${violation.id} (${violation.impact}): ${violation.help}`,
    ...violation.nodes.map((node) => `    ${node.target.join(" ")}`),
  ]);
  throw new Error(`Accessibility violations on ${label}:\n${lines.join("\n")}`);
}

/**
 * axe needs the page's scripts: a page seen without JavaScript is checked as the same person sees it
 * with them, in a context of its own.
 */
export async function expectAccessibleAs(
  browser: Browser,
  { email, url, viewport }: { email: string; url: string; viewport: { width: number; height: number } },
  label: string,
): Promise<void> {
  const { pathname, search } = new URL(url, appUrl);
  const { page, close } = await openPage(browser, { viewport });
  await signInAs(page, email, `${pathname}${search}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expectAccessible(page, label);
  await close();
}

/** Nothing on the page is wider than a 360 px phone (no sideways scrolling); the viewport is put back after. */
export async function expectFitsAt360(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (viewport) await page.setViewportSize(viewport);
  if (width > 360) throw new Error(`The page is ${width} px wide at 360 px: it scrolls sideways`);
}

/** Pays on the payment page with the simulator's good card and waits for the success. */
export async function payWithTestCard(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiration (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.getByText("Congrats! your payment completed").waitFor();
}

/**
 * Opens a page and waits until React has hydrated it (root.tsx marks the document), so what only
 * JavaScript does (dialogs, live validation, toasts, the carousel's controls) works from here on.
 */
export async function gotoInteractive(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Marks the page's current document, so a test can tell a navigation in place from a new load. */
export function markDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => ((window as { marked?: boolean }).marked = true));
}

/** Whether the page still shows the document `markDocument` marked. */
export function isMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { marked?: boolean }).marked === true);
}

/** Signs in through the form (demo password) and waits for the page it was sent back to. */
export async function signInAs(page: Page, email: string, to: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Passw0rd!");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${appUrl}${to}`);
}
