import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { outgoingEmails } from "../../db/schema";
import { Forbidden } from "../../errors";
import { listEmailProblems } from "./email-problems";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("listEmailProblems", () => {
  it("pages the mail given up on, newest first, leaving out mail still to send", async () => {
    const ctx = database.context();
    const given = (to: string, deadAt: string | null) => ({ to, subject: "Hello", text: "Hi", attempts: 8, lastError: "503", deadAt });
    await ctx.db
      .insert(outgoingEmails)
      .values([
        given("oldest@x.test", "2026-11-20T10:00:00.000Z"),
        given("newest@x.test", "2026-11-22T10:00:00.000Z"),
        given("pending@x.test", null),
        given("middle@x.test", "2026-11-21T10:00:00.000Z"),
      ]);
    const admin = { role: "admin" } as const;
    const first = await listEmailProblems(ctx, admin, 1, 2);
    expect(first.emails.map((email) => email.to)).toEqual(["newest@x.test", "middle@x.test"]);
    expect(first.hasMore).toBe(true);
    const second = await listEmailProblems(ctx, admin, 2, 2);
    expect(second.emails.map((email) => email.to)).toEqual(["oldest@x.test"]);
    expect(second.hasMore).toBe(false);
    await expect(listEmailProblems(ctx, { role: "seller" }, 1, 2)).rejects.toThrow(Forbidden);
  });
});
