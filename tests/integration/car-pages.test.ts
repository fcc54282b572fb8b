import { beforeAll, describe, expect, it } from "vitest";
import { VERIFIED_MEANING } from "~/components/catalog/seller-badge";
import { decodeVin } from "~/lib/catalog/vin";
import { appUrl, request, signIn, sql } from "./client";

// The server-rendered pages of a car and of a seller, what they tell search engines, and the
// links that lead to them. State is arranged in SQL so every expected word is known exactly.

const HONDA_VIN = "1HGCM82633A004352";

/** The page's visible words: tags, comments and scripts dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

function jsonLdOf(html: string) {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0][1]) as Record<string, unknown> & { offers: Record<string, unknown> };
}

const metaContent = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property.replace(/[.+]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];

async function page(path: string, cookie?: string) {
  // These tests change cars behind the app's back (SQL), which the page cache cannot see: always a page rendered now.
  const response = await request(path, { headers: { "cache-control": "no-cache", ...(cookie ? { cookie } : {}) } });
  return { status: response.status, html: await response.text() };
}

let sellerId: string;
let carId: string;
let soldId: string;

beforeAll(async () => {
  const [seller] = await sql("select id from users where email = 'seller@autoreseller.test'");
  sellerId = String(seller.id);
  const cars = await sql("select id from products where seller_id = ? and is_paid = 0 order by created_at desc limit 2", [sellerId]);
  [carId, soldId] = cars.map((row) => String(row.id));
  await sql(
    `update products set name = 'Toyota Corolla 2017', make = 'Toyota', model = 'Corolla', mileage_km = 85000,
     transmission = 'automatic', fuel = 'petrol', colour = 'Silver', vin = ?, resale_price = 17500, original_price = 24000,
     location = 'Dhaka', condition = 'Excellent', purchase_year = 2017, description = ? where id = ?`,
    [HONDA_VIN, `First line of a long story.\n${"Serviced every year. ".repeat(12)}The end.`, carId],
  );
  await sql("delete from price_changes where product_id = ?", [carId]);
  for (const [price, at] of [
    [19000, "2026-10-02T09:00:00.000Z"],
    [18700, "2026-11-01T09:00:00.000Z"],
    [17500, "2026-11-12T09:00:00.000Z"],
  ] as const) {
    await sql("insert into price_changes (id, product_id, price, changed_at) values (?, ?, ?, ?)", [crypto.randomUUID(), carId, price, at]);
  }
  await sql("update products set is_paid = 1 where id = ?", [soldId]);
});

describe("a car's page", () => {
  it("shows every fact, the description in full, the price drop and its history, the VIN decode and the seller", async () => {
    const { status, html } = await page(`/cars/${carId}`);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Toyota Corolla 2017");
    for (const fact of ["85,000 km", "Automatic", "Petrol", "Silver", "Dhaka", "Excellent", HONDA_VIN, "$17,500", "$24,000"]) {
      expect(text).toContain(fact);
    }
    expect(text).toMatch(/Years used \d+/);
    expect(text).toMatch(/Posted \d{4}-\d{2}-\d{2}/);
    expect(text).toContain(`${"Serviced every year. ".repeat(12)}The end.`);
    expect(text).toContain("Price dropped $1,200 on 2026-11-12");
    expect(text).toMatch(/2026-10-02 Listed at \$19,000/);
    expect(text).toMatch(/2026-11-01 \$18,700 \(down \$300\)/);

    const decoded = decodeVin(HONDA_VIN)!;
    expect(decoded.manufacturer).toBe("Honda");
    expect(text).toContain(`VIN manufacturer ${decoded.manufacturer}`);
    expect(text).toContain(`VIN region ${decoded.region}`);
    expect(text).toContain(`VIN model year ${decoded.modelYear}`);
    expect(text).toContain("Make Toyota VIN says: Honda");

    expect(text).toContain("Verified seller");
    expect(text).toContain(VERIFIED_MEANING);
    expect(text).toMatch(/Member since [A-Z][a-z]+ \d{4}/);
    expect(html).toContain(`href="/sellers/${sellerId}"`);
    expect(html).toMatch(/<a[^>]*href="\/book\/[^"]+"[^>]*>Book Now<\/a>/);
    expect(html).toContain(`href="/book/${carId}"`);
  });

  it("says nothing about the VIN's maker when it matches the make", async () => {
    await sql("update products set make = 'Honda' where id = ?", [carId]);
    try {
      const text = textOf((await page(`/cars/${carId}`)).html);
      expect(text).toContain("VIN manufacturer Honda");
      expect(text).not.toContain("VIN says");
    } finally {
      await sql("update products set make = 'Toyota' where id = ?", [carId]);
    }
  });

  it("describes the car as a schema.org Car with an in-stock Offer", async () => {
    const { html } = await page(`/cars/${carId}`);
    const data = jsonLdOf(html);
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Car");
    expect(data.offers).toMatchObject({
      "@type": "Offer",
      price: 17500,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: `${appUrl}/cars/${carId}`,
    });
    expect(data).toMatchObject({
      name: "Toyota Corolla 2017",
      brand: { "@type": "Brand", name: "Toyota" },
      model: "Corolla",
      vehicleIdentificationNumber: HONDA_VIN,
      mileageFromOdometer: { "@type": "QuantitativeValue", value: 85000, unitCode: "KMT" },
      fuelType: "Petrol",
      vehicleTransmission: "Automatic",
      color: "Silver",
      purchaseDate: "2017",
    });
    expect((data.image as string[]).length).toBeGreaterThan(0);
    for (const image of data.image as string[]) expect(image).toMatch(new RegExp(`^${appUrl}/images/`));
    expect(html).toContain('<script type="application/ld+json">');
  });

  it("cannot be broken out of by the listing's text", async () => {
    await sql("update products set description = ? where id = ?", ["Fine car </script><script>alert(1)</script>", carId]);
    try {
      const { html } = await page(`/cars/${carId}`);
      expect(jsonLdOf(html).description).toBe("Fine car </script><script>alert(1)</script>");
      expect(html).not.toContain("<script>alert(1)");
    } finally {
      await sql("update products set description = 'Restored.' where id = ?", [carId]);
    }
  });

  it("has a title, a description, Open Graph with an absolute cover photo, and an absolute canonical URL", async () => {
    const { html } = await page(`/cars/${carId}`);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe("Toyota Corolla 2017 for $17,500 in Dhaka - AR");
    expect(metaContent(html, "description")).toMatch(/^Used Toyota Corolla 2017 in Dhaka for \$17,500/);
    const [cover] = await sql("select image from products where id = ?", [carId]);
    expect(metaContent(html, "og:image")).toBe(`${appUrl}${String(cover.image)}`);
    expect(metaContent(html, "og:url")).toBe(`${appUrl}/cars/${carId}`);
    expect(html).toContain(`<link rel="canonical" href="${appUrl}/cars/${carId}"/>`);
  });

  it("shows the cover with a srcset and its size, and links to every photo for browsers without JavaScript", async () => {
    const { html } = await page(`/cars/${carId}`);
    const photos = await sql("select url, small_url, width, height from product_photos where product_id = ? order by position", [carId]);
    expect(photos.length).toBeGreaterThan(0);
    const main = html.split('id="main"')[1];
    const cover = /<img\b[^>]*>/.exec(main)![0];
    expect(cover).toContain(`src="${String(photos[0].url)}"`);
    expect(cover).toContain(`width="${String(photos[0].width)}"`);
    expect(cover).toContain(`height="${String(photos[0].height)}"`);
    if (photos[0].small_url)
      expect(cover).toMatch(new RegExp(`srcSet="${String(photos[0].small_url)} \\d+w, ${String(photos[0].url)} \\d+w"`, "i"));
    if (photos.length > 1) {
      for (const photo of photos) expect(main).toContain(`href="${String(photo.url)}"`);
    }
  });

  it("lists up to 6 similar cars for sale, never itself or a sold car", async () => {
    const { html } = await page(`/cars/${carId}`);
    const similar = html.split('id="similar-heading"')[1] ?? "";
    const ids = [...similar.matchAll(/<article aria-labelledby="product-([\w-]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(6);
    expect(ids).not.toContain(carId);
    expect(ids).not.toContain(soldId);
    const [category] = await sql("select category_id from products where id = ?", [carId]);
    const rows = await sql(`select id, category_id, is_paid from products where id in (${ids.map(() => "?").join(",")})`, ids);
    for (const row of rows) expect(row).toMatchObject({ category_id: category.category_id, is_paid: 0 });
  });

  it("keeps a sold car's page, saying Sold, with no Book Now and a sold-out offer", async () => {
    const { status, html } = await page(`/cars/${soldId}`);
    expect(status).toBe(200);
    // Similar cars below are for sale and have their own Book Now.
    const text = textOf(html.split('id="similar-heading"')[0]);
    expect(text).toContain("Sold");
    expect(text).toContain("It can no longer be booked");
    expect(text).not.toContain("Book Now");
    expect(html).not.toContain(`href="/book/${soldId}"`);
    expect(jsonLdOf(html).offers.availability).toBe("https://schema.org/SoldOut");
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain("(sold)");
  });

  it("answers the app's 404 page for an unknown car", async () => {
    const { status, html } = await page(`/cars/${crypto.randomUUID()}`);
    expect(status).toBe(404);
    expect(textOf(html)).toContain("Sorry, we couldn't find this page.");
  });

  it("answers 404, never a 500, for a car id that is not valid percent-encoding, as a page and as its data", async () => {
    for (const path of ["/cars/%", "/cars/%E0%A4%A", "/cars/%ZZ"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(textOf(html), path).toContain("Sorry, we couldn't find this page.");
    }
    for (const path of ["/cars/%.data", "/cars/%E0%A4%A.data", "/cars/%ZZ.data"]) {
      const response = await request(path);
      await response.arrayBuffer();
      expect(response.status, path).toBe(404);
    }
  });
});

describe("a seller's page", () => {
  it("shows the seller with the badge and its meaning, the cars for sale as cards and how many were sold", async () => {
    const [counts] = await sql(
      "select sum(is_paid = 0) as for_sale, sum(is_paid = 1) as sold, (select name from users where id = ?) as name from products where seller_id = ?",
      [sellerId, sellerId],
    );
    const { status, html } = await page(`/sellers/${sellerId}`);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain(String(counts.name));
    expect(text).toContain("Verified seller");
    expect(text).toContain(VERIFIED_MEANING);
    expect(text).toMatch(/Member since [A-Z][a-z]+ \d{4}/);
    expect(text).toContain(`For sale ${Number(counts.for_sale)}`);
    expect(text).toContain(`Sold ${Number(counts.sold)}`);
    expect(Number(counts.sold)).toBeGreaterThan(0);
    expect(text).toContain(`${Number(counts.for_sale)} cars for sale`);
    expect(html).toContain(`href="/cars/${carId}"`);
    expect(html).not.toContain(`href="/cars/${soldId}"`);
    const cards = [...html.matchAll(/<article aria-labelledby="product-/g)];
    expect(cards.length).toBe(Math.min(24, Number(counts.for_sale)));
  });

  it("answers 404 for a buyer's id and for an unknown id", async () => {
    const [buyer] = await sql("select id from users where email = 'buyer@autoreseller.test'");
    expect((await page(`/sellers/${String(buyer.id)}`)).status).toBe(404);
    expect((await page(`/sellers/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("links to car pages", () => {
  /** Every card's id, and whether its photo and its title both link to its page. */
  function cardsOf(html: string) {
    const articles = html.split('<article aria-labelledby="product-').slice(1);
    return articles.map((article) => {
      const id = /^[\w-]+/.exec(article)![0];
      const body = article.split("</article>")[0];
      const links = [...body.matchAll(new RegExp(`<a [^>]*href="/cars/${id}"[^>]*>`, "g"))].map((match) => match[0]);
      return { id, links };
    });
  }

  it("every card on Home and on a category page links its photo and title to the car's page, with one link in the tab order", async () => {
    const home = cardsOf((await page("/")).html);
    const [category] = await sql("select category_id from products where id = ?", [carId]);
    const cookie = await signIn("buyer@autoreseller.test");
    const categoryPage = cardsOf((await page(`/category/${String(category.category_id)}`, cookie)).html);
    expect(home.length).toBeGreaterThan(0);
    expect(categoryPage.length).toBeGreaterThan(0);
    for (const card of [...home, ...categoryPage]) {
      expect(card.links, card.id).toHaveLength(2);
      expect(
        card.links.filter((link) => !/tabindex="-1"/.test(link)),
        card.id,
      ).toHaveLength(1);
      expect(
        card.links.filter((link) => /aria-hidden="true"/.test(link)),
        card.id,
      ).toHaveLength(1);
    }
  });

  it("the sitemap lists every unsold car's page and no sold one", async () => {
    const response = await request("/sitemap.xml");
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain(`<loc>${appUrl}/cars/${carId}</loc>`);
    expect(xml).not.toContain(`/cars/${soldId}<`);
    const [{ unsold }] = await sql("select count(*) as unsold from products where is_paid = 0");
    expect([...xml.matchAll(/<loc>[^<]*\/cars\//g)]).toHaveLength(Number(unsold));
  });
});
