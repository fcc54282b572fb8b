import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS, pathTo } from "../../app/lib/shared/paths";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { launchBrowser, openPage, signInAs } from "./browser";
import { arrangeRowsOnEveryPage, carPages, dashboardPages, DEMO_EMAILS, demoIds, type Ids, signedOutPages } from "./pages";
import { MIN_TAP_TARGET, smallTargets, TAP_TARGET_WIDTH } from "./tap-targets";

// Every page, for every role, at phone, tablet and desktop widths: the document never scrolls
// sideways and every control (links and buttons included) lies within the viewport; on the walks
// of every page, at 390 px every control is also big enough to tap (tests/e2e/tap-targets.ts),
// measured in the same walk so each page is opened once.

const WIDTHS = [360, 390, 768, 1280];
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface LayoutProblem {
  path: string;
  width: number;
  problem: string;
}

/** What sticks out sideways on the page as it is laid out now. */
function measure(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const problems: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > viewport) {
      // Name the innermost elements that stick out, so the failure says where to look.
      const sticking = [...document.body.querySelectorAll<HTMLElement>("*")].filter(
        (element) =>
          element.getBoundingClientRect().right > viewport + 0.5 &&
          ![...element.children].some((child) => child.getBoundingClientRect().right > viewport + 0.5),
      );
      const names = sticking.slice(0, 3).map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
      problems.push(`the document is ${scrollWidth} px wide: ${names.join(", ")}`);
    }
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]",
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      // Screen-reader-only and collapsed controls are not seen, so they cannot be cut off.
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(control).visibility === "hidden") continue;
      // A card below the fold is not laid out until scrolled to (content-visibility: auto): its
      // controls still have the boxes of the width it was last laid out at. The cards in view are measured.
      if (!control.checkVisibility({ contentVisibilityAuto: true })) continue;
      // Within the viewport, and a form's fields and buttons within the form's card.
      // (A form drawn as its contents alone, like a card's favourite heart, has no box of its own.)
      // A control in a row that scrolls sideways on its own (Home's categories on phones) is reached
      // by scrolling that row: it only has to fit, not each of its controls.
      let scroller = control.parentElement;
      while (scroller && !["auto", "scroll"].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      const row = scroller?.getBoundingClientRect();
      if (row && row.left >= -0.5 && row.right <= viewport + 0.5) continue;
      const form = [control.closest("form")?.getBoundingClientRect()].find((candidate) => candidate && candidate.width > 0);
      const [left, right] = form ? [Math.max(0, form.left), Math.min(viewport, form.right)] : [0, viewport];
      if (box.left >= left - 0.5 && box.right <= right + 0.5) continue;
      const name = (control.getAttribute("aria-label") ?? control.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const within = form ? `its form's ${Math.round(left)}–${Math.round(right)} px` : `the ${viewport} px viewport`;
      problems.push(
        `<${control.tagName.toLowerCase()}> "${name}" spans ${Math.round(box.left)}–${Math.round(box.right)} px, past ${within}`,
      );
    }
    return problems;
  });
}

/**
 * Opens each page once and lays it out at every width, collecting what does not fit: once its
 * stylesheet is in, and with JavaScript once hydrated (what it adds is laid out too); with
 * JavaScript never waiting for every photo.
 */
async function problemsOn(page: Page, paths: string[], { javaScript = true, tapTargets = false } = {}): Promise<LayoutProblem[]> {
  const found: LayoutProblem[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[WIDTHS.length - 1], height: 800 });
    // Hydration comes after the stylesheet (scripts wait for it). Without scripts, DOMContentLoaded may
    // come before it, and nothing in the page can be polled (polling runs in the page): the load event.
    await page.goto(path, { waitUntil: javaScript ? "domcontentloaded" : "load" });
    if (javaScript) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    found.push(...(await problemsAtEveryWidth(page, path, tapTargets)));
  }
  return found;
}

/** Lays the page out as it is now at every width (and measures its tap targets at the phone's, when asked). */
async function problemsAtEveryWidth(page: Page, path: string, tapTargets = false): Promise<LayoutProblem[]> {
  const found: LayoutProblem[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const problem of await measure(page)) found.push({ path, width, problem });
    if (tapTargets && width === TAP_TARGET_WIDTH) {
      for (const small of await smallTargets(page, MIN_TAP_TARGET)) found.push({ path, width, problem: `too small to tap: ${small}` });
    }
  }
  return found;
}

describe("layout at 360, 390, 768 and 1280 px, and tap targets at 390 px", () => {
  let ids: Ids;
  beforeAll(async () => {
    ids = { ...(await demoIds()), ...(await arrangeRowsOnEveryPage()) };
  }, 60_000);

  it("signed out: no page scrolls sideways, every control is in view and big enough to tap", async () => {
    const { page, close } = await openPage(browser);
    expect(await problemsOn(page, signedOutPages(ids), { tapTargets: true })).toEqual([]);
    await close();
  }, 120_000);

  it.each(["buyer", "seller", "admin"] as const)(
    "%s: no page scrolls sideways, every control is in view and big enough to tap",
    async (role) => {
      const { page, close } = await openPage(browser);
      await signInAs(page, DEMO_EMAILS[role], PATHS.dashboard);
      expect(await problemsOn(page, [...dashboardPages(role, ids), ...carPages(ids)], { tapTargets: true })).toEqual([]);
      await close();
    },
    120_000,
  );

  it("seller's forms without JavaScript (one photo file instead of the picker) fit too", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await signInAs(page, DEMO_EMAILS.seller, PATHS.dashboard);
    expect(await problemsOn(page, [PATHS.addCar, pathTo(PATHS.editCar, { id: ids.sellersCar })], { javaScript: false })).toEqual([]);
    await close();
  });

  it("Add Product with its errors shown and photos chosen fits at every width", async () => {
    const { page, close } = await openPage(browser);
    await signInAs(page, DEMO_EMAILS.seller, PATHS.dashboard);
    await page.goto(PATHS.addCar);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Add Product" }).click();
    await page.getByText("Photo is required").first().waitFor();
    const photo = Buffer.from(await renderJpeg(carPhotoSvg({ body: "hatchback", color: "#be123c", seed: 3 })));
    const files = ["a-long-file-name-from-a-phone-camera-IMG_20261123_101010.jpg", "rear.jpg"];
    await page.getByLabel("Add photos").setInputFiles(files.map((name) => ({ name, mimeType: "image/jpeg", buffer: photo })));
    await expect.poll(() => page.getByText("Uploaded", { exact: true }).count(), { timeout: 20_000 }).toBe(2);
    expect(await problemsAtEveryWidth(page, PATHS.addCar)).toEqual([]);
    await close();
  });

  it("My Products: every row is one height at 1280 px, sold, advertised, booked or not", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await signInAs(page, DEMO_EMAILS.seller, PATHS.myCars);
    await page.getByRole("heading", { name: /^Total Products/ }).waitFor();
    const rows = page.locator("main tbody tr");
    const heights = await rows.evaluateAll((elements) => elements.map((row) => Math.round(row.getBoundingClientRect().height)));
    expect(heights.length).toBeGreaterThan(3);
    expect(new Set(heights)).toEqual(new Set([heights[0]]));
    await close();
  });
});
