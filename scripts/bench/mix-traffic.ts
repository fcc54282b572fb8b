// The mixed traffic's requests as a visitor's browser or an API client sends them: reads drawn from
// the mix, and the writer's catalogue changes through the public API as a seller or a buyer makes
// them (a new listing with an uploaded photo, a price edit, a sale paid with the payment simulator).
import Database from "libsql";
import sharp from "sharp";
import { DEMO_PASSWORD } from "../seed/demo-data.ts";
import { accessToken, accessTokens, sessionCookie } from "./auth.ts";
import { type BenchData } from "./databases.ts";
import { type MixKind, type ReadKind, type WriteKind, writeKindAt, zipfSampler } from "./mix.ts";
import { BRANDS, MODELS } from "./seed-large.ts";

/** One answered request of the mix; the caches' outcomes come from the app's Server-Timing entries. */
export interface Sample {
  kind: MixKind;
  ms: number;
  status: number;
  pageCache?: string;
  searchCounts?: string;
}

/** The cars and searches visitors look at most: ranks drawn by Zipf over this many. */
export const POPULAR = { queries: 5000, cars: 5000 };
const SIGNED_IN_VISITORS = 20;
const WRITING_SELLERS = 10;

/** `name;desc=value` of a Server-Timing header, e.g. page-cache;desc=hit. */
export function timingOutcome(header: string | null, name: string): string | undefined {
  return new RegExp(`(?:^|,)\\s*${name};desc=([\\w-]+)`).exec(header ?? "")?.[1];
}

async function send(kind: MixKind, url: string, init: RequestInit = {}): Promise<Sample & { body: unknown }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { redirect: "manual", ...init });
    const type = response.headers.get("content-type") ?? "";
    const body = type.includes("json") ? await response.json() : await response.arrayBuffer();
    // A write refused says why once, so a failed row in the report can be traced.
    if (init.method && !response.ok)
      console.error(`bench: ${init.method} ${new URL(url).pathname} answered ${response.status}: ${JSON.stringify(body)}`);
    const timing = response.headers.get("server-timing");
    return {
      kind,
      ms: performance.now() - started,
      status: response.status,
      pageCache: timingOutcome(timing, "page-cache"),
      searchCounts: timingOutcome(timing, "search-counts"),
      body,
    };
  } catch {
    return { kind, ms: performance.now() - started, status: 0, body: undefined };
  }
}

const withoutBody = ({ kind, ms, status, pageCache, searchCounts }: Sample): Sample => ({ kind, ms, status, pageCache, searchCounts });

const json = (token: string, body: unknown, method = "POST"): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: JSON.stringify(body),
});

interface WritingSeller {
  token: string;
  photoUrl: string;
  cars: string[];
}

/** Everything the traffic needs on one running app: who signs in, which cars and searches are drawn. */
export interface Traffic {
  read(kind: ReadKind, origin: string): Promise<Sample>;
  write(n: number): Promise<Sample>;
}

