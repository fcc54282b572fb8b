import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/shared/format";
import { accessToken, apiJson, postForm, register, request, signIn, sql, uniqueEmail } from "./client";

// Anonymous visitors' public pages come from the Cache API (workers/page-cache.ts, decision records 19
// and 29): each hit is the stored bytes and headers, its CSP included; signed-in visitors and
// per-visitor queries are never served or stored; a write seen by this data centre is on the next page at once.

interface Page {
  response: Response;
  html: string;
  /** The cache's word on it: hit, miss or bypass (undefined: not a cached kind of page). */
  outcome?: string;
}

async function page(path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await request(path, { headers });
  expect(response.status, path).toBe(200);
  const outcome = /page-cache;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
  return { response, html: await response.text(), outcome };
}

/** Asks for a page until it comes from the cache (a rendered page is stored after its response). */
async function cachedPage(path: string): Promise<{ first: Page; hit: Page }> {
  const first = await page(path);
  for (let attempt = 0; attempt < 50; attempt++) {
    const again = await page(path);
    if (again.outcome === "hit") return { first, hit: again };
  }
  throw new Error(`${path} was never served from the cache`);
}

const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes))
    .map(([, , body]) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`);

/** A car still for sale, and a token of its seller (a demo account). */
async function carOnSale() {
  const [car] = await sql(
    "select p.id, p.resale_price, u.email from products p join users u on u.id = p.seller_id where p.is_paid = 0 order by p.id limit 1",
  );
  return { id: String(car.id), price: Number(car.resale_price), sellerToken: await accessToken(String(car.email)) };
}

describe("anonymous pages from the edge cache", () => {
  it("serve a hit as it was stored: the same bytes and CSP, whose hashes are its inline scripts'", async () => {
    for (const path of ["/", "/cars", `/cars/${(await carOnSale()).id}`]) {
      const { first, hit } = await cachedPage(path);
      expect(hit.html, path).toBe(first.html);
      const csp = hit.response.headers.get("content-security-policy")!;
      expect(csp, path).toBe(first.response.headers.get("content-security-policy"));
      const hashes = inlineScriptHashes(hit.html);
      expect(hashes.length, path).toBeGreaterThan(0);
      for (const hash of hashes) expect(csp, path).toContain(hash);
      expect(csp.split("; ").find((directive) => directive.startsWith("script-src"))).not.toMatch(/nonce-|unsafe-inline/);
      // The security headers a fresh page gets, the page's own type, and no sign of the cache's bookkeeping.
      for (const name of ["content-type", "x-frame-options", "strict-transport-security", "x-content-type-options", "referrer-policy"]) {
        expect(first.response.headers.get(name), name).not.toBeNull();
        expect(hit.response.headers.get(name), name).toBe(first.response.headers.get(name));
      }
      expect(hit.response.headers.get("x-request-id")).not.toBe(first.response.headers.get("x-request-id"));
      expect(hit.response.headers.get("cache-control")).toBeNull();
      expect(hit.response.headers.get("x-page-versions")).toBeNull();
    }
  });

  it("answer HEAD from the cache without a body", async () => {
    await cachedPage("/about");
    const response = await request("/about", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("server-timing")).toContain("page-cache;desc=hit");
    expect(await response.text()).toBe("");
  });

  it("never give a signed-in visitor a cached page, nor store theirs for anyone", async () => {
    const name = `Cachewary ${Date.now()}`;
    const email = uniqueEmail("page-cache");
    await register({ name, email });
    const cookie = await signIn(email);
    await cachedPage("/blog");
    for (const path of ["/blog", "/blog", "/"]) {
      const signedIn = await page(path, { cookie });
      expect(signedIn.outcome, path).toBe("bypass");
      expect(signedIn.html).toContain(email);
    }
    // Anonymous visitors still get the anonymous page, cached or not, and it names no one.
    for (const path of ["/blog", "/"]) {
      const anonymous = await page(path);
      expect(["hit", "miss"]).toContain(anonymous.outcome);
      for (const secret of [name, email, cookie.split("=")[1]]) expect(anonymous.html).not.toContain(secret);
    }
    const { hit } = await cachedPage("/");
    for (const secret of [name, email]) expect(hit.html).not.toContain(secret);
  });

  it("keep nothing of a signed-in visitor for anyone else: neither an anonymous visitor nor another user sees their name or hearts", async () => {
    const [a, b] = [
      { name: `Heartowner ${Date.now()}`, email: uniqueEmail("page-cache-a") },
      { name: `Otherbuyer ${Date.now()}`, email: uniqueEmail("page-cache-b") },
    ];
    for (const user of [a, b]) await register(user);
    const car = await carOnSale();
    const saved = await request(`/api/favourites/${car.id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${await accessToken(a.email)}` },
    });
    expect(saved.status).toBe(200);
    const [cookieA, cookieB] = [await signIn(a.email), await signIn(b.email)];
    const paths = ["/", `/cars/${car.id}`];
    for (const path of paths) {
      const own = await page(path, { cookie: cookieA });
      expect(own.outcome, path).toBe("bypass");
      expect(own.response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(own.html, path).toContain(a.name);
    }
    expect((await page(`/cars/${car.id}`, { cookie: cookieA })).html).toContain('aria-pressed="true"');
    for (const path of paths) {
      for (const other of [await page(path), (await cachedPage(path)).hit, await page(path, { cookie: cookieB })]) {
        for (const trace of [a.name, a.email, 'aria-pressed="true"']) expect(other.html, `${path}: ${trace}`).not.toContain(trace);
      }
      expect((await page(path, { cookie: cookieB })).html, path).toContain(b.name);
    }
  });

  it("never store a page that sets a cookie: a toast handed over by a redirect is shown once, to its visitor", async () => {
    const toast = `Saved ${Date.now()}`;
    const cookie = `ar_flash=${encodeURIComponent(JSON.stringify({ type: "success", message: toast }))}`;
    const withToast = await page("/jobs", { cookie });
    expect(withToast.outcome).toBe("bypass");
    expect(withToast.response.headers.get("set-cookie")).toContain("ar_flash=");
    expect(withToast.html).toContain(toast);
    const { first, hit } = await cachedPage("/jobs");
    expect(first.outcome).toBe("miss");
    for (const anonymous of [first, hit]) {
      expect(anonymous.html).not.toContain(toast);
      expect(anonymous.response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("show a car's new price on its next anonymous page, right after the seller changed it", async () => {
    const car = await carOnSale();
    const path = `/cars/${car.id}`;
    const { hit } = await cachedPage(path);
    expect(hit.html).toContain(formatPrice(car.price));
    const newPrice = car.price - 137;
    expect(hit.html).not.toContain(formatPrice(newPrice));
    const changed = await apiJson(`/api/products/${car.id}`, { resalePrice: newPrice }, { method: "PATCH", token: car.sellerToken });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const after = await page(path);
    expect(after.outcome).toBe("miss");
    expect(after.html).toContain(formatPrice(newPrice));
  });

  it("empty only what a price edit changed: the car's page and the lists of cars, while another car's page stays a hit", async () => {
    const { hit: list } = await cachedPage("/cars");
    const carA = /href="(\/cars\/[^"/?]+)"/.exec(list.html)![1];
    const [a] = await sql("select p.resale_price, u.email from products p join users u on u.id = p.seller_id where p.id = ?", [
      carA.slice("/cars/".length),
    ]);
    const [b] = await sql("select id from products where is_paid = 0 and id <> ? order by id limit 1", [carA.slice("/cars/".length)]);
    const carB = `/cars/${String(b.id)}`;
    await cachedPage(carA);
    await cachedPage(carB);
    const newPrice = Number(a.resale_price) - 211;
    const changed = await apiJson(
      `/api/products/${carA.slice("/cars/".length)}`,
      { resalePrice: newPrice },
      { method: "PATCH", token: await accessToken(String(a.email)) },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    const pageA = await page(carA);
    expect(pageA.outcome).toBe("miss");
    expect(pageA.html).toContain(formatPrice(newPrice));
    expect((await page(carB)).outcome, "another car's page").toBe("hit");
    const listAfter = await page("/cars");
    expect(listAfter.outcome).toBe("miss");
    expect(listAfter.html).toContain(formatPrice(newPrice));
  });

  it("keep every cached page through a visitor's own writes: a saved car, a saved search, notifications read", async () => {
    const { id } = await carOnSale();
    const path = `/cars/${id}`;
    await cachedPage(path);
    await cachedPage("/cars");
    const token = await accessToken("buyer@autoreseller.test");
    for (const [url, body, method] of [
      [`/api/favourites/${id}`, undefined, "PUT"],
      ["/api/saved-searches", { query: "make=Toyota&maxPrice=9000" }, "POST"],
      ["/api/notifications/read", {}, "POST"],
    ] as const) {
      const written = await apiJson(url, body, { method, token });
      expect(written.status, `${method} ${url}: ${await written.clone().text()}`).toBeLessThan(300);
      for (const again of [path, "/cars"]) expect((await page(again)).outcome, `${again} after ${method} ${url}`).toBe("hit");
    }
  });

  it("empty every page after a write that does not say what it changed (an admin verifying a seller: a badge on every card)", async () => {
    const [car] = await sql(
      "select p.id, p.seller_id from products p join users u on u.id = p.seller_id where p.is_paid = 0 and u.verified = 0 order by p.id limit 1",
    );
    const path = `/cars/${String(car.id)}`;
    await cachedPage(path);
    await cachedPage("/about");
    const verified = await request(`/api/users/verify-seller/${String(car.seller_id)}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${await accessToken("admin@autoreseller.test")}` },
    });
    expect(verified.status, await verified.clone().text()).toBe(200);
    for (const again of [path, "/about"]) expect((await page(again)).outcome, again).toBe("miss");
  });

  it("keep a change made behind the app's back (SQL) until a hard reload, which then refreshes the stored page", async () => {
    const car = await carOnSale();
    const path = `/cars/${car.id}`;
    await cachedPage(path);
    const description = `Repainted ${Date.now()}`;
    await sql("update products set description = ? where id = ?", [description, car.id]);
    const stale = await page(path);
    expect(stale.outcome).toBe("hit");
    expect(stale.html).not.toContain(description);
    const reloaded = await page(path, { "cache-control": "no-cache" });
    expect(reloaded.outcome).toBe("miss");
    expect(reloaded.html).toContain(description);
    expect((await cachedPage(path)).hit.html).toContain(description);
  });

  it("keep every cached page through posts that change nothing: a two-factor code without a sign-in, a wrong password, a form refused", async () => {
    const { id } = await carOnSale();
    const paths = [`/cars/${id}`, "/cars", "/about"];
    for (const path of paths) await cachedPage(path);
    for (const [path, body] of [
      ["/login/two-factor", { code: "1" }],
      ["/login", { email: "buyer@autoreseller.test", password: "wrong-password" }],
      ["/register", { email: "not-an-email" }],
    ] as const) {
      const posted = await postForm(path, body);
      await posted.arrayBuffer();
      expect(posted.status, `POST ${path}`).toBeLessThan(500);
      for (const again of paths) expect((await page(again)).outcome, `${again} after POST ${path}`).toBe("hit");
    }
  });

  it("never freeze a client's cf-ray header, nor any request id, into a stored page", async () => {
    const forged = `"><script>alert(${Date.now()})</script>`;
    const path = "/press-kit";
    const rendered = await request(path, { headers: { "cf-ray": forged, "cache-control": "no-cache" } });
    expect(rendered.headers.get("x-request-id")).not.toBe(forged);
    const html = await rendered.text();
    expect(html).not.toContain("alert(");
    const { hit } = await cachedPage(path);
    expect(hit.html).not.toContain("alert(");
    expect(hit.html).not.toContain(rendered.headers.get("x-request-id")!);
  });

  it("render a car page with a query of its own (?book) afresh, and never store it", async () => {
    const car = await carOnSale();
    await cachedPage(`/cars/${car.id}`);
    for (const path of [`/cars/${car.id}?book`, `/cars/${car.id}?book`, `/cars/${car.id}?utm_source=mail`]) {
      expect((await page(path)).outcome, path).toBe("bypass");
    }
    // A query the search page takes is a page of its own, cached under its own URL.
    const { hit } = await cachedPage("/cars?make=Toyota&sort=price_asc");
    expect(hit.outcome).toBe("hit");
    expect((await page("/cars?make=Toyota&sort=price_desc")).outcome).toBe("miss");
  });
});

