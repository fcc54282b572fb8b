import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type LocalStack, startLocalStackOnFreePorts } from "../../scripts/local-stack.ts";
import { eventually } from "../support/eventually";
import { clientFor, uniqueEmail } from "../support/http-client";

// `npm start`'s stack (wrangler dev, as scripts/start.ts starts it, on a copy of the seeded demo)
// while someone uses the app: car pages counted through the views queue, a registration's email
// through the email queue, pages left while they streamed. After the start-up lines only a failed
// request may print: no queue batches, no connections the client dropped.

const printed: string[] = [];
let stack: LocalStack;
let stateDir: string;

beforeAll(async () => {
  stateDir = mkdtempSync(path.join(tmpdir(), "auto-reseller-start-"));
  cpSync(inject("stackTemplate"), stateDir, { recursive: true });
  stack = await startLocalStackOnFreePorts({ stateDir, appEnv: "development", print: (line) => printed.push(line) });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** Asks for a page and goes away before it arrives, as a tab closed while it loads does. */
function leaveWhileLoading(url: string) {
  const { hostname, port, pathname } = new URL(url);
  return new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`, () => socket.destroy()),
    );
    socket.once("close", () => resolve());
    socket.once("error", reject);
  });
}

describe("npm start after start-up", () => {
  it("prints nothing for requests that use the queues or that the client left, and prints a failed request", async () => {
    const startUpLines = printed.length;
    const app = clientFor(stack.appUrl, stack.dbUrl, stack.dbAuthToken);
    const { data } = (await (await app.request("/api/products?limit=1")).json()) as { data: { _id: string }[] };
    const car = data[0]._id;
    const viewsOf = async () =>
      Number((await app.sql("select coalesce(sum(views), 0) as views from car_view_days where product_id = ?", [car]))[0].views);
    const viewsBefore = await viewsOf();
    for (let view = 0; view < 3; view++) expect((await app.request(`/cars/${car}`)).status).toBe(200);
    const email = uniqueEmail("quiet-start");
    await app.register({ email });
    for (let left = 0; left < 3; left++) await leaveWhileLoading(`${stack.appUrl}/cars`);

    // Both queues' consumers have done their work (Miniflare logs each batch as it ends).
    await eventually(viewsOf, (views) => views > viewsBefore);
    await eventually(
      () => app.sql("select sent_at from outgoing_emails where to_address = ?", [email]),
      (rows) => rows.length > 0 && rows.every((row) => row.sent_at !== null),
    );
    // A request that fails (its table is gone) is what this output is for.
    await app.sql("alter table categories rename to categories_gone");
    expect((await app.request("/api/categories")).status).toBe(500);
    await eventually(
      async () => printed.slice(startUpLines),
      (lines) => lines.some((line) => /GET \/api\/categories 500/.test(line)),
    );

    const after = printed.slice(startUpLines);
    expect(after.filter((line) => /QUEUE|dropped connection|Network connection lost|workerd@/.test(line))).toEqual([]);
    expect(after.filter((line) => !/categories|"error"/.test(line))).toEqual([]);
  }, 60_000);
});