/** Signs in the visitors and the writer's accounts on the app at `origin` and returns the traffic. */
export async function prepareTraffic(origin: string, data: BenchData, queries: string[], random: () => number): Promise<Traffic> {
  const db = new Database(data.file, { readonly: true });
  const column = (sql: string, ...params: unknown[]) =>
    (
      db
        .prepare(sql)
        .raw(true)
        .all(...params) as unknown[][]
    ).map((row) => row[0] as string);
  let buyerEmails: string[];
  let sellers: { email: string; cars: string[] }[];
  let unbooked: string[];
  try {
    // Cars nobody has booked: a sale's buyer never meets their own earlier booking (409).
    unbooked = column(
      "select id from products p where is_paid = 0 and not exists (select 1 from bookings b where b.product_id = p.id) order by id limit ?",
      POPULAR.cars,
    );
    buyerEmails = column(
      "select email from users where role = 'buyer' and email not like '%@fresh.bench.test' order by email limit ?",
      SIGNED_IN_VISITORS,
    );
    sellers = column(
      "select email from users where role = 'seller' and email_verified = 1 and exists (select 1 from products where seller_id = users.id and is_paid = 0) order by email limit ?",
      WRITING_SELLERS,
    ).map((email) => ({
      email,
      cars: column(
        "select id from products where seller_id = (select id from users where email = ?) and is_paid = 0 order by id limit 10",
        email,
      ),
    }));
  } finally {
    db.close();
  }

  const cookies = await Promise.all(buyerEmails.map((email) => sessionCookie(origin, email, DEMO_PASSWORD)));
  const buyerTokens = await accessTokens(origin, buyerEmails, DEMO_PASSWORD);
  const photo = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#8a9bb0" } })
    .jpeg()
    .toBuffer();
  const writers: WritingSeller[] = [];
  for (const seller of sellers) {
    const token = await accessToken(origin, seller.email, DEMO_PASSWORD);
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "car.jpg");
    const upload = await send("new-listing", `${origin}/api/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const url = (upload.body as { data?: { url?: string } } | undefined)?.data?.url;
    if (!url) throw new Error(`Uploading a photo as ${seller.email} answered ${upload.status}`);
    writers.push({ token, photoUrl: url, cars: seller.cars });
  }
  if (writers.length === 0 || buyerTokens.length === 0) throw new Error(`${data.file} has no verified seller with cars, or no buyer`);

  const popularCars = data.bookableCarIds.slice(0, POPULAR.cars);
  const writersCars = new Set(writers.flatMap((writer) => writer.cars));
  // The cars sold: ones nobody booked, by id as the visitors' cars are (popular cars sell), never one
  // whose price the writer edits (ten of each writing seller's, so the demo catalogue leaves cars to sell).
  const forSale = unbooked.filter((id) => !writersCars.has(id));
  if (forSale.length === 0) throw new Error(`${data.file}: no car for sale is left unbooked outside the writing sellers' own`);
  const query = zipfSampler(queries.length, 1, random);
  const car = zipfSampler(popularCars.length, 1, random);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  // Signed-in visitors' browsers run our scripts (the ar_js cookie): their pages come from the
  // signed-in copy and their own parts from /visitor-parts, as a car page asks for them.
  const signedIn = () => ({ headers: { cookie: `${pick(cookies)}; ar_js=1` } });
  const carPageAsk = () => {
    const [shown, ...similar] = Array.from({ length: 5 }, () => popularCars[car()]);
    return `cars=${[shown, ...similar].join(",")}&car=${shown}`;
  };
  let sold = 0;

  const reads: Record<ReadKind, (origin: string) => [string, RequestInit?]> = {
    home: (o) => [`${o}/`],
    "home-signed-in": (o) => [`${o}/`, signedIn()],
    "search-page": (o) => [`${o}/cars?${queries[query()]}`],
    "search-page-signed-in": (o) => [`${o}/cars?${queries[query()]}`, signedIn()],
    "car-page": (o) => [`${o}/cars/${popularCars[car()]}`],
    "car-page-signed-in": (o) => [`${o}/cars/${popularCars[car()]}`, signedIn()],
    "visitor-parts": (o) => [`${o}/visitor-parts?${carPageAsk()}`, signedIn()],
    "api-search": (o) => [`${o}/api/products?${queries[query()]}`],
    "api-product": (o) => [`${o}/api/products/${popularCars[car()]}`],
    "api-advertised": (o) => [`${o}/api/products/advertisement`],
  };

  const writes: Record<WriteKind, (n: number) => Promise<Sample & { body: unknown }>> = {
    "new-listing": async (n) => {
      const writer = writers[n % writers.length];
      const year = 2010 + (n % 14);
      const body = {
        productName: `Bench listing ${n}`,
        originalPrice: 30000,
        resalePrice: 12000 + (n % 40) * 250,
        location: "Dhaka",
        categoryId: data.categoryIds[n % data.categoryIds.length],
        condition: "Good",
        mobile: "+880 1711-000000",
        productDescription: "Listed by the bench's writer.",
        purchaseYear: year,
        images: [writer.photoUrl],
        make: BRANDS[n % BRANDS.length],
        model: MODELS[n % MODELS.length],
        mileageKm: 40000 + n * 10,
        transmission: "automatic",
        fuel: "petrol",
        colour: "White",
      };
      const sample = await send("new-listing", `${origin}/api/products/add`, json(writer.token, body));
      const id = (sample.body as { insertedId?: string } | undefined)?.insertedId;
      if (id) writer.cars.push(id);
      return sample;
    },
    "price-edit": (n) => {
      const writer = writers[n % writers.length];
      const id = pick(writer.cars);
      return send(
        "price-edit",
        `${origin}/api/products/${id}`,
        json(writer.token, { resalePrice: 8000 + Math.floor(random() * 120) * 250 }, "PATCH"),
      );
    },
    // The booking, the payment intent and the card are the buyer's steps before the sale; the
    // sample times the write that sells the car (POST /api/payment).
    sale: async (n) => {
      const token = buyerTokens[n % buyerTokens.length];
      const carId = forSale[sold++ % forSale.length];
      const booked = await send(
        "sale",
        `${origin}/api/bookings`,
        json(token, { product_id: carId, phone: "+880 1700-000000", meetingLocation: "Dhaka" }),
      );
      const bookingId = (booked.body as { insertedId?: string } | undefined)?.insertedId;
      if (!bookingId) return booked;
      const intent = await send("sale", `${origin}/api/payment/create-payment-intent`, json(token, { bookingId }));
      const clientSecret = (intent.body as { clientSecret?: string } | undefined)?.clientSecret;
      if (!clientSecret) return intent;
      const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };
      const charge = await send("sale", `${origin}/api/payment/simulator/confirm`, json(token, { clientSecret, card }));
      const transactionId = (charge.body as { id?: string } | undefined)?.id;
      if (!transactionId) return charge;
      return send("sale", `${origin}/api/payment`, json(token, { bookingId, transactionId }));
    },
  };

  return {
    read: async (kind, o) => {
      const [url, init] = reads[kind](o);
      return withoutBody(await send(kind, url, init));
    },
    write: async (n) => withoutBody(await writes[writeKindAt(n)](n)),
  };
}
