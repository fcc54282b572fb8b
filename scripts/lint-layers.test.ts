import { ESLint } from "eslint";
import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DOMAIN_MAP, domainOrder } from "../eslint.config.js";

// The layers hold by lint (eslint.config.js): each deliberate crossing below is refused with its
// rule, and the same import from a layer allowed to make it passes.

const ROOT = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: ROOT });

/** What ESLint reports for this code as if it were the file at `file`. */
async function reports(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages;
}

/** The rule ids ESLint reports for this code as if it were the file at `file`. */
async function problems(file: string, code: string): Promise<string[]> {
  return (await reports(file, code)).map((message) => message.ruleId ?? message.message);
}

const RESTRICTED = "import-x/no-restricted-paths";

// The first lint loads the TypeScript projects for the import resolver (seconds on a busy machine):
// once here, so no single case carries it.
beforeAll(() => reports("app/routes/fine.tsx", "export {};\n"), 60_000);

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
    ["a page imports the database", "app/routes/catalog/crossing.tsx", 'import { cars } from "~/.server/db/schema";\nexport { cars };\n'],
    ["an API route imports the database", "workers/api/crossing.ts", 'import { cars } from "~/.server/db/schema";\nexport { cars };\n'],
    [
      "a page imports the sessions",
      "app/routes/accounts/crossing.tsx",
      'import { destroySession } from "~/.server/auth/sessions";\nexport { destroySession };\n',
    ],
    ["the root imports the email sender", "app/root.tsx", 'import { readOutbox } from "./.server/email/sender";\nexport { readOutbox };\n'],
    [
      "an API route imports the image store",
      "workers/api/crossing.ts",
      'import { storeImage } from "~/.server/storage/images";\nexport { storeImage };\n',
    ],
    [
      "an API route imports the payment provider",
      "workers/api/crossing.ts",
      'import { requireSimulator } from "../../app/.server/payments/required";\nexport { requireSimulator };\n',
    ],
    [
      "a component imports a service's type",
      "app/components/catalog/crossing.tsx",
      'import { type UserRow } from "~/.server/services/users/users";\nexport type Row = UserRow;\n',
    ],
    [
      "shared code imports the database",
      "app/lib/crossing.ts",
      'import { type cars } from "~/.server/db/schema";\nexport type Table = typeof cars;\n',
    ],
    [
      "a service imports the guards",
      "app/.server/services/site/crossing.ts",
      'import { type SessionUser } from "../../auth/guards";\nexport type Visitor = SessionUser;\n',
    ],
    [
      "a service imports the subscribers",
      "app/.server/services/catalog/crossing.ts",
      'import { SUBSCRIBERS } from "../subscribers";\nexport { SUBSCRIBERS };\n',
    ],
    [
      "a UI primitive imports a domain",
      "app/components/ui/crossing.tsx",
      'import { useOptionalUser } from "~/lib/site/use-user";\nexport { useOptionalUser };\n',
    ],
    [
      "the shared core imports a domain's schemas",
      "app/lib/shared/crossing.ts",
      'import { type Car } from "../schemas/types";\nexport type Shown = Car;\n',
    ],
    [
      "the shared core imports a domain's component",
      "app/lib/shared/crossing.tsx",
      'import { CarCard } from "~/components/catalog/car-card";\nexport { CarCard };\n',
    ],
  ])("refuses %s", async (_crossing, file, code) => {
    expect(await problems(file, code)).toContain(RESTRICTED);
  });

  it.each([
    ["a service imports the database", "app/.server/services/fine.ts", 'import { cars } from "../db/schema";\nexport { cars };\n'],
    [
      "a page imports a service",
      "app/routes/fine.tsx",
      'import { findUserByEmail } from "~/.server/services/users/users";\nexport { findUserByEmail };\n',
    ],
    [
      "a page imports the guards and the form adapters",
      "app/routes/fine.tsx",
      'import { requireUser } from "~/.server/auth/guards";\nimport { readFormBody } from "~/.server/web/form-body";\nimport { orPageError } from "~/.server/web/page-errors";\nexport { requireUser, readFormBody, orPageError };\n',
    ],
    [
      "an API route imports the errors and the context's type",
      "workers/api/fine.ts",
      'import { Invalid } from "~/.server/errors";\nimport { type AppContext } from "~/.server/context";\nexport { Invalid, type AppContext };\n',
    ],
    [
      "the guards read the navbar's counts from their domains",
      "app/.server/auth/guards.ts",
      'import { unreadMessagesOf } from "../services/messages/unread-count";\nexport { unreadMessagesOf };\n',
    ],
    [
      "the Worker's wiring imports infrastructure",
      "workers/fine.ts",
      'import { SESSION_COOKIE } from "~/.server/auth/sessions";\nexport { SESSION_COOKIE };\n',
    ],
    [
      "a UI primitive uses the fields' rules",
      "app/components/ui/fine.tsx",
      'import { NEW_PASSWORD_RULE } from "~/lib/schemas/fields";\nexport { NEW_PASSWORD_RULE };\n',
    ],
    [
      "a domain's component uses the shared core",
      "app/components/catalog/fine.tsx",
      'import { PATHS } from "~/lib/shared/paths";\nexport { PATHS };\n',
    ],
  ])("lets %s", async (_allowed, file, code) => {
    expect(await problems(file, code)).not.toContain(RESTRICTED);
  });

  it("says where a page's reach into infrastructure belongs", async () => {
    const [refusal] = await reports(
      "app/routes/fine.tsx",
      'import { readOutbox } from "~/.server/email/sender";\nexport { readOutbox };\n',
    );
    expect(refusal.message).toContain(
      "Pages and API routes reach infrastructure (auth, email, payments, storage, config...) only through a service",
    );
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
    const folders = readdirSync(path.join(ROOT, "app/.server/services"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((folder) => folder.name).sort()).toEqual(Object.keys(DOMAIN_MAP).sort());
  });
});

describe("one word for the thing sold", () => {
  it.each([
    ["a variable", "app/.server/services/catalog/fine.ts", "export const productRow = 1;\n"],
    ["a function", "workers/api/catalog/fine.ts", "export function findProduct() {}\n"],
    ["a type", "app/lib/catalog/fine.ts", "export type CardProduct = { id: string };\n"],
    ["a destructured name", "app/routes/catalog/fine.tsx", "export const id = ({ productId }: { productId: string }) => productId;\n"],
  ])("refuses %s that says product", async (_kind, file, code) => {
    expect(await problems(file, code)).toContain("@typescript-eslint/naming-convention");
  });

  it("leaves the contract's and the database's properties, and other words, alone", async () => {
    const code = 'export const answer = { productId: "1", productName: "Corolla" };\nexport const production = answer.productId !== "";\n';
    expect(await problems("workers/api/catalog/fine.ts", code)).toEqual([]);
  });
});
