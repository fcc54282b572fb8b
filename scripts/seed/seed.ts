import { createClient } from "@libsql/client";
import { count } from "drizzle-orm";
import { type BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/libsql";
import { hashPassword } from "../../app/.server/auth/passwords.ts";
import {
  bookings,
  categories,
  ledgerEntries,
  payments,
  payoutAccounts,
  priceChanges,
  carViewDays,
  carPhotos,
  cars,
  reports,
  reviews,
  simulatedIntents,
  simulatedMovements,
  uploads,
  users,
} from "../../app/.server/db/schema/index.ts";
import { refreshPriceRatings } from "../../app/.server/services/catalog/price-ratings.ts";
import { buildDemoMarket, DEMO_CATEGORIES, demoCarViews, DEMO_PASSWORD, DEMO_USERS, type PhotoSpec } from "./demo-data.ts";
import { renderJpegPairCached } from "./photo-cache.ts";
import { carPhotoSvg, categorySvg } from "./photos.ts";

export type PutPhoto = (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;

/** A stored photo and its small copy, as product_photos refers to them. */
interface StoredPhoto {
  url: string;
  smallUrl: string;
  width: number;
  height: number;
}

/** Runs `work` over the items with at most `limit` at a time (rendering holds a raster each). */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A stable number for a photo's key, so the same photo always gets the same scene and details. */
function seedOf(key: string): number {
  let hash = 2166136261;
  for (const ch of key) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return hash % 100_000;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
// The platform's fee when PLATFORM_FEE_BPS is unset (app/.server/config.ts), for the demo's done deals.
const DEMO_FEE_BPS = 500;
// The contract's demo data: this seller has no payout account (their sales' money is due).
const NO_PAYOUT_ACCOUNT = "seller2@autoreseller.test";

/**
 * Seeds the demo accounts and market into an empty database, with photos in object storage.
 * A database that already has users is left alone, so re-running start never duplicates anything.
 *
 * Every distinct photo (a body in a paint from one angle, or a cabin) is rendered once and shared
 * by the cars that show it; each stored object, small copies included, gets its `uploads` row.
 * Rendered photos are kept in a disk cache, so later seeds (every test run's) skip the rendering.
 */
export async function seedDemoData(options: { dbUrl: string; dbAuthToken?: string; putPhoto: PutPhoto }): Promise<boolean> {
  const client = createClient({ url: options.dbUrl, authToken: options.dbAuthToken });
  const db = drizzle(client);
  try {
    const [{ users: existing }] = await db.select({ users: count() }).from(users);
    if (existing > 0) return false;

    const now = Date.now();
    const market = buildDemoMarket(now);
    const uploadRows: (typeof uploads.$inferInsert)[] = [];
    const store = async (bytes: Uint8Array, width: number, height: number) => {
      const key = `${crypto.randomUUID()}.jpg`;
      await options.putPhoto(key, bytes, "image/jpeg");
      uploadRows.push({ key, uploaderId: null, contentType: "image/jpeg", size: bytes.byteLength, width, height, createdAt: iso(now) });
      return `/images/${key}`;
    };

    const specs = new Map<string, PhotoSpec>();
    for (const car of market.cars) for (const photo of car.photos) specs.set(photo.key, photo);
    const photos = new Map<string, StoredPhoto>();
    const categoryImages = new Map<string, string>();
    const passwordHashing = hashPassword(DEMO_PASSWORD);
    await Promise.all([
      eachLimited([...specs.values()], 6, async (spec) => {
        const svg = carPhotoSvg({ body: spec.body, color: spec.color, angle: spec.angle, seed: seedOf(spec.key) });
        const pair = await renderJpegPairCached(svg);
        const [url, smallUrl] = await Promise.all([
          store(pair.full, pair.width, pair.height),
          store(pair.small, pair.smallWidth, pair.smallHeight),
        ]);
        photos.set(spec.key, { url, smallUrl, width: pair.width, height: pair.height });
      }),
      eachLimited(DEMO_CATEGORIES, 2, async (category) => {
        const tile = await renderJpegPairCached(categorySvg({ title: category.name, body: category.body, color: category.color }));
        categoryImages.set(category.name, await store(tile.full, tile.width, tile.height));
      }),
    ]);

    const passwordHash = await passwordHashing;
    const userRows = DEMO_USERS.map((user) => ({
      id: crypto.randomUUID(),
      name: user.name,
      email: user.email,
      role: user.role,
      sellerVerified: user.sellerVerified,
      passwordHash,
      emailVerified: true,
      createdAt: iso(now - user.memberForDays * DAY),
    }));
    const userByEmail = new Map(userRows.map((user) => [user.email, user]));
    const phoneOf = new Map(DEMO_USERS.map((user) => [user.email, user.phone]));

    const categoryRows = DEMO_CATEGORIES.map((category, index) => ({
      id: crypto.randomUUID(),
      name: category.name,
      image: categoryImages.get(category.name)!,
      createdAt: iso(now - 400 * DAY + index * 60_000),
    }));
    const categoryId = new Map(categoryRows.map((category) => [category.name, category.id]));

    const carRows = market.cars.map((car) => {
      const seller = userByEmail.get(car.seller)!;
      const prices = car.prices;
      return {
        id: crypto.randomUUID(),
        name: car.name,
        originalPrice: car.originalPrice,
        resalePrice: prices[prices.length - 1].price,
        location: car.location,
        categoryId: categoryId.get(car.category)!,
        condition: car.condition,
        mobile: car.mobile,
        description: car.description,
        purchaseYear: car.year,
        image: photos.get(car.photos[0].key)!.url,
        sellerId: seller.id,
        sellerName: seller.name,
        sellerEmail: seller.email,
        isAdvertised: car.advertised,
        isPaid: Boolean(car.sale),
        make: car.make,
        model: car.model,
        mileageKm: car.mileageKm,
        transmission: car.transmission,
        fuel: car.fuel,
        colour: car.colour,
        vin: car.vin,
        createdAt: iso(car.createdAt),
        updatedAt: prices.length > 1 ? iso(prices[prices.length - 1].at) : null,
      };
    });
    const photoRows = market.cars.flatMap((car, index) =>
      car.photos.map((spec, position) => {
        const photo = photos.get(spec.key)!;
        return {
          productId: carRows[index].id,
          position,
          url: photo.url,
          smallUrl: photo.smallUrl,
          width: photo.width,
          height: photo.height,
        };
      }),
    );
    const priceRows = market.cars.flatMap((car, index) =>
      car.prices.map((change) => ({
        id: crypto.randomUUID(),
        productId: carRows[index].id,
        price: change.price,
        changedAt: iso(change.at),
      })),
    );
    // Thirty days of page views for the cars for sale, so their sellers' statistics show something.
    const viewRows = market.cars.flatMap((car, index) =>
      car.sale ? [] : demoCarViews(index, car.createdAt, now).map((day) => ({ productId: carRows[index].id, ...day })),
    );

    const bookingRows: (typeof bookings.$inferInsert)[] = [];
    const paymentRows: (typeof payments.$inferInsert)[] = [];
    const ledgerRows: (typeof ledgerEntries.$inferInsert)[] = [];
    const simulatedIntentRows: (typeof simulatedIntents.$inferInsert)[] = [];
    const simulatedMovementRows: (typeof simulatedMovements.$inferInsert)[] = [];
    const saleBookings = new Map<number, string>();
    const bookingFor = (carIndex: number, buyerEmail: string, createdAt: number, meetingLocation: string) => {
      const buyer = userByEmail.get(buyerEmail)!;
      const row: typeof bookings.$inferInsert = {
        id: crypto.randomUUID(),
        productId: carRows[carIndex].id,
        buyerId: buyer.id,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        phone: phoneOf.get(buyerEmail)!,
        meetingLocation,
        createdAt: iso(createdAt),
      };
      bookingRows.push(row);
      return row;
    };
    market.cars.forEach((car, index) => {
      if (!car.sale) return;
      const booking = bookingFor(index, car.sale.buyer, car.sale.bookedAt, `${car.location}, at the seller's`);
      saleBookings.set(index, booking.id!);
      const transactionId = `pi_demo_${crypto.randomUUID().replaceAll("-", "")}`;
      Object.assign(booking, {
        paid: true,
        transactionId,
        paymentIntentId: transactionId,
        paymentStartedAt: iso(car.sale.paidAt - 60_000),
      });
      // Demo sales are done deals: released to their seller (less the default fee) and paid out, except
      // to a seller without a payout account (seller2@), whose money is due until they set one up.
      const amount = carRows[index].resalePrice * 100;
      const fee = Math.floor((amount * DEMO_FEE_BPS + 5_000) / 10_000);
      const paidOut = carRows[index].sellerEmail !== NO_PAYOUT_ACCOUNT;
      const payment = {
        id: crypto.randomUUID(),
        transactionId,
        bookingId: booking.id!,
        productId: carRows[index].id,
        productName: carRows[index].name,
        buyerEmail: car.sale.buyer,
        amount,
        status: "released" as const,
        fee,
        sellerAmount: amount - fee,
        sellerId: carRows[index].sellerId,
        releaseAt: iso(car.sale.paidAt + 7 * DAY),
        releasedAt: iso(car.sale.paidAt + 2 * DAY),
        transferId: paidOut ? `tr_sim_${crypto.randomUUID().replaceAll("-", "")}` : null,
        createdAt: iso(car.sale.paidAt),
      };
      paymentRows.push(payment);
      // The simulator holds the same charge and transfer, so reconciliation finds them at the "provider".
      simulatedIntentRows.push({
        id: transactionId,
        clientSecret: `${transactionId}_secret_demo`,
        idempotencyKey: `booking-${booking.id}-${amount}`,
        amount,
        currency: "usd",
        metadata: { bookingId: booking.id!, productId: payment.productId, buyerEmail: car.sale.buyer },
        status: "succeeded",
        createdAt: iso(car.sale.paidAt),
      });
      const entry = (kind: "charge" | "fee" | "transfer", entryAmount: number, providerId: string, at: number) => ({
        id: crypto.randomUUID(),
        paymentId: payment.id,
        bookingId: payment.bookingId,
        sellerId: payment.sellerId,
        kind,
        amount: entryAmount,
        providerId,
        createdAt: iso(at),
      });
      ledgerRows.push(entry("charge", amount, transactionId, car.sale.paidAt));
      if (!payment.transferId) return;
      ledgerRows.push(
        entry("fee", fee, transactionId, car.sale.paidAt + 2 * DAY),
        entry("transfer", amount - fee, payment.transferId, car.sale.paidAt + 2 * DAY),
      );
      simulatedMovementRows.push({
        id: payment.transferId,
        kind: "transfer",
        idempotencyKey: `transfer-${payment.id}-1`,
        amount: amount - fee,
        destination: `acct_sim_${payment.sellerId!.replaceAll("-", "")}`,
        transferGroup: `booking-${booking.id}`,
        metadata: { bookingId: booking.id!, paymentId: payment.id },
        createdAt: iso(car.sale.paidAt + 2 * DAY),
      });
    });
    // With the simulator, every demo seller but seller2@ has a ready payout account (the contract's demo data).
    const payoutRows = userRows
      .filter((user) => user.role === "seller" && user.email !== NO_PAYOUT_ACCOUNT)
      .map((user) => ({
        userId: user.id,
        accountId: `acct_sim_${user.id.replaceAll("-", "")}`,
        status: "ready" as const,
        payoutsEnabled: true,
        updatedAt: user.createdAt,
      }));
    for (const booking of market.bookings) bookingFor(booking.car, booking.buyer, booking.createdAt, booking.meetingLocation);
    const reviewRows = market.reviews.map((review) => ({
      id: crypto.randomUUID(),
      bookingId: saleBookings.get(review.car)!,
      sellerId: carRows[review.car].sellerId!,
      rating: review.rating,
      text: review.text,
      answer: review.answer?.text ?? null,
      answeredAt: review.answer ? iso(review.answer.at) : null,
      createdAt: iso(review.createdAt),
    }));
    const reportRows = market.reports.map((report) => ({
      id: crypto.randomUUID(),
      productId: carRows[report.car].id,
      reporterId: userByEmail.get(report.reporter)!.id,
      productName: carRows[report.car].name,
      sellerName: carRows[report.car].sellerName,
      reason: report.reason,
      note: report.note,
      createdAt: iso(report.createdAt),
    }));

    // One transaction; rows in chunks so no statement carries too many parameters.
    const chunks = <T>(rows: T[], size = 100) =>
      Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
    const [first, ...rest]: BatchItem<"sqlite">[] = [
      db.insert(users).values(userRows),
      db.insert(categories).values(categoryRows),
      ...chunks(uploadRows).map((rows) => db.insert(uploads).values(rows)),
      ...chunks(carRows, 50).map((rows) => db.insert(cars).values(rows)),
      ...chunks(photoRows).map((rows) => db.insert(carPhotos).values(rows)),
      ...chunks(priceRows).map((rows) => db.insert(priceChanges).values(rows)),
      ...chunks(viewRows).map((rows) => db.insert(carViewDays).values(rows)),
      db.insert(bookings).values(bookingRows),
      db.insert(payments).values(paymentRows),
      db.insert(ledgerEntries).values(ledgerRows),
      ...chunks(simulatedIntentRows).map((rows) => db.insert(simulatedIntents).values(rows)),
      ...chunks(simulatedMovementRows).map((rows) => db.insert(simulatedMovements).values(rows)),
      db.insert(payoutAccounts).values(payoutRows),
      // The triggers count each into its seller's rating.
      db.insert(reviews).values(reviewRows),
      db.insert(reports).values(reportRows),
    ];
    await db.batch([first, ...rest]);
    // The stored price ratings, as the listings queue keeps them after every change: each make once.
    await refreshPriceRatings(
      { db },
      carRows.map((car) => car.make),
    );
    return true;
  } finally {
    client.close();
  }
}
