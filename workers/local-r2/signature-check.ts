import { AwsV4Signer } from "aws4fetch";
import { constantTimeEqual } from "~/.server/auth/passwords";
import { parseAmzDate, REGION, SERVICE } from "~/.server/storage/presigned-put";

// S3's check of a pre-signed request, for the local stand-in only (development builds): in
// production R2 itself checks what we sign.

const ALGORITHM = "AWS4-HMAC-SHA256";
/** The longest validity S3 accepts in a pre-signed URL (7 days). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
/** How far ahead of our clock a signing time may be (S3's allowance for clock skew). */
const CLOCK_SKEW_MS = 15 * 60 * 1000;

export interface SignatureRefusal {
  status: 400 | 403;
  /** S3's error code. */
  code: string;
  message: string;
}

const refuse = (status: 400 | 403, code: string, message: string): SignatureRefusal => ({ status, code, message });

/**
 * Checks a pre-signed request as S3 does: the query's algorithm, credential scope and validity, then
 * the signature recomputed over the request's method, path, query and signed headers with the
 * same key, compared in constant time. Returns why it is refused, or undefined when it is good.
 */
export async function checkPresignedRequest(request: Request, key: { accessKeyId: string; secretAccessKey: string }, now: Date) {
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
