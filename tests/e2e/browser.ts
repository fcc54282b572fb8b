import { AxeBuilder } from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterEach } from "vitest";
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

/** Where a failed test leaves what its pages showed (and, with E2E_TRACE=1, their traces). */
const FAILURE_DIRECTORY = path.resolve("test-results/e2e");
// Recording a trace slowed a browser file by about half (docs/decisions/0038-browser-test-harness.md),
// so only a developer chasing a failure turns it on.
const TRACE = process.env.E2E_TRACE === "1";

/** The pages the running test opened. */
const pagesOfThisTest = new Set<Page>();

/**
 * Keeps what a page shows as test-results/e2e/<name>.png (and its trace as <name>.zip with E2E_TRACE=1);
 * returns where the page is and its accessibility tree as text, for a log.
 */
export async function keepWhatPageShows(page: Page, name: string): Promise<string> {
  mkdirSync(FAILURE_DIRECTORY, { recursive: true });
  const file = path.join(FAILURE_DIRECTORY, name.replace(/[^\w-]+/g, "-").slice(0, 100));
  await page.screenshot({ path: `${file}.png`, fullPage: true, timeout: 5_000 }).catch(() => undefined);
  if (TRACE) await page.context().tracing.stop({ path: `${file}.zip` });
  const shown = await page
    .locator("body")
    .ariaSnapshot({ timeout: 5_000 })
    .catch((error: Error) => error.message);
  return `${page.url()} (${file}.png):\n${shown.slice(0, 4_000)}`;
}

// A failed test's pages are still open (its `close()` was not reached): keep a screenshot of each and
// print where it was and what it showed, so a failure seen only in CI can be read from its log.
afterEach(async ({ task }) => {
  const pages = [...pagesOfThisTest].filter((page) => !page.isClosed());
  pagesOfThisTest.clear();
  if (task.result?.state !== "fail") return;
  for (const [index, page] of pages.entries()) {
    const name = `${path.basename(task.file.name, ".test.ts")}--${task.name}-${index + 1}`;
    console.error(`Page ${index + 1} of "${task.name}" at ${await keepWhatPageShows(page, name)}`);
  }
});

/** A fresh browser context (no cookies) with a page that notes requests leaving our origin. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({ baseURL: appUrl, ...options });
  // A step that hangs fails on its own, naming what it waited for, before the test's 30 s run out.
  context.setDefaultTimeout(20_000);
  if (TRACE) await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  pagesOfThisTest.add(page);
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
  const car = {
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
  const response = await app.apiJson("/api/products/add", car, { token });
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
