import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";

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
      'import { findUserByEmail } from "../services/accounts/users";\nexport { findUserByEmail };\n',
    ],
    [
      "infrastructure imports a service by alias",
      "app/.server/db/crossing.ts",
      'import { findUserByEmail } from "~/.server/services/accounts/users";\nexport { findUserByEmail };\n',
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
      'import { type UserRow } from "~/.server/services/accounts/users";\nexport type Row = UserRow;\n',
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
      'import { findUserByEmail } from "~/.server/services/accounts/users";\nexport { findUserByEmail };\n',
    ],
  ])("lets %s", async (_allowed, file, code) => {
    expect(await problems(file, code)).not.toContain(RESTRICTED);
  });
});
