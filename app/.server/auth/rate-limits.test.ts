import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase } from "../../../tests/support/test-database";
import { TooManyRequests, Unauthorized } from "../errors";
import { clearAccountLimitsStatement, consumeLimit, countEvent, LIMITS, withCredentialLimits } from "./rate-limits";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("rate limits in the database", () => {
  it("allows 20 registrations per IP an hour in production, then answers 429 until the window passes", async () => {
    const ctx = database.context({ appEnv: "production", clientIp: "198.51.100.1" });
    for (let index = 0; index < 20; index++) await consumeLimit(ctx, LIMITS.registrationIp, ctx.clientIp);
    const error = await consumeLimit(ctx, LIMITS.registrationIp, ctx.clientIp).catch((caught) => caught);
    expect(error).toBeInstanceOf(TooManyRequests);
    expect(error.retryAfterSeconds).toBe(3600);

    database.setNow(new Date(ctx.now().getTime() + 3601 * 1000));
    await expect(consumeLimit(ctx, LIMITS.registrationIp, ctx.clientIp)).resolves.toBeUndefined();
  });

  it("multiplies per-IP limits by 10 outside production, but not per-account ones", async () => {
    const ctx = database.context({ appEnv: "test", clientIp: "198.51.100.2" });
    for (let index = 0; index < 100; index++) await consumeLimit(ctx, LIMITS.failuresIp, ctx.clientIp);
    await expect(consumeLimit(ctx, LIMITS.failuresIp, ctx.clientIp)).resolves.toBeUndefined();

    for (let index = 0; index < 50; index++) await consumeLimit(ctx, LIMITS.failuresAccount, "victim@example.test");
    await expect(consumeLimit(ctx, LIMITS.failuresAccount, "victim@example.test")).rejects.toBeInstanceOf(TooManyRequests);
  });

  it("counts concurrent events exactly (one atomic statement each)", async () => {
    const ctx = database.context();
    const results = await Promise.all(Array.from({ length: 8 }, () => countEvent(ctx, LIMITS.passwordResetAccount, "race@example.test")));
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
  });
});

describe("credential checks under the limits", () => {
  const failingCheck = (checked: { count: number }) => async () => {
    checked.count++;
    throw new Unauthorized("wrong");
  };

  it("checks at most 5 of 60 attempts sent at once for one account from one IP; the rest answer 429", async () => {
    const ctx = database.context({ clientIp: "198.51.100.3" });
    const checked = { count: 0 };
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, () => withCredentialLimits(ctx, "burst@example.test", failingCheck(checked))),
    );
    const reasons = results.map((result) => (result.status === "rejected" ? result.reason : null));
    expect(checked.count).toBe(5);
    expect(reasons.filter((reason) => reason instanceof Unauthorized)).toHaveLength(5);
    expect(reasons.filter((reason) => reason instanceof TooManyRequests)).toHaveLength(55);
  });

  it("does not count successful checks, and does not let one IP lock the account out of the others", async () => {
    const ctx = database.context({ clientIp: "198.51.100.4" });
    const checked = { count: 0 };
    for (let index = 0; index < 20; index++) await withCredentialLimits(ctx, "owner@example.test", async () => "ok");
    for (let index = 0; index < 30; index++) {
      await withCredentialLimits(ctx, "owner@example.test", failingCheck(checked)).catch(() => undefined);
    }
    expect(checked.count).toBe(5);
    const elsewhere = database.context({ clientIp: "198.51.100.5" });
    await expect(withCredentialLimits(elsewhere, "owner@example.test", async () => "ok")).resolves.toBe("ok");
  });

  it("stops an account after 50 failures from all IPs, until a password reset clears it", async () => {
    const checked = { count: 0 };
    for (let index = 0; index < 12; index++) {
      const ctx = database.context({ clientIp: `198.51.101.${index}` });
      for (let attempt = 0; attempt < 5; attempt++) {
        await withCredentialLimits(ctx, "Target@example.test", failingCheck(checked)).catch(() => undefined);
      }
    }
    expect(checked.count).toBe(50);
    const fresh = database.context({ clientIp: "198.51.102.1" });
    await expect(withCredentialLimits(fresh, "target@example.test", async () => "ok")).rejects.toBeInstanceOf(TooManyRequests);

    await clearAccountLimitsStatement(fresh, "target@example.test");
    await expect(withCredentialLimits(fresh, "target@example.test", async () => "ok")).resolves.toBe("ok");
    await expect(
      withCredentialLimits(database.context({ clientIp: "198.51.101.0" }), "target@example.test", async () => "ok"),
    ).resolves.toBe("ok");
  });
});
