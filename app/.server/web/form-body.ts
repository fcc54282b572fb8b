import { data } from "react-router";
import { readBodyWithin } from "./body-limit";
import { MAX_PHOTO_BYTES } from "~/lib/shared/photo";

const FORM_LIMIT = 64 * 1024;
// One photo plus room for the other fields and the multipart framing.
const UPLOAD_FORM_LIMIT = MAX_PHOTO_BYTES + FORM_LIMIT;

const URL_ENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** Refuses a form post: the page's error display shows the message with the status. */
function refuse(status: 400 | 413 | 415, message: string): never {
  throw data({ message }, { status });
}

/**
 * Reads a page's form post, the one way every page action does: a URL-encoded form within 64 KiB,
 * or, where the form takes a photo, multipart within the photo limit plus 64 KiB. Anything else is
 * refused before the action runs: 415 for another content type, 413 when too large, 400 when it
 * or its text cannot be read.
 */
export async function readFormBody(request: Request, options: { upload?: boolean } = {}): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  const multipart = mediaType === MULTIPART && options.upload;
  if (mediaType !== URL_ENCODED && !multipart) {
    refuse(415, `This form must be sent as ${options.upload ? MULTIPART : URL_ENCODED}`);
  }
  const bytes = await readBodyWithin(request, multipart ? UPLOAD_FORM_LIMIT : FORM_LIMIT);
  if (!bytes)
    refuse(413, multipart ? "That upload is too large: the photo may be at most 5 MiB" : "That form is too large: at most 64 KiB");
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    refuse(400, "That form could not be read");
  }
  // Bytes that are not UTF-8, and what a browser cannot encode (a lone surrogate), arrive as
  // U+FFFD: refused rather than stored in place of what was typed.
  for (const [name, value] of form) {
    if (name.includes("\uFFFD") || (typeof value === "string" && value.includes("\uFFFD"))) {
      refuse(400, "Some text in the form could not be read (it arrived as U+FFFD replacement characters). Please type it again.");
    }
  }
  return form;
}

// Actions parse as the browser does: a field missing from the post gets the field's own message.
export { parseSubmission as parseForm } from "~/lib/schemas/field-messages";
