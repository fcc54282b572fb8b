import { AwsV4Signer } from "aws4fetch";
import { constantTimeEqual } from "../auth/passwords";
import { DEFAULT_PHOTO_BUCKET } from "../config";
import { type AppContext } from "../context";

// Pre-signed PUT URLs (AWS Signature Version 4 in the query string, as R2's S3-compatible API
// takes them). The URL signs the content type, the content length and `If-None-Match: *`, so it
// stores exactly one object of that type and size under its key, and never overwrites one.
// Without R2 API credentials (development, tests) the URLs point at the app's own stand-in
// (workers/local-r2-uploads.ts), signed with a fixed local key pair that checks the same way.

/** The stand-in's path on the app's origin: PUT /r2-upload/<bucket>/<key>. */
export const LOCAL_UPLOAD_PATH = "/r2-upload";

/** Not a secret: it signs only for the local stand-in, which production never serves. */
export const LOCAL_SIGNING_KEY = { accessKeyId: "LOCALR2STANDIN000001", secretAccessKey: "local-r2-stand-in-key-pair-not-a-secret" };

/** How long an upload URL stays valid (the contract allows at most 10 minutes). */
export const UPLOAD_URL_SECONDS = 600;

const REGION = "auto";
const SERVICE = "s3";
const ALGORITHM = "AWS4-HMAC-SHA256";
/** The longest validity S3 accepts in a pre-signed URL (7 days). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
/** How far ahead of our clock a signing time may be (S3's allowance for clock skew). */
const CLOCK_SKEW_MS = 15 * 60 * 1000;

export interface UploadTarget {
  /** Objects are PUT to `<bucketUrl>/<key>`. */
  bucketUrl: string;
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
    return { bucketUrl: `https://${accountId}.r2.cloudflarestorage.com/${bucketName}`, accessKeyId, secretAccessKey };
  }
  if (!usesLocalUploads(ctx)) {
    throw new Error("Direct photo uploads need R2_ACCOUNT_ID, R2_ACCESS_KEY_ID and R2_SECRET_ACCESS_KEY (README, Configuration)");
  }
  // The origin the page asking is on (not APP_ORIGIN): the PUT stays same-origin however the app is reached.
  return { bucketUrl: `${ctx.origin}${LOCAL_UPLOAD_PATH}/${LOCAL_BUCKET}`, ...LOCAL_SIGNING_KEY };
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

function parseAmzDate(value: string): Date | undefined {
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

export interface SignatureRefusal {
  status: 400 | 403;
  /** S3's error code. */
  code: string;
  message: string;
}

const refuse = (status: 400 | 403, code: string, message: string): SignatureRefusal => ({ status, code, message });

/**
 * Checks a pre-signed PUT as S3 does: the query's algorithm, credential scope and validity, then
 * the signature recomputed over the request's method, path, query and signed headers with the
 * same key, compared in constant time. Returns why it is refused, or undefined when it is good.
 */
export async function checkPresignedPut(request: Request, key: { accessKeyId: string; secretAccessKey: string }, now: Date) {
  const url = new URL(request.url);
  const query = url.searchParams;
  const [algorithm, credential, date, expires, signedHeaders, signature] = [
    "X-Amz-Algorithm",
    "X-Amz-Credential",
    "X-Amz-Date",
    "X-Amz-Expires",
    "X-Amz-SignedHeaders",
    "X-Amz-Signature",
  ].map((name) => query.get(name));
  if (!algorithm || !credential || !date || !expires || !signedHeaders || !signature) {
    return refuse(403, "AccessDenied", "Query-string authentication requires the X-Amz- parameters of a pre-signed URL");
  }
  if (algorithm !== ALGORITHM) return refuse(400, "AuthorizationQueryParametersError", `X-Amz-Algorithm must be ${ALGORITHM}`);
  const signedAt = parseAmzDate(date);
  const seconds = /^\d{1,7}$/.test(expires) ? Number(expires) : NaN;
  if (!signedAt || !(seconds >= 1 && seconds <= MAX_EXPIRES_SECONDS)) {
    return refuse(400, "AuthorizationQueryParametersError", "X-Amz-Date or X-Amz-Expires is not valid");
  }
  const [accessKeyId, ...scope] = credential.split("/");
  if (accessKeyId !== key.accessKeyId) return refuse(403, "InvalidAccessKeyId", "The access key id does not exist");
  if (scope.join("/") !== `${date.slice(0, 8)}/${REGION}/${SERVICE}/aws4_request`) {
    return refuse(400, "AuthorizationQueryParametersError", "The credential's scope is not valid");
  }
  if (now.getTime() > signedAt.getTime() + seconds * 1000) return refuse(403, "AccessDenied", "Request has expired");
  if (signedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) return refuse(403, "AccessDenied", "Request is not valid yet");

  const names = signedHeaders.split(";");
  if (!names.includes("host")) return refuse(400, "AuthorizationQueryParametersError", "The host header must be signed");
  const headers = new Headers();
  for (const name of names.filter((name) => name !== "host")) {
    const value = request.headers.get(name);
    if (value === null) return refuse(403, "SignatureDoesNotMatch", `The signed header ${name} is missing`);
    headers.set(name, value);
  }
  const unsigned = new URL(url);
  unsigned.searchParams.delete("X-Amz-Signature");
  const expected = new AwsV4Signer({
    method: request.method,
    url: unsigned.toString(),
    headers,
    accessKeyId: key.accessKeyId,
    secretAccessKey: key.secretAccessKey,
    service: SERVICE,
    region: REGION,
    datetime: date,
    signQuery: true,
    allHeaders: true,
  });
  // The signer lists the headers it signs itself; a list in another form or order is not what was signed.
  const matches =
    expected.signedHeaders === signedHeaders &&
    constantTimeEqual(new TextEncoder().encode(await expected.signature()), new TextEncoder().encode(signature));
  if (!matches) {
    return refuse(403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided");
  }
  return undefined;
}
