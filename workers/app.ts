import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import { createAppContext, type AppContext } from "~/.server/context";
import { api } from "./api";
import { isCrossSiteWrite } from "./csrf";
import { type WorkerEnv } from "./hono-env";
import { images } from "./images";
import { stripeWebhook } from "./webhooks/stripe";

declare module "react-router" {
  export interface AppLoadContext {
    app: AppContext;
    cloudflare: { env: Env; ctx: ExecutionContext };
  }
}

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const app = new Hono<WorkerEnv>();

app.use(async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  c.set("app", createAppContext(c.env, c.req.raw));
  const started = Date.now();
  await next();
  c.header("X-Request-Id", requestId);
  console.log(
    JSON.stringify({
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Date.now() - started,
    }),
  );
});

app.route("/api", api);
app.route("/images", images);
app.route("/webhooks/stripe", stripeWebhook);

// Every other request, whatever its method, is a page: form POSTs must reach React Router actions.
app.all("*", (c) => {
  if (isCrossSiteWrite(c.req.raw, c.var.app.origin)) return c.text("Cross-site form submission refused", 403);
  return requestHandler(c.req.raw, { app: c.var.app, cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext } });
});

export default app satisfies ExportedHandler<Env>;