describe("answers rendered for a signed-in user", () => {
  it("say private, no-store on pages and API writes (and private on API reads), where anonymous visitors' stay shareable", async () => {
    const cookie = await signIn("buyer@autoreseller.test");
    const token = await accessToken("buyer@autoreseller.test");
    const [{ id: carId }] = await sql("select id from products where is_paid = 0 limit 1");
    for (const path of ["/", "/cars", `/cars/${String(carId)}`, "/dashboard", "/dashboard/settings"]) {
      const response = await request(path, { headers: { cookie } });
      await response.arrayBuffer();
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // A browser that runs our scripts gets the copy rendered for every signed-in visitor: still theirs alone.
    for (const path of ["/", "/cars", `/cars/${String(carId)}`]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await request(path, { headers: { cookie: `${cookie}; ar_js=1` } });
        await response.arrayBuffer();
        expect(response.headers.get("server-timing"), path).toMatch(/page-cache;desc=(hit|miss)/);
        expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      }
    }
    const anonymous = await request("/cars");
    await anonymous.arrayBuffer();
    expect(anonymous.headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);

    const write = await request(`/api/favourites/${String(carId)}`, { method: "PUT", headers: { authorization: `Bearer ${token}` } });
    await write.arrayBuffer();
    expect(write.headers.get("cache-control")).toBe("private, no-store");
    const read = await request("/api/favourites", { headers: { authorization: `Bearer ${token}` } });
    await read.arrayBuffer();
    expect(read.headers.get("cache-control")).toMatch(/^private, no-(store|cache)$/);
  });
});
