import { describe, expect, it } from "vitest";
import { LOCAL_SIGNING_KEY, presignPut } from "~/.server/storage/presigned-put";
import { checkPresignedRequest } from "./signature-check";

const target = { bucketUrl: "http://localhost:8787/r2-upload/photos", bucket: "photos", ...LOCAL_SIGNING_KEY };
const signedAt = new Date("2026-11-23T10:00:00Z");
const photo = { contentType: "image/jpeg", size: 1234 };

async function signedRequest(change: { url?: (url: URL) => void; headers?: Record<string, string> } = {}) {
  const signed = await presignPut(target, "0f1e2d3c-4b5a.jpg", photo, signedAt, 600);
  const url = new URL(signed.url);
  change.url?.(url);
  return new Request(url, { method: "PUT", headers: { ...signed.headers, ...change.headers } });
}

const inAMinute = new Date(signedAt.getTime() + 60_000);

describe("pre-signed PUT URLs", () => {
  it("sign the content type, the content length and If-None-Match, valid for the given time", async () => {
    const signed = await presignPut(target, "0f1e2d3c-4b5a.jpg", photo, signedAt, 600);
    const query = new URL(signed.url).searchParams;
    expect(query.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host;if-none-match");
    expect(query.get("X-Amz-Expires")).toBe("600");
    expect(signed.expiresAt.toISOString()).toBe("2026-11-23T10:10:00.000Z");
    expect(signed.headers).toEqual({ "Content-Type": "image/jpeg", "Content-Length": "1234", "If-None-Match": "*" });
  });

  it("are accepted as signed, within their time", async () => {
    expect(await checkPresignedRequest(await signedRequest(), LOCAL_SIGNING_KEY, inAMinute)).toBeUndefined();
  });

  it.each<[string, Parameters<typeof signedRequest>[0], string]>([
    ["another content type", { headers: { "Content-Type": "image/png" } }, "SignatureDoesNotMatch"],
    ["another content length", { headers: { "Content-Length": "1235" } }, "SignatureDoesNotMatch"],
    ["no If-None-Match", { headers: { "If-None-Match": "" } }, "SignatureDoesNotMatch"],
    ["a changed signature", { url: (url) => url.searchParams.set("X-Amz-Signature", "0".repeat(64)) }, "SignatureDoesNotMatch"],
    ["another key", { url: (url) => (url.pathname = "/r2-upload/photos/other-key-1234.jpg") }, "SignatureDoesNotMatch"],
    ["a longer validity", { url: (url) => url.searchParams.set("X-Amz-Expires", "6000") }, "SignatureDoesNotMatch"],
    [
      "a signed header list without content-type",
      { url: (url) => url.searchParams.set("X-Amz-SignedHeaders", "host") },
      "SignatureDoesNotMatch",
    ],
    [
      "another access key",
      { url: (url) => url.searchParams.set("X-Amz-Credential", "OTHER/20261123/auto/s3/aws4_request") },
      "InvalidAccessKeyId",
    ],
  ])("refuse %s", async (_label, change, code) => {
    expect(await checkPresignedRequest(await signedRequest(change), LOCAL_SIGNING_KEY, inAMinute)).toMatchObject({ code });
  });

  it("are refused once expired (403), and before their time", async () => {
    const request = await signedRequest();
    expect(await checkPresignedRequest(request, LOCAL_SIGNING_KEY, new Date(signedAt.getTime() + 600_000))).toBeUndefined();
    expect(await checkPresignedRequest(request, LOCAL_SIGNING_KEY, new Date(signedAt.getTime() + 601_000))).toEqual({
      status: 403,
      code: "AccessDenied",
      message: "Request has expired",
    });
    expect(await checkPresignedRequest(request, LOCAL_SIGNING_KEY, new Date(signedAt.getTime() - 3600_000))).toMatchObject({ status: 403 });
  });
});
