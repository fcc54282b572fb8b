import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { readAuthToken, saveAuthToken } from "./token-file.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "libsql-token-file-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("saves the token readable by this user only, replacing an older, more open file", () => {
  const file = join(dir, "libsql-auth-token");
  writeFileSync(file, "old-token\n", { mode: 0o644 });
  saveAuthToken("new-token", dir);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readAuthToken(dir)).toBe("new-token");
});

it("reads nothing when no server has saved a token", () => {
  expect(readAuthToken(dir)).toBeUndefined();
});
