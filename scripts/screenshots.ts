// `npm run screenshots`: the README's and the feature pages' pictures. Builds the app and starts it as
// `npm start` does, on free ports with a fresh copy of the demo data (so the pictures are the same on
// every machine), or uses the app already running on this machine with `PORT=8787 npm run screenshots`.
// Photographs Home, /cars, a car's page, three cars compared, the admin's dashboard and a seller's car
// statistics; then, after making an offer, a held payment and a dispute through the API, the offer
// and deal pages (docs/features/offers.md, the-deal.md). At 1280 px and 390 px in headless Chromium,
// written to docs/screenshots/ as JPEG (what a README can carry: each well under 300 KB).
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { LOCAL_BUILD } from "./built-worker.ts";
import { CHROMIUM_FLAGS, TEST_CHROMIUM } from "./chromium.ts";
import { arrangeDealScenes, DEAL_SELLER, PAYING_BUYER, type DealScenes } from "./deal-scenes.ts";
import { startLocalStackOnFreePorts, type LocalStack } from "./local-stack.ts";
import { DEMO_PASSWORD } from "./seed/demo-data.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUTPUT_DIR = path.join(ROOT, "docs/screenshots");
const ADMIN = "admin@autoreseller.test";
const SELLER = DEAL_SELLER;
const MAX_BYTES = 300 * 1024;

/** The two widths the site is designed for; the phone at its real pixel density, so text stays sharp. */
const DEVICES = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { name: "phone", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
] as const;

type DeviceName = (typeof DEVICES)[number]["name"];

interface Shot {
  name: string;
  /** Where it is worth a picture; both when absent. */
  devices?: DeviceName[];
  /** The path, or how to find it on the running app. */
  path: (page: Page) => Promise<string>;
  /** Whose page it is (a demo account's email); signed out when absent. */
  signedInAs?: string;
}

const SHOTS: Shot[] = [
  { name: "home", path: async () => "/" },
  { name: "cars", path: async () => "/cars" },
  { name: "car", path: firstCarPath },
  { name: "compare", path: comparePath },
  { name: "dashboard", path: async () => "/dashboard", signedInAs: ADMIN },
  { name: "car-statistics", path: firstStatisticsPath, signedInAs: SELLER },
];

/** The offer and deal pages, once `arrangeDealScenes` has put something on them. */
function dealShots({ offerFormCarId, heldBookingId }: DealScenes): Shot[] {
  const phone: DeviceName[] = ["phone"];
  return [
    { name: "offer-form", devices: phone, path: async () => `/cars/${offerFormCarId}/offer`, signedInAs: PAYING_BUYER },
    { name: "offers", devices: phone, path: async () => "/dashboard/offers", signedInAs: SELLER },
    { name: "payment-done", devices: phone, path: async () => `/dashboard/payment/${heldBookingId}`, signedInAs: PAYING_BUYER },
    { name: "my-orders-held", devices: phone, path: async () => "/dashboard/myorders", signedInAs: PAYING_BUYER },
    { name: "sales", path: async () => "/dashboard/sales", signedInAs: SELLER },
    { name: "payouts", path: async () => "/dashboard/payouts", signedInAs: SELLER },
    { name: "disputes", devices: phone, path: async () => "/dashboard/disputes", signedInAs: ADMIN },
    { name: "money", path: async () => "/dashboard/money", signedInAs: ADMIN },
  ];
}

/** The newest car on /cars (the demo market is the same on every seed, so is the picture). */
async function firstCarPath(page: Page): Promise<string> {
  await page.goto("/cars");
  const href = await page.locator('main a[href^="/cars/"]').first().getAttribute("href");
  if (!href) throw new Error("/cars lists no car to photograph");
  return href;
}

