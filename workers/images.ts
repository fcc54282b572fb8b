import { Hono } from "hono";
import { imageMatches, readImage } from "~/.server/storage/images";
import { type WorkerEnv } from "./hono-env";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** GET /images/:key streams a photo from R2; keys are random and never reused, so it caches forever. */
export const images = new Hono<WorkerEnv>().get("/:key", async (c) => {
  const key = c.req.param("key");
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch) {
    const etag = await imageMatches(c.var.app, key, ifNoneMatch);
    if (etag) return c.body(null, 304, { ETag: etag, "Cache-Control": IMMUTABLE });
  }
  const image = await readImage(c.var.app, key);
  if (!image) return c.json({ message: "Image not found" }, 404);
  return c.body(image.body, 200, {
    "Content-Type": image.contentType,
    "Content-Length": String(image.size),
    "Cache-Control": IMMUTABLE,
    ETag: image.etag,
    "X-Content-Type-Options": "nosniff",
  });
});
