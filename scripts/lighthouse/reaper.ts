// A backstop for `npm run lighthouse`'s clean-up. wrangler (with workerd) and Chrome run in their own
// process groups, so they outlive this process if it dies without cleaning up; and it can: on Ctrl-C,
// tsx kills its child with SIGKILL when the child is slow (> ~60 ms) to acknowledge the signal, which
// is common on a busy machine. The reaper is a small detached Node process that reads what to clean
// from a pipe; if the pipe closes without "done" (this process died, however), it stops those process
// groups and removes those folders.
import { spawn } from "node:child_process";

const REAPER_SOURCE = String.raw`
const fs = require("node:fs");
const groups = new Set();
const markers = new Set();
const dirs = new Set();
let done = false;
let buffer = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffer += chunk;
  let newline;
  while ((newline = buffer.indexOf("\n")) >= 0) {
    const line = buffer.slice(0, newline);
    buffer = buffer.slice(newline + 1);
    const space = line.indexOf(" ");
    const verb = space < 0 ? line : line.slice(0, space);
    const arg = space < 0 ? "" : line.slice(space + 1);
    if (verb === "group") groups.add(Number(arg));
    else if (verb === "forget") groups.delete(Number(arg));
    else if (verb === "marker") markers.add(arg);
    else if (verb === "dir") dirs.add(arg);
    else if (verb === "done") done = true;
  }
});
process.stdin.on("end", () => {
  if (done) process.exit(0);
  // Process groups led by a process whose command line names one of the markers (a unique temp dir).
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = fs.readFileSync("/proc/" + entry + "/cmdline", "utf8").replace(/\0/g, " ");
      if (![...markers].some((marker) => commandLine.includes(marker))) continue;
      const stat = fs.readFileSync("/proc/" + entry + "/stat", "utf8");
      const pgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgid === Number(entry)) groups.add(pgid);
    } catch {}
  }
  const signal = (name) => {
    for (const group of groups) {
      try { process.kill(-group, name); } catch {}
    }
  };
  signal("SIGTERM");
  setTimeout(() => {
    signal("SIGKILL");
    setTimeout(() => {
      for (const dir of dirs) {
        try { fs.rmSync(dir, { recursive: true, force: true }); } catch {}
      }
      process.exit(0);
    }, 500);
  }, 3000);
});
`;

export interface Reaper {
  /** A process group (its leader's pid) to stop if this process dies. */
  watchGroup(pid: number): void;
  forgetGroup(pid: number): void;
  /** Stop any process group whose leader's command line contains this text (e.g. a unique temp dir). */
  watchCommandLine(text: string): void;
  /** A folder to remove (after the processes are stopped). */
  removeDir(dir: string): void;
  /** Everything was cleaned up in-process: the reaper just exits. */
  done(): void;
}

export function startReaper(): Reaper {
  const child = spawn(process.execPath, ["-e", REAPER_SOURCE], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
  child.unref();
  const stdin = child.stdin!;
  // Don't keep this process alive for the pipe's sake.
  (stdin as unknown as { unref?: () => void }).unref?.();
  stdin.on("error", () => {});
  const send = (line: string) => {
    if (!stdin.destroyed) stdin.write(`${line.replace(/\n/g, " ")}\n`);
  };
  return {
    watchGroup: (pid) => send(`group ${pid}`),
    forgetGroup: (pid) => send(`forget ${pid}`),
    watchCommandLine: (text) => send(`marker ${text}`),
    removeDir: (dir) => send(`dir ${dir}`),
    done: () => {
      send("done");
      stdin.end();
    },
  };
}
