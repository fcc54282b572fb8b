import { createDatabase, type Database } from "./db/client";

export type AppEnvironment = "production" | "development" | "test";

/** Everything a request needs from the outside world, built once per request from the Worker's env. */
export interface AppContext {
  env: AppEnvironment;
  db: Database;
  photos: R2Bucket;
  now: () => Date;
  /** The public origin of this request, e.g. https://autoreseller.example */
  origin: string;
}

export function createAppContext(env: Env, request: Request): AppContext {
  const appEnv = parseAppEnvironment(env.APP_ENV);
  return {
    env: appEnv,
    db: createDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN),
    photos: env.PHOTOS,
    now: () => new Date(),
    origin: new URL(request.url).origin,
  };
}

function parseAppEnvironment(value: string | undefined): AppEnvironment {
  // Anything unexpected is treated as production: development conveniences must be opted into.
  return value === "development" || value === "test" ? value : "production";
}
