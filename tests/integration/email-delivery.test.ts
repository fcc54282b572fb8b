import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { appUrl, lastMailTo, register, startFileStack, uniqueEmail } from "./client";

// The Stripe Worker sends mail through the fake email API, so its failures can be arranged.
const site = await startFileStack("stripe");
const emailApiUrl = site.emailApiUrl!;

interface Mailbox {
  delivered: { subject: string; text: string }[];
  failedAttempts: number;
}

const mailbox = async (address: string) =>
  (await (await fetch(`${emailApiUrl}/__control/messages/${encodeURIComponent(address)}`)).json()) as Mailbox;
const setFailing = (address: string, failing: boolean) =>
  fetch(`${emailApiUrl}/__control/failing/${encodeURIComponent(address)}`, { method: failing ? "PUT" : "DELETE" });

/** Delivery runs on the email queue after the response: wait (bounded) until the mailbox shows what is expected. */
async function mailboxWhen(address: string, expected: (box: Mailbox) => boolean): Promise<Mailbox> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const box = await mailbox(address);
    if (expected(box)) return box;
    if (Date.now() > deadline) throw new Error(`Mailbox of ${address} never reached the expected state: ${JSON.stringify(box)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Once mail sent later has arrived, the queue has handled what came before it (and any retries due by then). */
async function laterMailArrived() {
  const later = uniqueEmail("later");
  await site.register({ email: later });
  await mailboxWhen(later, (box) => box.delivered.length > 0);
}

describe("email never breaks a request", () => {
  it("signs up as usual while the email API fails, and delivers the confirmation once, when it recovers", async () => {
    const email = uniqueEmail("mail-down");
    await setFailing(email, true);
    const response = await site.postForm("/register", { name: "Mail Down", email, password: "Secret1!", accountType: "buyer" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");

    // A second attempt comes only after the first one's failure was recorded.
    await mailboxWhen(email, (box) => box.failedAttempts >= 2);
    const [waiting] = await site.sql("select sent_at, last_error from outgoing_emails where to_address = ?", [email]);
    expect(waiting.sent_at).toBeNull();
    expect(String(waiting.last_error)).toContain("503");

    // The queue retries it (at once in tests; 30 s, 60 s, … in production).
    await setFailing(email, false);
    const box = await mailboxWhen(email, (state) => state.delivered.length > 0);
    expect(box.delivered).toHaveLength(1);
    expect(box.delivered[0].subject).toBe("Confirm your email for Auto Reseller");
    expect(box.delivered[0].text).toContain(`${site.appUrl}/verify-email/`);

    await laterMailArrived();
    expect((await mailbox(email)).delivered).toHaveLength(1);
  });

  it("answers a password reset the same for existing and unknown accounts while the email API fails", async () => {
    const email = uniqueEmail("reset-down");
    const unknown = uniqueEmail("reset-nobody");
    await site.register({ email });
    await setFailing(email, true);
    await setFailing(unknown, true);

    const existing = await site.postForm("/forgot-password", { email });
    const nobody = await site.postForm("/forgot-password", { email: unknown });
    expect(existing.status).toBe(200);
    expect(nobody.status).toBe(existing.status);
    const visible = (html: string) => html.replace(/nonce="[^"]*"/g, "").replace(/\\"requestId\\",\\"[^\\]*\\"/g, "");
    expect(visible(await existing.text())).toBe(visible(await nobody.text()));

    await mailboxWhen(email, (box) => box.failedAttempts >= 1);
    await setFailing(email, false);
    const box = await mailboxWhen(email, (state) => state.delivered.some((message) => message.subject.startsWith("Reset")));
    expect(box.delivered.filter((message) => message.subject.startsWith("Reset"))).toHaveLength(1);
    await laterMailArrived();
    expect((await mailbox(email)).delivered.filter((message) => message.subject.startsWith("Reset"))).toHaveLength(1);
    expect((await mailbox(unknown)).delivered).toHaveLength(0);
  });
});

describe("links in emails", () => {
  it("use the configured public origin, never the request's Host header", async () => {
    const email = uniqueEmail("forged-host");
    await register({ email });
    const { port } = new URL(appUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const body = new URLSearchParams({ email }).toString();
      const forged = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/forgot-password",
          method: "POST",
          headers: { host: "evil.example", origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      forged.on("error", reject);
      forged.end(body);
    });
    expect(status).toBe(200);
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe("Reset your Auto Reseller password");
    expect(mail?.text).toContain(`${appUrl}/reset-password/`);
    expect(mail?.text).not.toContain("evil.example");
  });
});
