import { Hono } from "hono";
import { completeDirectUpload, startDirectUpload } from "~/.server/services/uploads/direct-uploads";
import { directUploadShape, uploadedShape } from "~/lib/schemas/responses";
import { directUploadSchema, uploadKeyParams } from "~/lib/schemas/uploads";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody, pathParams } from "../core/json-body";
import { doc } from "../core/openapi";

/**
 * Photos sent straight to object storage: a pre-signed PUT URL for one photo, then the check of
 * what was stored (docs/decisions/0009). POST /api/images (multipart) stays beside these.
 */
export const directUploadsApi = new Hono<WorkerEnv>()
  .post(
    "/uploads",
    doc({
      summary: "A pre-signed URL to PUT one photo of this type and size straight into the photo bucket (valid 10 minutes)",
      tag: "Catalog",
      status: 201,
      description: "Where and how to send the photo",
      response: directUploadShape,
      errors: [413, 415, 429],
    }),
    allow("upload:image"),
    jsonBody(directUploadSchema),
    async (c) => c.json(await startDirectUpload(c.var.app, c.var.user, c.req.valid("json")), 201),
  )
  .post(
    "/uploads/:key/complete",
    doc({
      summary: "Check the uploaded photo's bytes and make it usable (the user who started the upload)",
      tag: "Catalog",
      status: 201,
      description: "The photo's url",
      response: uploadedShape,
      errors: [404, 413, 415],
    }),
    allow("upload:image"),
    pathParams(uploadKeyParams),
    async (c) => {
      const url = await completeDirectUpload(c.var.app, c.var.user, c.req.valid("param").key);
      return c.json({ success: true as const, data: { url } }, 201);
    },
  );
