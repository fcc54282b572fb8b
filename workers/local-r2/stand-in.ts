import { type Context, Hono } from "hono";
import { openDirectUpload, pendingObjectKey } from "~/.server/services/uploads/direct-uploads";
import { LOCAL_BUCKET, LOCAL_SIGNING_KEY, usesLocalUploads } from "~/.server/storage/presigned-put";
import { isPhotoKey } from "~/lib/shared/photo";
import { type WorkerEnv } from "../hono-env";
import { checkPresignedRequest } from "./signature-check";

// A stand-in for R2's S3 endpoint while requests are signed with the local key (development and
// test builds only: workers/app.ts mounts it when LOCAL_R2_STAND_IN is built in, and it passes
// every request on when R2 API credentials are set). Two requests, checked as R2 would (the
// signature, its expiry, the signed headers) and, as R2 cannot, against the pending upload:
//   PUT /r2-upload/<bucket>/pending/<key>  the browser's upload: streams the body into PHOTOS
//   PUT /r2-upload/<bucket>/<key>          with x-amz-copy-source: completion's server-side copy
// Refusals answer as S3 does: an XML error with its code.

function s3Error(c: Context<WorkerEnv>, status: 400 | 403 | 404 | 412, code: string, message: string) {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escape(message)}</Message></Error>`;
  return c.body(xml, status, { "Content-Type": "application/xml" });
}

/** The request's refusal, or undefined when it is signed with the local key for our bucket and a pending upload. */
async function refusalOf(c: Context<WorkerEnv>, bucket: string) {
  const ctx = c.var.app;
  if (bucket !== LOCAL_BUCKET) return s3Error(c, 404, "NoSuchBucket", "The specified bucket does not exist");
  const refusal = await checkPresignedRequest(c.req.raw, LOCAL_SIGNING_KEY, ctx.now());
  if (refusal) return s3Error(c, refusal.status, refusal.code, refusal.message);
  return undefined;
}

export function createLocalR2StandIn() {
  return new Hono<WorkerEnv>()
    .put("/:bucket/pending/:key", async (c, next) => {
      const ctx = c.var.app;
      // With R2 API credentials (and always in production) this path is no route of ours.
      if (!usesLocalUploads(ctx)) return next();
      const { bucket, key } = c.req.param();
      const refused = await refusalOf(c, bucket);
      if (refused) return refused;
      // The local key pair is public, so what was signed is checked against the pending upload too.
      const pending = isPhotoKey(key) ? await openDirectUpload(ctx, key) : undefined;
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
    })
    .put("/:bucket/:key", async (c, next) => {
      const ctx = c.var.app;
      if (!usesLocalUploads(ctx)) return next();
      const { bucket, key } = c.req.param();
      const refused = await refusalOf(c, bucket);
      if (refused) return refused;
      // Only completion's copy of a pending upload to its own key (what this app ever signs).
      if (!isPhotoKey(key) || c.req.header("x-amz-copy-source") !== `${bucket}/${pendingObjectKey(key)}`) {
        return s3Error(c, 403, "AccessDenied", "Only a pending upload may be copied, to its own key");
      }
      const source = await ctx.photos.get(pendingObjectKey(key));
      if (!source) return s3Error(c, 404, "NoSuchKey", "The specified key does not exist");
      // The binding cannot copy: locally the bytes pass through the stand-in (R2 copies on its side).
      const copied = await ctx.photos.put(key, source.body.pipeThrough(new FixedLengthStream(source.size)), {
        httpMetadata: source.httpMetadata,
      });
      return c.body(`<CopyObjectResult><ETag>${copied.httpEtag}</ETag></CopyObjectResult>`, 200, { "Content-Type": "application/xml" });
    });
}
