import { describe, expect, it } from "vitest";
import { fixedLoader } from "./fixed-loader";

describe("a render-only page's loader", () => {
  it("runs the page's loader once per URL and gives every later request its first answer", async () => {
    let calls = 0;
    const loader = fixedLoader(async ({ request }: { request: Request }) => ({ url: request.url, call: ++calls }));
    const first = await loader({ request: new Request("http://x/__render-only/cars/1?a=1") });
    expect(await loader({ request: new Request("http://x/__render-only/cars/1?a=1", { headers: { cookie: "c=1" } }) })).toEqual(first);
    expect((await loader({ request: new Request("http://x/__render-only/cars/2") })).call).toBe(2);
    expect((await loader({ request: new Request("http://x/__render-only/cars/1?a=2") })).call).toBe(3);
    expect(calls).toBe(3);
  });
});
