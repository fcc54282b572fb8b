import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOMAIN_MAP, domainOrder } from "../eslint.config.js";

// The layers hold by lint (eslint.config.js): each deliberate crossing below is refused with its
// rule, and the same import from a layer allowed to make it passes.

const ROOT = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for this code as if it were the file at `file`. */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

const RESTRICTED = "import-x/no-restricted-paths";

describe("layers", () => {
  it.each([
    [
      "infrastructure imports a service",
      "app/.server/auth/crossing.ts",
      'import { findUserByEmail } from "../services/users/users";\nexport { findUserByEmail };\n',
    ],
    [
      "infrastructure imports a service by alias",
      "app/.server/db/crossing.ts",
      'import { findUserByEmail } from "~/.server/services/users/users";\nexport { findUserByEmail };\n',
    ],
    [
      "a page imports the database",
      "app/routes/catalog/crossing.tsx",
      'import { products } from "~/.server/db/schema";\nexport { products };\n',
    ],
    [
      "an API route imports the database",
      "workers/api/crossing.ts",
      'import { products } from "~/.server/db/schema";\nexport { products };\n',
    ],
    [
      "a component imports a service's type",
      "app/components/catalog/crossing.tsx",
      'import { type UserRow } from "~/.server/services/users/users";\nexport type Row = UserRow;\n',
    ],
    [
      "shared code imports the database",
      "app/lib/crossing.ts",
      'import { type products } from "~/.server/db/schema";\nexport type Table = typeof products;\n',
    ],
  ])("refuses %s", async (_crossing, file, code) => {
    expect(await problems(file, code)).toContain(RESTRICTED);
  });

  it.each([
    ["a service imports the database", "app/.server/services/fine.ts", 'import { products } from "../db/schema";\nexport { products };\n'],
    [
      "a page imports a service",
      "app/routes/fine.tsx",
      'import { findUserByEmail } from "~/.server/services/users/users";\nexport { findUserByEmail };\n',
    ],
  ])("lets %s", async (_allowed, file, code) => {
    expect(await problems(file, code)).not.toContain(RESTRICTED);
  });
});

describe("the domain map", () => {
  it.each([
    [
      "the catalog writes the audit trail itself",
      "app/.server/services/catalog/crossing.ts",
      'import { recordAdminAct } from "../admin/audit";\nexport { recordAdminAct };\n',
    ],
    [
      "deals reach into notifications",
      "app/.server/services/deals/crossing.ts",
      'import { notify } from "../notifications/notifications";\nexport { notify };\n',
    ],
    [
      "the event list imports a domain",
      "app/.server/services/events.ts",
      'import { type UserRow } from "./users/users";\nexport type Row = UserRow;\n',
    ],
  ])("refuses when %s", async (_crossing, file, code) => {
    expect(await problems(file, code)).toContain(RESTRICTED);
  });

  it.each([
    [
      "deals read the catalog",
      "app/.server/services/deals/fine.ts",
      'import { noPaymentUnderWay } from "../catalog/payment-window";\nexport { noPaymentUnderWay };\n',
    ],
    ["a domain says what happened", "app/.server/services/catalog/fine.ts", 'import { publish } from "../events";\nexport { publish };\n'],
    [
      "a test arranges from any domain",
      "app/.server/services/users/fine.test.ts",
      'import { recordAdminAct } from "../admin/audit";\nexport { recordAdminAct };\n',
    ],
  ])("lets %s", async (_allowed, file, code) => {
    expect(await problems(file, code)).not.toContain(RESTRICTED);
  });

  it("is one-way: every domain comes after those it imports, and a cycle is refused", () => {
    const order = domainOrder(DOMAIN_MAP);
    for (const [domain, allowed] of Object.entries(DOMAIN_MAP)) {
      for (const dependency of allowed) expect(order.indexOf(dependency)).toBeLessThan(order.indexOf(domain));
    }
    expect(() => domainOrder({ ...DOMAIN_MAP, users: ["admin"] })).toThrow(/cycle: users → admin → (accounts|users)/);
  });

  it("names every service domain there is", async () => {
    const { readdirSync } = await import("node:fs");
    const folders = readdirSync(path.join(ROOT, "app/.server/services"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((folder) => folder.name).sort()).toEqual(Object.keys(DOMAIN_MAP).sort());
  });
});
