import autocannon from "autocannon";
import { cpuSeconds } from "./cpu.ts";

// BENCH_SECONDS shortens the runs for a quick smoke test; the defaults are the real measurement.
export const LOAD = { connections: 10, seconds: Number(process.env.BENCH_SECONDS ?? 6), warmupSeconds: 1 };

/** One HTTP request to send; `next` may vary it per request (path, headers, body). */
export interface RequestPlan {
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  next?: () => { path?: string; headers?: Record<string, string>; body?: string };
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  completed: number;
  non2xx: number;
  errors: number;
  /** Database round trips per request sent; undefined when the target has no database. */
  dbTrips?: number;
  /** CPU milliseconds per request sent: the workerd process, and the libSQL server process. */
  workerCpuMs?: number;
  dbCpuMs?: number;
}

/** What to watch during a run besides the HTTP answers. */
export interface Probes {
  requestCount?: () => Promise<number>;
  workerPid?: number;
  dbPid?: number;
}

async function cannon(origin: string, plan: RequestPlan, seconds: number) {
  const { next } = plan;
  return autocannon({
    url: origin,
    connections: LOAD.connections,
    duration: seconds,
    requests: [
      {
        method: plan.method ?? "GET",
        path: plan.path,
        headers: plan.headers,
        body: plan.body,
        ...(next && {
          setupRequest: (request: autocannon.Request) => {
            const change = next();
            return { ...request, ...change, headers: { ...request.headers, ...change.headers } };
          },
        }),
      },
    ],
  });
}

/** Waits until the database has been idle for half a second (bounded), then returns its count. */
async function settledCount(requestCount: () => Promise<number>): Promise<number> {
  let last = await requestCount();
  for (let quiet = 0, polls = 0; quiet < 2 && polls < 60; polls++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await requestCount();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

/**
 * A short warm-up (JIT, connection pools), then the measured run. With `requestCount`, the
 * database round trips are read before and after the run, once the database is idle (requests
 * still in flight when a run's clock stops finish their queries after it), and divided by the
 * requests the run sent.
 */
export async function measure(origin: string, plan: RequestPlan, probes: Probes = {}): Promise<Measurement> {
  const { requestCount } = probes;
  await cannon(origin, plan, LOAD.warmupSeconds);
  const before = requestCount && (await settledCount(requestCount));
  const cpuBefore = [cpuSeconds(probes.workerPid), cpuSeconds(probes.dbPid)];
  const result = await cannon(origin, plan, LOAD.seconds);
  const after = requestCount && (await settledCount(requestCount));
  const cpuAfter = [cpuSeconds(probes.workerPid), cpuSeconds(probes.dbPid)];
  // `sent` is missing from @types/autocannon but present in autocannon 9's results.
  const sent = (result.requests as { sent?: number }).sent ?? result.requests.total;
  const cpuMs = (i: number) =>
    cpuBefore[i] !== undefined && cpuAfter[i] !== undefined && sent > 0 ? ((cpuAfter[i]! - cpuBefore[i]!) * 1000) / sent : undefined;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    dbTrips: before !== undefined && after !== undefined && sent > 0 ? (after - before) / sent : undefined,
    workerCpuMs: cpuMs(0),
    dbCpuMs: cpuMs(1),
  };
}
