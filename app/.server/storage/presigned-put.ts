import { AwsV4Signer } from "aws4fetch";
import { DEFAULT_PHOTO_BUCKET } from "../config";
import { type AppContext } from "../context";

// Pre-signed requests to R2's S3-compatible API (AWS Signature Version 4 in the query string): the
// browser's PUT of a photo, which signs the content type, the content length and `If-None-Match: *`,
// so it stores exactly one object of that type and size under its key and never overwrites one;
// and the Worker's server-side copy of a checked photo to its served key (no bytes pass through us).
// Without R2 API credentials (development, tests) the URLs point at the app's own stand-in
// (workers/local-r2/, in development builds only), signed with a fixed local key pair.

/** The stand-in's path on the app's origin: PUT /r2-upload/<bucket>/<key>. */
export const LOCAL_UPLOAD_PATH = "/r2-upload";

/** Not a secret: it signs only for the local stand-in, which production never serves. */
export const LOCAL_SIGNING_KEY = { accessKeyId: "LOCALR2STANDIN000001", secretAccessKey: "local-r2-stand-in-key-pair-not-a-secret" };

/** How long an upload URL stays valid (the contract allows at most 10 minutes). */
export const UPLOAD_URL_SECONDS = 600;

export const REGION = "auto";
export const SERVICE = "s3";

export interface UploadTarget {
  /** Objects are PUT to `<bucketUrl>/<key>`. */
  bucketUrl: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** True when uploads are signed for the local stand-in: no R2 API credentials, and never in production. */
export function usesLocalUploads(ctx: AppContext): boolean {
  return ctx.config.r2Api === null && ctx.appEnv !== "production";
}

/** The bucket the local stand-in stores into (the PHOTOS binding). */
export const LOCAL_BUCKET = DEFAULT_PHOTO_BUCKET;

/**
 * Where upload URLs point: R2's S3 endpoint for the photo bucket, or locally the stand-in on the
 * request's origin. Production without R2 API credentials cannot sign (like APP_ORIGIN, the
 * request fails and says which settings are missing).
 */
export function uploadTarget(ctx: AppContext): UploadTarget {
  const r2 = ctx.config.r2Api;
  if (r2) {
    const { accountId, bucketName, accessKeyId, secretAccessKey } = r2;
    return { bucketUrl: `https://${accountId}.r2.cloudflarestorage.com/${bucketName}`, bucket: bucketName, accessKeyId, secretAccessKey };
  }
  if (!usesLocalUploads(ctx)) {
    throw new Error("Direct photo uploads need R2_ACCOUNT_ID, R2_ACCESS_KEY_ID and R2_SECRET_ACCESS_KEY (README, Configuration)");
  }
  // The origin the page asking is on (not APP_ORIGIN): the PUT stays same-origin however the app is reached.
  return { bucketUrl: `${ctx.origin}${LOCAL_UPLOAD_PATH}/${LOCAL_BUCKET}`, bucket: LOCAL_BUCKET, ...LOCAL_SIGNING_KEY };
}

export interface PresignedPut {
  url: string;
  /** The headers the PUT must carry, exactly (a browser sets Content-Length itself from the body). */
  headers: Record<string, string>;
  expiresAt: Date;
}

/** SigV4's timestamp form: 20261123T101500Z. */
function amzDate(date: Date): string {
  return date.toISOString().replace(/[:-]|\.\d{3}/g, "");
}

export function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A URL that PUTs one object of this type and size under `key`, valid from `signedAt` for `expiresInSeconds`. */
export async function presignPut(
  target: UploadTarget,
  key: string,
  object: { contentType: string; size: number },
  signedAt: Date,
  expiresInSeconds = UPLOAD_URL_SECONDS,
): Promise<PresignedPut> {
  const headers = { "Content-Type": object.contentType, "Content-Length": String(object.size), "If-None-Match": "*" };
  const url = new URL(`${target.bucketUrl}/${key}`);
  url.searchParams.set("X-Amz-Expires", String(expiresInSeconds));
  const datetime = amzDate(signedAt);
  const signer = new AwsV4Signer({
    method: "PUT",
    url: url.toString(),
    headers,
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
    service: SERVICE,
    region: REGION,
    datetime,
    signQuery: true,
    // aws4fetch leaves Content-Type and Content-Length out of the signature unless told otherwise.
    allHeaders: true,
  });
  const signed = await signer.sign();
  return { url: signed.url.toString(), headers, expiresAt: new Date(parseAmzDate(datetime)!.getTime() + expiresInSeconds * 1000) };
}

/**
 * Copies an object inside the bucket on R2's side (S3 CopyObject, metadata kept): the Worker sends
 * a request, not the photo. Throws when R2 refuses.
 */
export async function copyObject(target: UploadTarget, from: string, to: string, now: Date): Promise<void> {
  const headers = { "x-amz-copy-source": `${target.bucket}/${from}` };
  const signer = new AwsV4Signer({
    method: "PUT",
    url: `${target.bucketUrl}/${to}`,
    headers,
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
    service: SERVICE,
    region: REGION,
    datetime: amzDate(now),
    signQuery: true,
    allHeaders: true,
  });
  const signed = await signer.sign();
  const response = await fetch(signed.url, { method: "PUT", headers });
  if (!response.ok) {
    throw new Error(`R2 refused to copy ${from} to ${to}: ${response.status} ${await response.text()}`);
  }
}
