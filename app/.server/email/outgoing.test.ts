import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase } from "../../../tests/support/test-database";
import { type AppContext } from "../context";
import { emailAttempts, outgoingEmails } from "../db/schema";
import { deliverEmail, enqueueOverdueEmails, MAX_EMAIL_ATTEMPTS, queueEmail } from "./outgoing";
import { type EmailMessage } from "./sender";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

/** A context whose email API and queue record what they are given; the API fails while `failing` says so. */
function recording(failing = () => false) {
  const sent: EmailMessage[] = [];
  const enqueued: string[] = [];
  const ctx = database.context({
    email: {
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (failing()) throw new Error("The email API answered 503");
        sent.push(message);
      },
    },
    emailQueue: {
      async sendBatch(messages: { body: { emailId: string } }[]) {
        enqueued.push(...messages.map((message) => message.body.emailId));
      },
    } as unknown as AppContext["emailQueue"],
  });
  return { ctx, sent, enqueued };
}

const message = (to: string): EmailMessage => ({ to, subject: "Hello", text: "Body" });
const rowOf = async (ctx: AppContext, id: string) => (await ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.id, id)))[0];
const attemptsOf = (ctx: AppContext, id: string) =>
  ctx.db.select({ error: emailAttempts.error }).from(emailAttempts).where(eq(emailAttempts.emailId, id)).orderBy(emailAttempts.attemptedAt);

describe("email on the queue", () => {
  it("writes the message and enqueues its id; a failed enqueue does not fail the caller", async () => {
    const { ctx, enqueued } = recording();
    await queueEmail(ctx, message("queued@x.test"));
    expect(enqueued).toHaveLength(1);
    expect((await rowOf(ctx, enqueued[0])).to).toBe("queued@x.test");

    const broken = database.context({
      emailQueue: { sendBatch: () => Promise.reject(new Error("queue down")) } as unknown as AppContext["emailQueue"],
    });
    await expect(queueEmail(broken, message("unqueued@x.test"))).resolves.toBeUndefined();
  });

  it("sends a message delivered several times at once exactly once, and records the attempt", async () => {
    const { ctx, sent, enqueued } = recording();
    await queueEmail(ctx, message("once@x.test"));
    const outcomes = await Promise.all([1, 2, 3].map(() => deliverEmail(ctx, enqueued[0])));
    expect(outcomes).toEqual([null, null, null]);
    expect(sent).toHaveLength(1);
    expect(await attemptsOf(ctx, enqueued[0])).toEqual([{ error: null }]);
    expect((await rowOf(ctx, enqueued[0])).sentAt).not.toBeNull();
    expect(await deliverEmail(ctx, enqueued[0])).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it("backs off 30 s doubling, then gives the message up into the dead-letter record", async () => {
    const { ctx, enqueued, sent } = recording(() => true);
    await queueEmail(ctx, message("dead@x.test"));
    const [id] = enqueued;
    const delays: (number | undefined)[] = [];
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
      // The retry arrives when its delay has passed: the row is due by then.
      await ctx.db.update(outgoingEmails).set({ nextAttemptAt: ctx.now().toISOString() }).where(eq(outgoingEmails.id, id));
      delays.push((await deliverEmail(ctx, id))?.retryInSeconds);
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920, undefined]);
    expect(sent).toHaveLength(0);
    const row = await rowOf(ctx, id);
    expect(row.deadAt).not.toBeNull();
    expect(row.nextAttemptAt).toBeNull();
    expect(await attemptsOf(ctx, id)).toHaveLength(MAX_EMAIL_ATTEMPTS);
  });

  it("leaves a message waiting for its retry to the queue, and the sweep takes only overdue ones", async () => {
    let failing = true;
    const { ctx, enqueued } = recording(() => failing);
    await queueEmail(ctx, message("later@x.test"));
    const [id] = enqueued;
    expect(await deliverEmail(ctx, id)).toEqual({ retryInSeconds: 30 });
    failing = false;
    // Delivered again before its retry is due: nothing is sent, the retry will be.
    expect(await deliverEmail(ctx, id)).toBeNull();
    expect((await rowOf(ctx, id)).sentAt).toBeNull();

    enqueued.length = 0;
    expect(await enqueueOverdueEmails(ctx)).toBe(0);
    database.setNow(new Date(ctx.now().getTime() + 10 * 60_000));
    expect(await enqueueOverdueEmails(ctx)).toBeGreaterThanOrEqual(1);
    expect(enqueued).toContain(id);
    expect(await deliverEmail(ctx, id)).toBeNull();
    expect((await rowOf(ctx, id)).sentAt).not.toBeNull();
  });
});
