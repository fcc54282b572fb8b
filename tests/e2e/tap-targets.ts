import { type Page } from "playwright-core";

// On a 390 px phone every control a finger may tap is at least 44 × 44 px.
// Controls are links, buttons, form fields, <summary> and [role=button]. As WCAG 2.5.8 allows, a
// link inside a sentence is exempt (its height is the line's): an inline link whose block holds
// other text. A checkbox or radio button counts by its label, which takes the tap too. The layout
// test measures them on every page for every role, in the same walk (tests/e2e/layout.test.ts).

/** The phone width tap targets are measured at, and their least size. */
export const TAP_TARGET_WIDTH = 390;
export const MIN_TAP_TARGET = 44;

/** The controls on the page as laid out now that are smaller than MIN in either direction. */
export function smallTargets(page: Page, min: number): Promise<string[]> {
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
      // A card below the fold is not laid out until scrolled to (content-visibility: auto), and keeps
      // the boxes of the width it was last laid out at: the cards in view are measured.
      if (!control.checkVisibility({ contentVisibilityAuto: true })) continue;
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
