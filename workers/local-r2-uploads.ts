import { type Context, Hono } from "hono";
import { openDirectUpload, pendingObjectKey } from "~/.server/services/direct-uploads";
import { isImageKey } from "~/.server/storage/images";
import { checkPresignedPut, LOCAL_BUCKET, LOCAL_SIGNING_KEY, usesLocalUploads } from "~/.server/storage/presigned-put";
import { type WorkerEnv } from "./hono-env";

// PUT /r2-upload/<bucket>/pending/<key>: a stand-in for R2's S3 endpoint while upload URLs are signed
// with the local key (development and tests, never production). It checks what R2 would (the
// signature, its expiry, the signed Content-Type, Content-Length and If-None-Match) and, as
// R2 cannot, that the upload is still pending; then streams the body into the PHOTOS bucket.
// Refusals answer as S3 does: an XML error with its code.

function s3Error(c: Context<WorkerEnv>, status: 400 | 403 | 404 | 412, code: string, message: string) {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escape(message)}</Message></Error>`;
  return c.body(xml, status, { "Content-Type": "application/xml" });
}

export const localR2Uploads = new Hono<WorkerEnv>().put("/:bucket/pending/:key", async (c, next) => {
  const ctx = c.var.app;
  // With R2 API credentials (and always in production) this path is no route of ours.
  if (!usesLocalUploads(ctx)) return next();
  const { bucket, key } = c.req.param();
  if (bucket !== LOCAL_BUCKET) return s3Error(c, 404, "NoSuchBucket", "The specified bucket does not exist");
  const refusal = await checkPresignedPut(c.req.raw, LOCAL_SIGNING_KEY, ctx.now());
  if (refusal) return s3Error(c, refusal.status, refusal.code, refusal.message);
  // The local key pair is public, so what was signed is checked against the pending upload too.
  const pending = isImageKey(key) ? await openDirectUpload(ctx, key) : undefined;
  if (!pending) return s3Error(c, 403, "AccessDenied", "This upload URL is no longer valid");
  const contentType = c.req.header("content-type");
  const size = Number(c.req.header("content-length"));
  if (contentType !== pending.contentType || size !== pending.size || c.req.header("if-none-match") !== "*") {
    return s3Error(c, 403, "AccessDenied", "Only the content type and length this upload was started with are accepted");
  }
  const body = c.req.raw.body ?? new ReadableStream({ start: (controller) => controller.close() });
  let stored: R2Object | null;
  try {
    stored = await ctx.photos.put(pendingObjectKey(key), body.pipeThrough(new FixedLengthStream(size)), {
      httpMetadata: { contentType },
      // One upload per key: never over an object already stored, as R2 answers If-None-Match: *.
      onlyIf: new Headers({ "If-None-Match": "*" }),
    });
  } catch {
    return s3Error(c, 400, "IncompleteBody", "The body did not have the signed Content-Length");
  }
  if (!stored) return s3Error(c, 412, "PreconditionFailed", "An object is already stored under this key");
  return c.body(null, 200, { ETag: stored.httpEtag });
});
