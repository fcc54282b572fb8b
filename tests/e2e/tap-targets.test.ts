import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../app/lib/paths";
import { launchBrowser, openPage, signInAs } from "./browser";
import { carPages, dashboardPages, DEMO_EMAILS, demoIds, type Ids, signedOutPages } from "./pages";

// Issue 31, point 5: on a 390 px phone every control a finger may tap is at least 44 × 44 px, on
// every page for every role (the pages tests/e2e/pages.ts lists, as the layout test walks them).
// Controls are links, buttons, form fields, <summary> and [role=button]. As WCAG 2.5.8 allows, a
// link inside a sentence is exempt (its height is the line's): an inline link whose block holds
// other text. A checkbox or radio button counts by its label, which takes the tap too.

const PHONE = { width: 390, height: 844 };
const MIN = 44;

let browser: Browser;
let ids: Ids;
beforeAll(async () => {
  browser = await launchBrowser();
  ids = await demoIds();
});
afterAll(() => browser?.close());

/** The controls on the page as laid out now that are smaller than MIN in either direction. */
function smallTargets(page: Page, min: number): Promise<string[]> {
  return page.evaluate((min) => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]",
    );
    for (const control of controls) {
      const style = getComputedStyle(control);
      let target: HTMLElement = control;
      if (control instanceof HTMLInputElement && ["checkbox", "radio"].includes(control.type)) {
        target = control.closest("label") ?? control.labels?.[0] ?? control;
      }
      const box = target.getBoundingClientRect();
      // Not seen (collapsed, hidden, or screen-reader-only: 1 px), so not tapped.
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden") continue;
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      if (control.tagName === "A" && style.display === "inline") {
        // A link in a sentence: the block it sits in has words of its own besides the link.
        let block = control.parentElement;
        while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
        const blockWords = (block?.textContent ?? "").replace(/\s+/g, "");
        if (blockWords.length > (control.textContent ?? "").replace(/\s+/g, "").length) continue;
      }
      const name = (control.getAttribute("aria-label") ?? control.textContent ?? control.getAttribute("name") ?? "")
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 40);
      found.push(`<${control.tagName.toLowerCase()}> "${name}" is ${Math.round(box.width)} × ${Math.round(box.height)} px`);
    }
    return [...new Set(found)];
  }, min);
}

/** Opens each page hydrated at 390 px and collects its small targets, by page. */
async function smallTargetsOn(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const small = await smallTargets(page, MIN);
    if (small.length > 0) found[path] = small;
  }
  return found;
}

describe("tap targets at 390 px", () => {
  it("signed out: every control on every page is at least 44 × 44 px", async () => {
    const { page, close } = await openPage(browser, { viewport: PHONE });
    expect(await smallTargetsOn(page, signedOutPages(ids))).toEqual({});
    await close();
  }, 120_000);

  it.each(["buyer", "seller", "admin"] as const)(
    "%s: every control on every page is at least 44 × 44 px",
    async (role) => {
      const { page, close } = await openPage(browser, { viewport: PHONE });
      await signInAs(page, DEMO_EMAILS[role], PATHS.dashboard);
      expect(await smallTargetsOn(page, [...dashboardPages(role, ids), ...carPages(ids)])).toEqual({});
      await close();
    },
    120_000,
  );
});
