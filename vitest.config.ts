import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "workers/**/*.test.ts", "scripts/**/*.test.ts", "tests/fakes/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "worker",
          include: ["tests/integration/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One Worker and one browser serve every file; files run one after another to stay within 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
