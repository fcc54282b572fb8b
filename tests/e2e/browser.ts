import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { inject } from "vitest";

export const appUrl = inject("appUrl");

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export interface TestPage {
  page: Page;
  /** Every request the page made to an origin other than the app's. */
  foreignRequests: string[];
  close(): Promise<void>;
}

/** A fresh browser context (no cookies) with a page that notes requests leaving our origin. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({ baseURL: appUrl, ...options });
  const page = await context.newPage();
  const foreignRequests: string[] = [];
  const origin = new URL(appUrl).origin;
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:")) foreignRequests.push(url);
  });
  return { page, foreignRequests, close: () => context.close() };
}
