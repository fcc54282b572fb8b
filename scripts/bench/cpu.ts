// CPU time of the bench's own processes, from /proc (Linux). Per-request CPU is far steadier
// than req/s on a shared 2-core machine: other load slows the clock, not the work.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU seconds of a process (all its threads), or undefined where /proc is missing. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The pid of this process's child whose command line mentions `name` (e.g. Miniflare's workerd). */
export function childPid(name: string): number | undefined {
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(name)) return Number(entry);
      } catch {
        // The process ended while we looked.
      }
    }
  } catch {
    // No /proc: CPU columns stay empty.
  }
  return undefined;
}
