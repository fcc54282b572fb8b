/**
 * Waits (bounded) until `read` gives what `done` accepts: queue consumers run after the response
 * that enqueued their work, so tests poll for its outcome rather than sleep.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Never reached the expected state: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the fake email API (tests/fakes/email-api.ts) holds for an address. */
export interface Mailbox {
  delivered: { subject: string; text: string; headers?: Record<string, string> }[];
  failedAttempts: number;
}

/** Reads an address's mailbox at a stack's fake email API. */
export const mailboxAt = (emailApiUrl: string) => async (address: string) =>
  (await (await fetch(`${emailApiUrl}/__control/messages/${encodeURIComponent(address)}`)).json()) as Mailbox;
