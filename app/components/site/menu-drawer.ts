// The mobile menu drawer's keyboard rules, loaded when it is first opened (Home's JavaScript
// budget): its toggle says whether it is open, Escape closes it, and Tab goes round its own links
// and toggle only while it is open.

function keepFocusInDrawer(event: KeyboardEvent) {
  const drawer = event.currentTarget as HTMLDetailsElement;
  if (!drawer.open) return;
  const stops = drawer.querySelectorAll<HTMLElement>("summary, a, button");
  const [first, last] = [stops[0], stops[stops.length - 1]];
  if (event.key === "Escape") {
    drawer.open = false;
    first.focus();
  } else if (event.key === "Tab" && document.activeElement === (event.shiftKey ? first : last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

const kept = new WeakSet<HTMLDetailsElement>();

/** Called on every toggle of the drawer (opened or closed, by any means). */
export function drawerToggled(drawer: HTMLDetailsElement) {
  drawer.querySelector("summary")!.setAttribute("aria-expanded", String(drawer.open));
  if (kept.has(drawer)) return;
  kept.add(drawer);
  drawer.addEventListener("keydown", keepFocusInDrawer);
}
