// Lint rules for the whole tree (npm run lint; part of npm test). Formatting is Prettier's job.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** A name that says "product" ("production" is another word). */
const SAYS_PRODUCT = "[Pp]roduct(?!ion)";

/**
 * The server's infrastructure: everything in app/.server but the services and the adapters of
 * pages and API routes (the guards among them: they choose what the session read counts).
 */
const INFRASTRUCTURE = [
  "./app/.server/auth/!(guards).ts",
  "./app/.server/db",
  "./app/.server/storage",
  "./app/.server/email",
  "./app/.server/payments",
  "./app/.server/config.ts",
  "./app/.server/context.ts",
  "./app/.server/errors.ts",
  "./app/.server/queue-jobs.ts",
  "./app/.server/web/body-limit.ts",
  "./app/.server/web/flash.ts",
];

/**
 * The service domains (app/.server/services/<domain>) and the domains each may import: a one-way
 * graph, lowest first. What one domain causes in another (notifying people, the audit trail, cached
 * pages, queued jobs) goes through the event list (services/events.ts), which imports no domain;
 * services/subscribers.ts wires the subscribers and is imported only where the Worker starts.
 */
/** @type {Record<string, string[]>} */
export const DOMAIN_MAP = {
  users: [],
  uploads: ["users"],
  catalog: ["users", "uploads"],
  deals: ["users", "catalog"],
  search: ["users", "catalog"],
  messages: ["users"],
  notifications: ["users", "deals", "messages"],
  accounts: ["users", "deals", "search"],
  site: ["users", "catalog", "deals", "search"],
  admin: ["users", "accounts", "catalog"],
};

/**
 * The map's domains in an order where each comes after all it may import; throws on a cycle.
 * @param {Record<string, string[]>} map
 * @returns {string[]}
 */
export function domainOrder(map) {
  /** @type {string[]} */
  const order = [];
  const visiting = new Set();
  /** @type {(domain: string, path: string[]) => void} */
  const visit = (domain, path) => {
    if (order.includes(domain)) return;
    if (visiting.has(domain)) throw new Error(`The domain map has a cycle: ${[...path, domain].join(" → ")}`);
    visiting.add(domain);
    for (const dependency of map[domain] ?? []) visit(dependency, [...path, domain]);
    visiting.delete(domain);
    order.push(domain);
  };
  for (const domain of Object.keys(map)) visit(domain, []);
  return order;
}

const SERVICES = "./app/.server/services";
domainOrder(DOMAIN_MAP);
const DOMAIN_ZONES = [
  ...Object.entries(DOMAIN_MAP).map(([domain, allowed]) => ({
    // Tests may arrange what they need from any domain.
    target: `${SERVICES}/${domain}/**/!(*.test).ts`,
    from: Object.keys(DOMAIN_MAP)
      .filter((other) => other !== domain && !allowed.includes(other))
      .map((other) => `${SERVICES}/${other}`),
    message: `The ${domain} domain imports only ${allowed.length > 0 ? allowed.join(", ") : "no other domain"} (DOMAIN_MAP in eslint.config.js): say what happened with an event (services/events.ts), or move the code to the domain it belongs to.`,
  })),
  {
    target: `${SERVICES}/events.ts`,
    from: Object.keys(DOMAIN_MAP).map((domain) => `${SERVICES}/${domain}`),
    message: "The event list imports no domain: every domain imports it.",
  },
  {
    target: `${SERVICES}/**/!(*.test).ts`,
    from: `${SERVICES}/subscribers.ts`,
    message: "The subscribers are wired where the Worker starts (workers/app.ts): a service says what happened with publish or effectsOf.",
  },
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
      // One word for the thing sold: the code's own names say "car". "Product" stays only where
      // outside clients or stored data read it (the contract's fields and paths, the database's
      // tables and columns: README "One word"), and those are properties, which this leaves alone.
      "@typescript-eslint/naming-convention": [
        "error",
        {
          selector: ["variable", "function", "parameter", "typeLike", "import"],
          format: null,
          custom: { regex: SAYS_PRODUCT, match: false },
        },
      ],
    },
  },
  {
    // The layers (README "How it fits together"): infrastructure never reaches up into the services,
    // pages and API routes reach the database and the rest of the infrastructure only through
    // services, and code that also runs in the browser never imports server modules. A cycle check with type imports counted runs beside
    // this (npm run cycles).
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...DOMAIN_ZONES,
            {
              target: INFRASTRUCTURE,
              from: "./app/.server/services",
              message: "Infrastructure never imports services: take what it needs as a parameter, or move the code into a service.",
            },
            {
              target: "./app/.server/services",
              from: "./app/.server/auth/guards.ts",
              message: "Services never read the session: the page or API route passes the user in.",
            },
            {
              target: ["./app/routes", "./app/root.tsx", "./workers"],
              from: "./app/.server/db",
              message: "Pages and API routes reach the database through a service.",
            },
            {
              target: ["./app/routes", "./app/root.tsx", "./workers/api"],
              from: "./app/.server",
              except: ["./services", "./auth/guards.ts", "./context.ts", "./errors.ts", "./web"],
              message:
                "Pages and API routes reach infrastructure (auth, email, payments, storage, config...) only through a service; of app/.server they import services, the guards and the request/answer adapters.",
            },
            {
              // The shared core (app/lib/shared, components/ui) is what every domain builds on, so it
              // knows none of them; of the schemas it uses only the fields' rules and messages.
              target: ["./app/lib/shared/**/!(*.test).{ts,tsx}", "./app/components/ui/**/!(*.test).{ts,tsx}"],
              from: ["./app/lib/!(shared|schemas)/**", "./app/lib/schemas/!(fields|field-messages).ts", "./app/components/!(ui)/**"],
              message:
                "Shared code imports no domain: take what it needs as a prop or parameter, or move the code into the domain's folder.",
            },
            {
              target: ["./app/components", "./app/lib"],
              from: "./app/.server",
              message: "Components and shared code run in the browser too: no server modules (shapes belong in app/lib/schemas/types.ts).",
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
