// Reading request bodies within a size limit (JSON API, page forms, the Stripe webhook).

const DISCARD_LIMIT = 8 * 1024 * 1024;

/**
 * The body's bytes, or null when it is larger than `limit`. The size is counted on the stream (a
 * Content-Length may be missing or wrong); a declared length over the limit is refused unread.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  if (Number(request.headers.get("content-length") ?? 0) > limit) {
    await discardRest(reader);
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await discardRest(reader, size);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A request answered without reading its body (e.g. 401 or 415 on an upload): drop the body politely. */
export async function dropUnreadBody(request: Request) {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  await discardRest(request.body.getReader()).catch(() => {});
}

/**
 * Reads and drops the rest of a refused body (up to 8 MiB) rather than cutting the connection
 * under the client mid-upload; anything larger is cancelled.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead = 0) {
  let size = alreadyRead;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > DISCARD_LIMIT) {
      await reader.cancel();
      return;
    }
  }
}
