// Lint rules for the whole tree (npm run lint; part of npm test). Formatting is Prettier's job.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    rules: {
      // Each call builds an Intl formatter (tens of µs of Worker CPU per rendered number, decision
      // record 21): app/lib/format.ts holds formatters built once per isolate.
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
          message: "Use a formatter from app/lib/format.ts (built once per isolate), not toLocale*String.",
        },
      ],
    },
  },
);
