// Lint rules for the whole tree (npm run lint; part of npm test). Formatting is Prettier's job.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** The server's infrastructure: everything in app/.server but the services and the page adapters. */
const INFRASTRUCTURE = [
  "./app/.server/auth",
  "./app/.server/db",
  "./app/.server/storage",
  "./app/.server/email",
  "./app/.server/payments",
  "./app/.server/config.ts",
  "./app/.server/context.ts",
  "./app/.server/errors.ts",
  "./app/.server/queue-jobs.ts",
  "./app/.server/body-limit.ts",
  "./app/.server/flash.ts",
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      ".wrangler/",
      ".data/",
      ".bench/",
      "coverage/",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  importX.flatConfigs.typescript,
  {
    files: ["**/*.{ts,tsx}"],
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: ["tsconfig.json", "tsconfig.node.json"], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      // Import cycles make module start-up order fragile and hide layering mistakes.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The layers (README "How it fits together"): infrastructure never reaches up into the services,
    // pages and API routes reach the database only through services, and code that also runs in the
    // browser never imports server modules. A cycle check with type imports counted runs beside
    // this (npm run cycles).
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: INFRASTRUCTURE,
              from: "./app/.server/services",
              message: "Infrastructure never imports services: take what it needs as a parameter, or move the code into a service.",
            },
            {
              target: ["./app/routes", "./app/root.tsx", "./workers"],
              from: "./app/.server/db",
              message: "Pages and API routes reach the database through a service.",
            },
            {
              target: ["./app/components", "./app/lib"],
              from: "./app/.server",
              message: "Components and shared code run in the browser too: no server modules (shapes belong in app/lib/shared/types.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    rules: {
      // Each call builds an Intl formatter (tens of µs of Worker CPU per rendered number, decision
      // record 21): app/lib/shared/format.ts holds formatters built once per isolate.
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
          message: "Use a formatter from app/lib/shared/format.ts (built once per isolate), not toLocale*String.",
        },
      ],
    },
  },
);
