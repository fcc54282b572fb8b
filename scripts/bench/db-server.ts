import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

export interface DbServer {
  url: string;
  /** The server's token: the Worker needs it as DATABASE_AUTH_TOKEN. */
  authToken: string;
  pid: number | undefined;
  /** Pipeline requests (database round trips) the server has answered so far. */
  requestCount(): Promise<number>;
  stop(): Promise<void>;
}

const CHILD = path.join(import.meta.dirname, "db-child.ts");

/** Starts the local libSQL server on `file` in a child process (see db-child.ts). */
export async function startDbServer(file: string): Promise<DbServer> {
  const child = fork(CHILD, [file], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const stop = () => stopChild(child);
  try {
    const { url, authToken } = await new Promise<{ url: string; authToken: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`libSQL server for ${file} did not start within 30 s`)), 30_000);
      child.once("message", (message: { url?: string; authToken?: string }) => {
        clearTimeout(timer);
        if (message.url && message.authToken) resolve({ url: message.url, authToken: message.authToken });
        else reject(new Error("Unexpected first message from the libSQL server process"));
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`libSQL server process exited early with code ${code}`));
      });
    });
    return { url, authToken, pid: child.pid, requestCount: () => askCount(child), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function askCount(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("libSQL server process did not report its count")), 5_000);
    const onMessage = (message: { count?: number }) => {
      if (typeof message.count !== "number") return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(message.count);
    };
    child.on("message", onMessage);
    child.send("count");
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  if (child.connected) child.disconnect();
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}
