import { type MiddlewareHandler } from "hono";
import { etag } from "hono/etag";

/**
 * Says who may keep a successful read: anyone for an anonymous request, only the caller's own
 * client when it sent credentials. Always `no-cache` (revalidate each time), since any write can
 * change an answer; the ETag makes the revalidation cheap. Runs after the ETag middleware, so a
 * 304 carries it too.
 */
const readCacheControl: MiddlewareHandler = async (c, next) => {
  await next();
  if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !(c.res.ok || c.res.status === 304)) return;
  const personal = c.req.header("Authorization") !== undefined || c.req.header("Cookie") !== undefined;
  c.res.headers.set("Cache-Control", personal ? "private, no-cache" : "public, no-cache");
  c.res.headers.append("Vary", "Authorization, Cookie");
};

/** Every successful API read carries an ETag, and a client that sends it back gets 304 with no body. */
export const conditionalReads = [readCacheControl, etag()] as const;
