import { type AppContext } from "../context";

export interface StoredImage {
  body: ReadableStream;
  contentType: string;
  etag: string;
  size: number;
}

/** Reads a photo by its key; undefined when there is none (or the key is not one of ours). */
export async function readImage(ctx: AppContext, key: string): Promise<StoredImage | undefined> {
  if (!/^[A-Za-z0-9_-]{8,80}(\.[a-z0-9]{3,4})?$/.test(key)) return undefined;
  const object = await ctx.photos.get(key);
  if (!object) return undefined;
  return {
    body: object.body,
    contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
    etag: object.httpEtag,
    size: object.size,
  };
}

/** True when the stored object is unchanged for a client that holds `ifNoneMatch`. */
export async function imageMatches(ctx: AppContext, key: string, ifNoneMatch: string): Promise<string | undefined> {
  const head = await ctx.photos.head(key);
  if (!head) return undefined;
  const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return tags.includes(head.httpEtag) || tags.includes("*") ? head.httpEtag : undefined;
}
