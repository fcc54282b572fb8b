import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// Three layers (README "Tests"): `vitest run --project unit|integration|e2e` runs one.
export default defineConfig({
  resolve: { alias },
  test: {
    // Integration files (each with its own app) wait on their workerd and libSQL server much of the
    // time: one file more than there are cores keeps the cores busy (measured on 2 cores with 2, 3
    // and 4 files at once, README "Tests").
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "workers/**/*.test.ts", "scripts/**/*.test.ts", "tests/fakes/**/*.test.ts"],
          environment: "node",
          // Service tests make hundreds of round trips to a real libSQL server; beside the
          // integration files on two cores they take a few times longer than alone.
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Seeds the template each file's own stack starts from (tests/support/file-stack.ts).
          globalSetup: ["tests/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/global-setup.ts"],
          // Browser tests that walk every page for a role take ~25 s with other browser files beside them.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Browser files two at a time, in a group of their own after the other layers. A clean-clone
          // CI on 2 cores with the full Chromium took ~13 min with one at a time, 11 min 40 s with two,
          // 12 min 35 s with three; with the headless shell, 7 min 59 s with two and 7 min 28 s with three.
          // With 30 browser files of heavier pages (2026-11-28), they are CPU-bound: 20 min 56 s with
          // three, and two was measured again (docs/testing.md).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
