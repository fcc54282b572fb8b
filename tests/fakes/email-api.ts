// A fake of a Resend-compatible email API at the network edge, so mail delivery (and its failure)
// can be tested without internet.
// Email API: POST /emails with `Authorization: Bearer <key>` and { from, to: [address], subject, text, headers? }.
// Test control (tests run in other processes, so over HTTP; no key needed):
//   PUT    /__control/failing/:address   answer 503 to every message for that address from now on
//                                         (?times=n: to its next n messages only, then deliver again)
//   DELETE /__control/failing/:address   deliver that address's messages again
//   GET    /__control/messages/:address  { delivered: [{ subject, text, headers? }], failedAttempts: n }
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_EMAIL_API_KEY = "re_test_fake";

export interface FakeEmailApi {
  url: string;
  close(): Promise<void>;
}

interface Mailbox {
  delivered: { subject: string; text: string; headers?: Record<string, string> }[];
  failedAttempts: number;
}

export async function startFakeEmailApi(): Promise<FakeEmailApi> {
  const mailboxes = new Map<string, Mailbox>();
  // Failures still to answer per address (Infinity: until told otherwise).
  const failing = new Map<string, number>();
  const mailbox = (address: string) => {
    const key = address.toLowerCase();
    if (!mailboxes.has(key)) mailboxes.set(key, { delivered: [], failedAttempts: 0 });
    return mailboxes.get(key)!;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { message: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const control = /^\/__control\/(failing|messages)\/([^/]+)$/.exec(url.pathname);
    if (control) {
      const address = decodeURIComponent(control[2]).toLowerCase();
      if (control[1] === "messages" && req.method === "GET") return json(res, 200, mailbox(address));
      if (req.method === "PUT") failing.set(address, Number(url.searchParams.get("times") ?? Infinity));
      else if (req.method === "DELETE") failing.delete(address);
      else return json(res, 405, { message: "Method not allowed" });
      return json(res, 200, { ok: true });
    }
    if (url.pathname !== "/emails" || req.method !== "POST") return json(res, 404, { message: "Not found" });
    if (req.headers.authorization !== `Bearer ${FAKE_EMAIL_API_KEY}`) return json(res, 401, { message: "Invalid API key" });
    const body = JSON.parse(await readBody(req)) as {
      from?: string;
      to?: string[];
      subject?: string;
      text?: string;
      headers?: Record<string, string>;
    };
    if (!body.from || !Array.isArray(body.to) || body.to.length !== 1 || !body.subject || !body.text) {
      return json(res, 422, { message: "from, to, subject and text are required" });
    }
    const [address] = body.to;
    const failuresLeft = failing.get(address.toLowerCase()) ?? 0;
    if (failuresLeft > 0) {
      failing.set(address.toLowerCase(), failuresLeft - 1);
      mailbox(address).failedAttempts++;
      return json(res, 503, { message: "Service unavailable" });
    }
    mailbox(address).delivered.push({ subject: body.subject, text: body.text, ...(body.headers ? { headers: body.headers } : {}) });
    return json(res, 200, { id: `email_${crypto.randomUUID()}` });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
