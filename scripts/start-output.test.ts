import { describe, expect, it } from "vitest";
import { isWorthShowing, lineFilter } from "./start-output.ts";

// A quiet `npm start` (issue 29, point 9): failed requests and real errors show; a request that
// worked, wrangler's start-up chatter and a client that went away do not.

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
