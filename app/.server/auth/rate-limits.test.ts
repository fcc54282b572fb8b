import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase } from "../../../tests/support/test-database";
import { TooManyRequests } from "../errors";
import { assertWithinLimit, consumeLimit, countEvent, LIMITS } from "./rate-limits";

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
    for (let index = 0; index < 100; index++) await countEvent(ctx, LIMITS.signInIp, ctx.clientIp);
    await expect(assertWithinLimit(ctx, LIMITS.signInIp, ctx.clientIp)).resolves.toBeUndefined();

    for (let index = 0; index < 5; index++) await countEvent(ctx, LIMITS.signInAccount, "victim@example.test");
    await expect(assertWithinLimit(ctx, LIMITS.signInAccount, "victim@example.test")).rejects.toBeInstanceOf(TooManyRequests);
    await expect(assertWithinLimit(ctx, LIMITS.signInAccount, "other@example.test")).resolves.toBeUndefined();
  });

  it("counts concurrent events exactly (one atomic statement each)", async () => {
    const ctx = database.context();
    const results = await Promise.all(Array.from({ length: 8 }, () => countEvent(ctx, LIMITS.passwordResetAccount, "race@example.test")));
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
  });
});
