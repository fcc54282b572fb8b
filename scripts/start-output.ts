import { stripVTControlCharacters } from "node:util";

// What `npm start` shows of the build and of wrangler/workerd, for a quiet start: the lines a
// person acts on. `npm start -- --verbose` (or VERBOSE=1) shows everything.

/** One line of wrangler's output (the Worker's own logs included): shown in a quiet start, or not. */
export function isWorthShowing(line: string): boolean {
  // wrangler colours some lines even into a pipe: the words are read without the colours.
  const text = stripVTControlCharacters(line).trim();
  if (text === "") return false;
  const logged = parseJsonLog(text);
  // The Worker logs one JSON line per request, and one per queue/cron run: only failures matter.
  if (logged) return (typeof logged.status === "number" && logged.status >= 500) || "error" in logged;
  // Miniflare's line for each batch a queue consumer took: shown only when some of it failed (it is retried).
  const batch = /^(?:\[wrangler:\w+\] )?QUEUE \S+ (\d+)\/(\d+)\b/.exec(text);
  if (batch) return batch[1] !== batch[2];
  // wrangler's own request lines: "[wrangler:info] GET /cars 200 OK (12ms)".
  const request = /^\[wrangler:\w+\] [A-Z]+ \S+ (\d{3})\b/.exec(text);
  if (request) return Number(request[1]) >= 500;
  // workerd reports a client that went away (a closed tab, a cancelled fetch, a page left while it
  // was still streaming) as an exception, with a stack of workerd's own addresses; wrangler's proxy
  // says so when its connection to the Worker dropped and the request went through on a retry.
  // Nothing failed on our side.
  if (
    /Broken pipe|ECONNRESET|disconnected: (worker_do_not_log|remote peer)|getCaughtExceptionAsKj|Uncaught Error: Network connection lost\.|after a dropped connection to the UserWorker/.test(
      text,
    ) ||
    /^stack:( \S+workerd@[0-9a-f]+)+$/.test(text)
  ) {
    return false;
  }
  // wrangler's start-up chatter, replaced by our banner.
  if (
    /^(⛅️ wrangler|─+$|Your Worker has access to|Binding|env\.\S+|Ready on|⎔ Starting|\[wrangler:info\] Ready|Attaching additional modules|[┌│├└])/.test(
      text,
    )
  ) {
    return false;
  }
  return true;
}

function parseJsonLog(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The build's output in one line when it worked: how long it took (the full output is printed when it fails). */
export function buildSummary(seconds: number): string {
  return `Built the app in ${seconds.toFixed(1)} s.`;
}

/** Calls `show` for each whole line of a stream's chunks that is worth showing. */
export function lineFilter(show: (line: string) => void, keep: (line: string) => boolean = isWorthShowing) {
  let pending = "";
  return {
    push(chunk: string) {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (keep(line)) show(line);
    },
    end() {
      if (pending && keep(pending)) show(pending);
      pending = "";
    },
  };
}
