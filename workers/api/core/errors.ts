import { type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { DomainError, TooManyRequests } from "~/.server/errors";
import { type WorkerEnv } from "../../hono-env";

/** The contract's error format: `{ message, issues? }`, never a stack trace or SQL. */
export function apiError(c: Context<WorkerEnv>, status: number, message: string, extra: object = {}) {
  return c.json({ message, ...extra }, status as 400);
}

export function handleApiError(error: unknown, c: Context<WorkerEnv>) {
  if (error instanceof DomainError) {
    if (error instanceof TooManyRequests) c.header("Retry-After", String(error.retryAfterSeconds));
    return apiError(c, error.status, error.message, error.issues ? { issues: error.issues } : {});
  }
  if (error instanceof HTTPException) return apiError(c, error.status, error.message || "Bad request");
  const requestId = c.get("requestId");
  console.error(JSON.stringify({ level: "error", requestId, error: String(error), stack: (error as Error)?.stack }));
  return apiError(c, 500, `Something went wrong on our side. Request id: ${requestId}`, { requestId });
}
