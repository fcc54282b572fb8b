import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { buildDirectory } from "./built-worker.ts";
import { freePorts } from "./free-ports.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { startLibsqlServer } from "./libsql-server/server.ts";
import { openLocalPhotos } from "./local-r2.ts";
import { seedDemoData } from "./seed/seed.ts";
import { lineFilter } from "./start-output.ts";

export interface LocalStackOptions {
  /** Folder for the database file and the local R2 state. */
  stateDir: string;
  appPort: number;
  dbPort: number;
  appEnv: "development" | "test";
  /** The devtools inspector's port (several stacks at once need different ones). */
  inspectorPort?: number;
  /** Extra Worker variables (e.g. fake provider URLs in tests). */
  vars?: Record<string, string>;
  /** Nothing but errors (scripts that print their own report). */
  quiet?: boolean;
  /** Every line wrangler and the Worker print; otherwise only failures and what a person acts on (start-output.ts). */
  verbose?: boolean;
  /** Where those shown lines go: the terminal's stdout and stderr unless a caller (a test) reads them. */
  print?: (line: string, stream: "stdout" | "stderr") => void;
}

const printToTerminal = (line: string, stream: "stdout" | "stderr") => process[stream].write(`${line}\n`);

export interface LocalStack {
  appUrl: string;
  dbUrl: string;
  /** The local libSQL server's token (new on every start); the Worker gets it as DATABASE_AUTH_TOKEN. */
  dbAuthToken: string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * What keeps `wrangler dev` from reaching the internet, whose failures offline are printed as
 * `getaddrinfo ENOTFOUND` lines: Miniflare would fetch request.cf's sample data from
 * workers.cloudflare.com (its built-in sample is as good locally), and wrangler would send usage
 * metrics to sparrow.cloudflare.com.
 */
export const WRANGLER_OFFLINE_ENV = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" } as const;

/**
 * The whole app on this machine, as production runs it: the built Worker in workerd
 * (wrangler dev), a libSQL server reached over HTTP, and a local R2 bucket.
 * Expects `npm run build` to have produced build/ (or $BUILD_DIR).
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const stateDir = path.resolve(options.stateDir);
  mkdirSync(stateDir, { recursive: true });
  const persistTo = path.join(stateDir, "wrangler");

  const database = await startLibsqlServer({ file: path.join(stateDir, "app.db"), port: options.dbPort });
  let worker: ChildProcess | undefined;
  const stop = async () => {
    if (worker?.pid && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once("exit", resolve));
      // wrangler runs workerd as a child: stop the whole process group.
      process.kill(-worker.pid, "SIGTERM");
      await exited;
    }
    await database.close();
  };

  try {
    const seeded = await migrateAndSeed(database, persistTo);
    if (!options.quiet) console.log(seeded ? "Seeded the demo data." : "Demo data already present.");

    // Links in emails use APP_ORIGIN, as in production (never the request's Host).
    const vars = {
      APP_ENV: options.appEnv,
      APP_ORIGIN: `http://127.0.0.1:${options.appPort}`,
      DATABASE_URL: database.url,
      DATABASE_AUTH_TOKEN: database.authToken,
      ...options.vars,
    };
    const args = [
      "dev",
      "--config",
      path.join(buildDirectory(ROOT), "server/wrangler.json"),
      "--ip",
      "127.0.0.1",
      "--port",
      String(options.appPort),
      ...(options.inspectorPort ? ["--inspector-port", String(options.inspectorPort)] : []),
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      // Cron Triggers on demand through wrangler's test route (wrangler dev --test-scheduled).
      "--test-scheduled",
      "--log-level",
      options.quiet ? "error" : "info",
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ];
    worker = spawn(path.join(ROOT, "node_modules/.bin/wrangler"), args, {
      cwd: ROOT,
      env: { ...process.env, ...WRANGLER_OFFLINE_ENV },
      detached: true,
      stdio: options.quiet ? ["ignore", "ignore", "inherit"] : options.verbose ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    if (!options.quiet && !options.verbose) {
      const print = options.print ?? printToTerminal;
      for (const name of ["stdout", "stderr"] as const) {
        const filter = lineFilter((line) => print(line, name));
        worker[name]?.setEncoding("utf8").on("data", filter.push).on("end", filter.end);
      }
    }
    const appUrl = `http://127.0.0.1:${options.appPort}`;
    await waitForHealthy(appUrl, worker);
    return { appUrl, dbUrl: database.url, dbAuthToken: database.authToken, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Applies pending migrations and seeds the demo data into an empty database, its photos into the
 * local R2 bucket under `persistTo` (no Worker may be running on it). False when already seeded.
 */
export async function migrateAndSeed(database: { url: string; authToken: string }, persistTo: string): Promise<boolean> {
  await migrateDatabase(database.url, database.authToken);
  const photos = await openLocalPhotos(persistTo);
  try {
    return await seedDemoData({ dbUrl: database.url, dbAuthToken: database.authToken, putPhoto: photos.put });
  } finally {
    await photos.close();
  }
}

async function waitForHealthy(appUrl: string, worker: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (worker.exitCode !== null) throw new Error(`wrangler dev exited with code ${worker.exitCode}`);
    try {
      const response = await fetch(`${appUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Worker did not become healthy at ${appUrl} within 60 s`);
}

/**
 * Starts a stack on free ports. Other processes open ports too, so a port found free can be taken
 * before wrangler binds it: then it tries again with new ports.
 */
export async function startLocalStackOnFreePorts(
  options: Omit<LocalStackOptions, "appPort" | "dbPort" | "inspectorPort">,
  attempts = 3,
): Promise<LocalStack> {
  for (let attempt = 1; ; attempt++) {
    const [appPort, dbPort, inspectorPort] = await freePorts(3);
    try {
      return await startLocalStack({ ...options, appPort, dbPort, inspectorPort });
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}
