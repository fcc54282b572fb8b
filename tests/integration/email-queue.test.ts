import { describe, expect, it } from "vitest";
import { startFileStack } from "../support/file-stack";
import { eventually, mailboxAt } from "../support/eventually";
import { uniqueEmail } from "../support/http-client";

// All mail goes through the Worker's own Cloudflare Queue (Miniflare runs it as workerd would): the
// request writes an `outgoing_emails` row and enqueues its id; the consumer sends it at most once,
// records each attempt, retries with backoff (at once here: EMAIL_RETRY_SECONDS=0) and, after the
// last attempt, gives it up into the dead-letter record the admin's email problems page lists.

const site = await startFileStack("stripe");
const emailApiUrl = site.emailApiUrl!;
const MAX_ATTEMPTS = 8;

const mailbox = mailboxAt(emailApiUrl);
/** The email API answers 503 to the address's next `times` messages (every one, without `times`). */
const failFor = (address: string, times?: number) =>
  fetch(`${emailApiUrl}/__control/failing/${encodeURIComponent(address)}${times === undefined ? "" : `?times=${times}`}`, {
    method: "PUT",
  });

const emailRow = async (address: string) =>
  (
    await site.sql(
      "select id, sent_at, dead_at, attempts, last_error from outgoing_emails where to_address = ? order by created_at desc limit 1",
      [address],
    )
  )[0];
const attemptsOf = async (emailId: string) =>
  (await site.sql("select error from email_attempts where email_id = ? order by attempted_at, rowid", [String(emailId)])).map(
    (row) => row.error,
  );

/** Signs up a buyer; the confirmation email is queued by the request. */
async function signUp(email: string) {
  const started = Date.now();
  const response = await site.postForm("/register", { name: "Queue Test", email, password: "Secret1!", accountType: "buyer" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/");
  return Date.now() - started;
}

/** Once a later message has been consumed, the earlier ones have been too (one consumer, in order). */
async function queueDrained() {
  const marker = uniqueEmail("queue-marker");
  await signUp(marker);
  await eventually(
    () => mailbox(marker),
    (box) => box.delivered.length === 1,
  );
}

describe("the email queue", () => {
  it("answers at once while the email API fails, retries, and delivers once when it recovers", async () => {
    const email = uniqueEmail("queue-retry");
    await failFor(email, 2);
    expect(await signUp(email)).toBeLessThan(5_000);

    const box = await eventually(
      () => mailbox(email),
      (state) => state.delivered.length > 0,
    );
    expect(box.failedAttempts).toBe(2);
    expect(box.delivered).toEqual([expect.objectContaining({ subject: "Confirm your email for Auto Reseller" })]);
    const row = await emailRow(email);
    expect(row.sent_at).not.toBeNull();
    expect(row.dead_at).toBeNull();
    expect(row.attempts).toBe(3);
    const attempts = await attemptsOf(String(row.id));
    expect(attempts).toHaveLength(3);
    expect(String(attempts[0])).toContain("503");
    expect(attempts[2]).toBeNull();

    await queueDrained();
    expect((await mailbox(email)).delivered).toHaveLength(1);
  });

  it("sends a message delivered twice only once, also when both deliveries come at once", async () => {
    const email = uniqueEmail("queue-twice");
    await signUp(email);
    await eventually(
      () => mailbox(email),
      (box) => box.delivered.length === 1,
    );
    const { id } = await emailRow(email);
    await site.sendToEmailQueue([String(id), String(id)]);

    // A message whose enqueue got lost, handed to the queue twice in one batch: both claim it at once.
    const lost = uniqueEmail("queue-concurrent");
    const lostId = crypto.randomUUID();
    await site.sql(
      "insert into outgoing_emails (id, to_address, subject, text, attempts, next_attempt_at, created_at) values (?, ?, 'Twice', 'Once only', 0, ?, ?)",
      [lostId, lost, new Date().toISOString(), new Date().toISOString()],
    );
    await site.sendToEmailQueue([lostId, lostId, lostId]);
    await eventually(
      () => mailbox(lost),
      (box) => box.delivered.length > 0,
    );

    await queueDrained();
    expect((await mailbox(email)).delivered).toHaveLength(1);
    expect(await attemptsOf(String(id))).toEqual([null]);
    expect((await mailbox(lost)).delivered).toHaveLength(1);
    expect(await attemptsOf(lostId)).toEqual([null]);
  });

  it(`gives a message up after ${MAX_ATTEMPTS} attempts into the dead-letter record, which only admins see`, async () => {
    const email = uniqueEmail("queue-dead");
    await failFor(email);
    await signUp(email);

    const row = await eventually(
      () => emailRow(email),
      (state) => state.dead_at !== null,
      40_000,
    );
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(String(row.last_error)).toContain("503");
    const attempts = await attemptsOf(String(row.id));
    expect(attempts).toHaveLength(MAX_ATTEMPTS);
    expect(attempts.every((error) => String(error).includes("503"))).toBe(true);

    // Dead means done: the message delivered again sends nothing, even with the API back.
    await fetch(`${emailApiUrl}/__control/failing/${encodeURIComponent(email)}`, { method: "DELETE" });
    await site.sendToEmailQueue([String(row.id)]);
    await queueDrained();
    expect((await mailbox(email)).delivered).toHaveLength(0);
    expect(await attemptsOf(String(row.id))).toHaveLength(MAX_ATTEMPTS);

    const admin = await site.signIn("admin@autoreseller.test");
    const page = await site.request("/dashboard/email-problems", { headers: { cookie: admin } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain("Confirm your email for Auto Reseller");
    expect(html).toContain("The email API answered 503");

    for (const who of ["buyer@autoreseller.test", "seller@autoreseller.test"]) {
      const denied = await site.request("/dashboard/email-problems", { headers: { cookie: await site.signIn(who) } });
      expect(denied.status).toBe(302);
      expect(denied.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard/email-problems")}&denied=1`);
      await denied.arrayBuffer();
    }
    const anonymous = await site.request("/dashboard/email-problems");
    expect(anonymous.status).toBe(302);
    expect(await anonymous.text()).not.toContain(email);
  });

  it("has the Cron Trigger enqueue mail whose enqueue failed", async () => {
    const email = uniqueEmail("queue-swept");
    const id = crypto.randomUUID();
    const longAgo = new Date(Date.now() - 15 * 60_000).toISOString();
    await site.sql(
      "insert into outgoing_emails (id, to_address, subject, text, attempts, next_attempt_at, created_at) values (?, ?, 'Swept', 'Never enqueued', 0, ?, ?)",
      [id, email, longAgo, longAgo],
    );
    const run = await site.request("/cdn-cgi/local/scheduled?cron=*/10+*+*+*+*");
    expect(run.status).toBe(200);
    await run.arrayBuffer();
    const box = await eventually(
      () => mailbox(email),
      (state) => state.delivered.length > 0,
    );
    expect(box.delivered).toEqual([{ subject: "Swept", text: "Never enqueued" }]);
    expect(await attemptsOf(id)).toEqual([null]);
  });
});
