import { describe, expect, it } from "vitest";
import { isWorthShowing, lineFilter } from "./start-output.ts";

// A quiet `npm start`: failed requests and real errors show; a request that worked, wrangler's
// start-up chatter and a client that went away do not.

describe("npm start's output", () => {
  it("hides the Worker's log line of a request that worked and shows one that failed", () => {
    expect(isWorthShowing(JSON.stringify({ requestId: "r1", method: "GET", path: "/", status: 200, durationMs: 3 }))).toBe(false);
    expect(isWorthShowing(JSON.stringify({ requestId: "r2", method: "GET", path: "/cars", status: 404, durationMs: 3 }))).toBe(false);
    expect(isWorthShowing(JSON.stringify({ requestId: "r3", method: "POST", path: "/api/bookings", status: 500, durationMs: 9 }))).toBe(
      true,
    );
    expect(isWorthShowing(JSON.stringify({ requestId: "r4", event: "email-delivery-failed", error: "timeout" }))).toBe(true);
  });

  it("hides wrangler's request lines unless the request failed", () => {
    expect(isWorthShowing("[wrangler:info] GET /cars 200 OK (12ms)")).toBe(false);
    expect(isWorthShowing("[wrangler:info] POST /login 303 See Other (40ms)")).toBe(false);
    expect(isWorthShowing("[wrangler:info] GET /boom 500 Internal Server Error (3ms)")).toBe(true);
  });

  it("hides workerd's stack traces for a client that went away, and keeps other errors", () => {
    expect(
      isWorthShowing(
        "workerd/io/worker.c++:1234: info: uncaught exception; source = kj::getCaughtExceptionAsKj(); exception = kj/async-io-unix.c++:186: disconnected: Broken pipe",
      ),
    ).toBe(false);
    expect(isWorthShowing('✘ [ERROR] Could not resolve "./missing"')).toBe(true);
  });

  it("hides the queues' batches that went through, and shows one with failed messages and a message given up on", () => {
    expect(isWorthShowing("[wrangler:info] QUEUE auto-reseller-email 1/1 (408ms)")).toBe(false);
    expect(isWorthShowing("[wrangler:info] QUEUE auto-reseller-views 5/5 (41ms)")).toBe(false);
    expect(isWorthShowing("[wrangler:info] QUEUE auto-reseller-listings 2/3 (95ms)")).toBe(true);
    expect(isWorthShowing("[wrangler:info] QUEUE auto-reseller-email 0/1 (12ms)")).toBe(true);
    expect(isWorthShowing('▲ [WARNING] Dropped message "8a1f" on queue "auto-reseller-email" after 4 failed attempts!')).toBe(true);
  });

  it("hides a page left while it streamed and a request wrangler's proxy retried, coloured as wrangler prints them", () => {
    const red = (text: string) => `\x1b[31m✘ \x1b[41;31m[\x1b[41;97mERROR\x1b[41;31m]\x1b[0m \x1b[1m${text}\x1b[0m`;
    expect(isWorthShowing(red("Uncaught Error: Network connection lost. "))).toBe(false);
    expect(
      isWorthShowing(
        "  stack: /app/node_modules/@cloudflare/workerd-linux-64/bin/workerd@58261f3 /app/node_modules/@cloudflare/workerd-linux-64/bin/workerd@5829de7",
      ),
    ).toBe(false);
    expect(
      isWorthShowing(
        "\x1b[33m▲ \x1b[43;33m[\x1b[43;30mWARNING\x1b[43;33m]\x1b[0m \x1b[1mProxyWorker: GET http://127.0.0.1:8787/cars recovered on attempt 2 after a dropped connection to the UserWorker\x1b[0m",
      ),
    ).toBe(false);
    expect(isWorthShowing(red("Uncaught TypeError: Cannot read properties of undefined (reading 'id')"))).toBe(true);
  });

  it("hides wrangler's start-up chatter, which the banner replaces", () => {
    for (const line of ["Attaching additional modules:", "┌──────────┬──────┐", "│ Name     │ Type │", "Ready on http://127.0.0.1:8787"]) {
      expect(isWorthShowing(line)).toBe(false);
    }
  });

  it("passes whole lines on, however the stream cut them", () => {
    const shown: string[] = [];
    const filter = lineFilter((line) => shown.push(line));
    filter.push('{"status":200}\n[wrangler:info] GET / 5');
    filter.push("00 Internal Server Error (1ms)\nan unfinished");
    filter.push(" line");
    filter.end();
    expect(shown).toEqual(["[wrangler:info] GET / 500 Internal Server Error (1ms)", "an unfinished line"]);
  });
});
