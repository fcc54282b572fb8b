// The test layers (README "Tests").
//   npm test                  every layer, as CI runs it: installs Debian's Chromium when it is
//                             missing, type-checks and lints while it builds the app, then runs unit,
//                             integration and browser tests in one Vitest run.
//   npm run test:unit         the unit layer alone: no build, no Worker.
//   npm run test:integration  the Worker in workerd; builds first only when the build is missing or
//   npm run test:e2e          older than the sources (browser tests also install Chromium if needed).
// Anything after the layer goes to Vitest, e.g. `npm run test:integration -- tests/integration/bookings.test.ts`.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildDirectory, LOCAL_BUILD } from "./built-worker.ts";
import { TEST_CHROMIUM } from "./chromium.ts";

const LAYERS = ["unit", "integration", "e2e"] as const;
type Layer = (typeof LAYERS)[number];

// What the build is made from (test files aside).
const BUILD_INPUTS = [
  "app",
  "workers",
  "public",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "wrangler.toml",
  "tsconfig.json",
];

function run(command: string) {
  const { status } = spawnSync(command, { stdio: "inherit", shell: true });
  if (status !== 0) process.exit(status ?? 1);
}

/** Runs commands at the same time (each mostly uses one core); exits when any fails. */
async function runTogether(...commands: string[]) {
  const statuses = await Promise.all(
    commands.map(
      (command) => new Promise<number | null>((resolve) => spawn(command, { stdio: "inherit", shell: true }).on("exit", resolve)),
    ),
  );
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed ?? 1);
}

function ensureChromium() {
  if (existsSync(TEST_CHROMIUM.path)) return;
  console.log("Installing Chromium's headless shell for the browser tests (apt-get)...");
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${TEST_CHROMIUM.debianPackage}`);
}

/** The newest modification time under `file` (a file or a folder), test files left out. */
function newest(file: string): number {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(file) ? 0 : stats.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((entry) => newest(path.join(file, entry))));
}

function buildIsCurrent(): boolean {
  const built = statSync(path.join(buildDirectory(), "server/index.js"), { throwIfNoEntry: false });
  return built !== undefined && BUILD_INPUTS.every((input) => newest(input) <= built.mtimeMs);
}

const BUILD = LOCAL_BUILD;

const [first, ...rest] = process.argv.slice(2);
const layer = LAYERS.includes(first as Layer) ? (first as Layer) : undefined;
const vitestArgs = (layer ? rest : process.argv.slice(2)).join(" ");

if (layer === undefined) {
  ensureChromium();
  // The Worker's env and route types first (lint reads them too), then the type check, lint and the build side by side.
  run("npm run cf-typegen && npx react-router typegen");
  await runTogether("npx tsc -p tsconfig.json && npx tsc -p tsconfig.node.json", "npm run lint", BUILD);
  run(`npx vitest run ${vitestArgs}`);
} else {
  if (layer === "e2e") ensureChromium();
  if (layer !== "unit" && !buildIsCurrent()) run(BUILD);
  run(`npx vitest run --project ${layer} ${vitestArgs}`);
}