/** The first three cars on /cars side by side. */
async function comparePath(page: Page): Promise<string> {
  await page.goto("/cars");
  const hrefs = await page.locator('main h3 a[href^="/cars/"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  const ids = [...new Set(hrefs)].slice(0, 3).map((href) => href!.slice("/cars/".length));
  if (ids.length < 2) throw new Error("/cars lists too few cars to compare");
  return `/compare?ids=${ids.join(",")}`;
}

/** The statistics of the seller's longest listed car for sale (the demo seeds its 30 days of views). */
async function firstStatisticsPath(page: Page): Promise<string> {
  await page.goto("/dashboard/myproducts?status=for-sale&sort=oldest");
  const href = await page
    .getByRole("link", { name: /Statistics/ })
    .first()
    .getAttribute("href");
  if (!href) throw new Error("My Products lists no car for sale to photograph");
  return href;
}

async function signIn(page: Page, email: string) {
  await page.goto("/login?redirectTo=%2Fdashboard");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
}

/** Loads the page and waits until it is what a person sees: hydrated, fonts in, photos decoded, nothing moving. */
async function settle(page: Page, target: string) {
  await page.goto(target, { waitUntil: "networkidle" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].filter((image) => image.loading !== "lazy").map((image) => image.decode().catch(() => {})));
  });
  // A spinner's endless turn is part of the look; anything that ends (a fade, a slide) must have.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

async function photograph(browser: Browser, appUrl: string, shots: Shot[]): Promise<string[]> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const written: string[] = [];
  for (const device of DEVICES) {
    const { name: deviceName, ...options } = device;
    const onDevice = shots.filter((shot) => !shot.devices || shot.devices.includes(deviceName));
    // One browser context per account (signed out first), each signing in once.
    const accounts = [...new Set(onDevice.map((shot) => shot.signedInAs))];
    for (const account of accounts) {
      const context = await browser.newContext({ ...options, baseURL: appUrl, reducedMotion: "reduce" });
      const page = await context.newPage();
      if (account) await signIn(page, account);
      for (const shot of onDevice.filter((candidate) => candidate.signedInAs === account)) {
        // Visited again after signing in: the "signed in" toast belongs to the sign-in, not the picture.
        await settle(page, await shot.path(page));
        const file = path.join(OUTPUT_DIR, `${shot.name}-${deviceName}.jpg`);
        await page.screenshot({ path: file, type: "jpeg", quality: 75 });
        const bytes = statSync(file).size;
        if (bytes > MAX_BYTES)
          throw new Error(`${file} is ${Math.round(bytes / 1024)} KB, over the ${MAX_BYTES / 1024} KB a README picture may weigh`);
        written.push(`${path.relative(ROOT, file)} (${Math.round(bytes / 1024)} KB)`);
      }
      await context.close();
    }
  }
  return written;
}

/** The app to photograph: the one on PORT, or a fresh one on free ports (stopped afterwards). */
async function startApp(): Promise<{ appUrl: string; stop: () => Promise<void> }> {
  if (process.env.PORT) return { appUrl: `http://127.0.0.1:${process.env.PORT}`, stop: async () => {} };
  execSync(LOCAL_BUILD, { cwd: ROOT, stdio: "inherit" });
  const stateDir = mkdtempSync(path.join(tmpdir(), "auto-reseller-screenshots-"));
  let stack: LocalStack;
  try {
    stack = await startLocalStackOnFreePorts({ stateDir, appEnv: "development", quiet: true });
  } catch (error) {
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
  return {
    appUrl: stack.appUrl,
    stop: async () => {
      await stack.stop();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

const app = await startApp();
const browser = await chromium.launch({ executablePath: TEST_CHROMIUM.path, args: ["--headless", ...CHROMIUM_FLAGS] });
const stop = async () => {
  await browser.close();
  await app.stop();
};
// Ctrl-C still stops wrangler and the database server this script started.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().finally(() => process.exit(130)));
try {
  // The README's pictures first, of the demo as seeded; the deals arranged after change what it shows.
  const written = await photograph(browser, app.appUrl, SHOTS);
  written.push(...(await photograph(browser, app.appUrl, dealShots(await arrangeDealScenes(app.appUrl)))));
  console.log(`Wrote:\n  ${written.join("\n  ")}`);
} finally {
  await stop();
}
