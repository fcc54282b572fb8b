/** Debian's Chromium (Lighthouse) and the flags this machine's closed network needs. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * The browser tests' (and screenshots') Chromium: Debian's headless shell (package chromium-headless-shell), the same
 * engine without the full browser's window and display work. Measured on 2 cores on 2026-11-27, the
 * layout test's walk of every page took 36 s of Chromium CPU with it against 50 s with the full
 * browser (docs/testing.md).
 */
export const TEST_CHROMIUM = {
  path: process.env.CHROME_PATH ?? "/usr/bin/chromium-headless-shell",
  debianPackage: "chromium-headless-shell",
};

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
