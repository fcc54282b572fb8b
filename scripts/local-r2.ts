import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import path from "node:path";

export const PHOTOS_BUCKET = "auto-reseller-photos";

/**
 * Opens the local R2 bucket that `wrangler dev --persist-to <dir>` serves, so Node-side
 * tooling (the demo seed) can write photos the Worker will read. Use it while no Worker runs.
 */
export async function openLocalPhotos(persistTo: string) {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
      resourcePersistencePath: path.join(path.resolve(persistTo), "v3"),
      r2Buckets: { PHOTOS: PHOTOS_BUCKET },
    }),
  );
  const bucket = (await mf.getR2Bucket("PHOTOS")) as unknown as R2Bucket;
  return {
    async put(key: string, bytes: Uint8Array, contentType: string) {
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },
    async get(key: string) {
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : undefined;
    },
    close: () => mf.dispose(),
  };
}
