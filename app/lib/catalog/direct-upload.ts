import { downscaleImage, imageSize, smallCopy } from "../shared/downscale-image";

// Photos sent from the browser straight to object storage (docs/decisions/0009): for the photo
// and its small copy, ask the API for a pre-signed URL, PUT the bytes there, and have the API
// check them. Runs in a signed-in page: the API takes the session cookie (same origin, so the
// browser sends the cookie and the Origin header the API checks for writes).

export interface UploadedPhoto {
  /** `/images/<key>`: the photo, at most 1600 px on its longer side. */
  url: string;
  /** `/images/<key>`: a copy ~480 px wide for cards and srcset; null when the browser could not make one. */
  smallUrl: string | null;
  width: number;
  height: number;
}

export interface UploadPhotoOptions {
  signal?: AbortSignal;
}

/** A refused upload: `message` is the server's (or the bucket's) reason, `status` its HTTP status (0: no answer). */
export class PhotoUploadError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "PhotoUploadError";
    this.status = status;
  }
}

interface DirectUpload {
  key: string;
  uploadUrl: string;
  method: string;
  headers: Record<string, string>;
}

/**
 * Uploads a photo chosen in the browser: shrunk when larger than 1600 px, with a small copy, each
 * straight into the photo bucket and checked by the server. Throws PhotoUploadError with the
 * server's message when a step is refused (e.g. 415 not an image, 413 too large, 429 too many).
 */
export async function uploadPhotoDirect(file: File, opts: UploadPhotoOptions = {}): Promise<UploadedPhoto> {
  const photo = await downscaleImage(file);
  const [size, small] = await Promise.all([imageSize(photo), smallCopy(photo)]);
  if (!size) throw new PhotoUploadError("This file could not be read as a photo. Choose a JPEG, PNG, WebP or AVIF image.", 0);
  const [url, smallUrl] = await Promise.all([sendPhoto(photo, opts.signal), small ? sendPhoto(small, opts.signal) : null]);
  return { url, smallUrl, width: size.width, height: size.height };
}

/** One photo: a pre-signed URL, the PUT, the check; answers the photo's URL. */
async function sendPhoto(file: Blob, signal?: AbortSignal): Promise<string> {
  const upload = await apiPost<DirectUpload>("/api/images/uploads", { contentType: file.type, size: file.size }, signal);
  // The browser sets Content-Length from the body itself (scripts may not set it).
  const headers = Object.fromEntries(Object.entries(upload.headers).filter(([name]) => name.toLowerCase() !== "content-length"));
  const stored = await send(upload.uploadUrl, { method: upload.method, headers, body: file, credentials: "omit", signal });
  if (!stored.ok) throw new PhotoUploadError(`The photo could not be uploaded: ${await bucketMessage(stored)}`, stored.status);
  const completed = await apiPost<{ data: { url: string } }>(
    `/api/images/uploads/${encodeURIComponent(upload.key)}/complete`,
    undefined,
    signal,
  );
  return completed.data.url;
}

async function apiPost<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const response = await send(path, {
    method: "POST",
    credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  if (!response.ok) {
    const message = typeof answer?.message === "string" ? answer.message : `The server answered ${response.status}`;
    throw new PhotoUploadError(message, response.status);
  }
  return answer as T;
}

/** fetch, with a network failure told as such (an abort is passed on as it is). */
async function send(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new PhotoUploadError("The photo could not be sent: check your connection and try again.", 0);
  }
}

/** The bucket's refusal (S3 answers XML with a Message). */
async function bucketMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  return /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? `the storage answered ${response.status}`;
}
