import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { type AppContext } from "~/.server/context";
import { readConfig } from "~/.server/config";
import { type WorkerEnv } from "../hono-env";
import { createLocalR2StandIn } from "./stand-in";

// The stand-in answers only while uploads are signed with the local key; otherwise the request
// goes on to whatever comes next (in the Worker, the pages' 404).

function appWith(env: Partial<Env>) {
  const config = readConfig({ APP_ENV: "test", ...env } as Env);
  const ctx = { appEnv: config.appEnv, config, now: () => new Date() } as AppContext;
  return new Hono<WorkerEnv>()
    .use(async (c, next) => {
      c.set("app", ctx);
      await next();
    })
    .route("/r2-upload", createLocalR2StandIn())
    .all("*", (c) => c.text("the next route", 404));
}

const put = (app: Hono<WorkerEnv>) =>
  app.request("/r2-upload/auto-reseller-photos/pending/a1b2c3d4-0000.jpg?X-Amz-Signature=00", { method: "PUT", body: "x" });

describe("the local R2 stand-in", () => {
  it("checks uploads in development and tests (here: a URL without its signing parameters)", async () => {
    const response = await put(appWith({}));
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("<Code>AccessDenied</Code>");
  });

  it.each<[string, Partial<Env>]>([
    ["in production", { APP_ENV: "production" }],
    ["with R2 API credentials", { R2_ACCOUNT_ID: "account", R2_ACCESS_KEY_ID: "key", R2_SECRET_ACCESS_KEY: "secret" }],
  ])("is no route %s", async (_label, env) => {
    const response = await put(appWith(env));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("the next route");
  });
});
