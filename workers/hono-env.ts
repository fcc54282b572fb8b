import { type AppContext } from "~/.server/context";

/** Hono's typing for this Worker: the Cloudflare env plus the per-request context. */
export interface WorkerEnv {
  Bindings: Env;
  Variables: { app: AppContext; requestId: string };
}
