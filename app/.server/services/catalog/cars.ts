import { and, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { CONFIRM_EMAIL_TO_LIST, type CarInput, type CarUpdate } from "~/lib/schemas/catalog";
import { sellerRating } from "~/lib/catalog/seller-rating";
import { type Car, type CarDetail, type CarPhoto } from "~/lib/schemas/types";
import { photoKeyOf } from "~/lib/shared/photo";
import { decodeVin } from "~/lib/catalog/vin";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { batchPrepared, preparedStatement } from "../../db/prepared";
import { categories, priceChanges, carPhotos, cars, uploads, users } from "../../db/schema";
import { Conflict, Forbidden, Invalid, NotFound } from "../../errors";
import { batchItemsOf, effectsOf, type EventOf, publish } from "../events";
import { noPaymentUnderWay } from "./payment-window";
import { createWithPhoto } from "../uploads/uploads";
import { type UserRow } from "../users/users";

// Every car read carries the seller's live verified flag, so the badge needs no second call,
// and its photos in order (one indexed sub-select per row, in the same round trip).
const photosJson = sql<string>`(select json_group_array(json_object('url', ${sql.raw("url")}, 'smallUrl', ${sql.raw("small_url")}, 'width', ${sql.raw("width")}, 'height', ${sql.raw("height")})) from (select * from ${carPhotos} where ${carPhotos.productId} = ${cars.id} order by ${carPhotos.position}))`;
const carColumns = {
  ...getTableColumns(cars),
  sellerVerified: users.sellerVerified,
  sellerRatingCount: users.ratingCount,
  sellerRatingTotal: users.ratingTotal,
  photos: photosJson,
};
type CarRow = typeof cars.$inferSelect & {
  sellerVerified: boolean | null;
  sellerRatingCount: number | null;
  sellerRatingTotal: number | null;
  photos: string | null;
};

/** The photo a list row was given by the sub-select; a car always has at least its cover. */
function photosOf(row: CarRow): CarPhoto[] {
  const photos = row.photos ? (JSON.parse(row.photos) as CarPhoto[]) : [];
  return photos.length > 0 ? photos : [{ url: row.image, smallUrl: null, width: null, height: null }];
}

export function toCar(row: CarRow): Car {
  const photos = photosOf(row);
  return {
    _id: row.id,
    productName: row.name,
    originalPrice: row.originalPrice,
    resalePrice: row.resalePrice,
    location: row.location,
    categoryId: row.categoryId,
    condition: row.condition,
    mobile: row.mobile,
    productDescription: row.description,
    purchaseYear: row.purchaseYear,
    image: row.image,
    createdDate: row.createdAt,
    seller: row.sellerName,
    email: row.sellerEmail,
    isAdvertised: row.isAdvertised,
    isPaid: row.isPaid,
    sellerVerified: row.sellerVerified ?? false,
    sellerRating: sellerRating(row.sellerRatingCount ?? 0, row.sellerRatingTotal ?? 0),
    sellerId: row.sellerId,
    images: photos.map((photo) => photo.url),
    photos,
    make: row.make,
    model: row.model,
    mileageKm: row.mileageKm,
    transmission: row.transmission,
    fuel: row.fuel,
    colour: row.colour,
    vin: row.vin,
    priceRating: row.priceRating,
    updatedAt: row.updatedAt ?? row.createdAt,
  };
}

export function selectCars(ctx: AppContext) {
  return ctx.db.select(carColumns).from(cars).leftJoin(users, eq(users.id, cars.sellerId));
}

/** Advertised cars that are still for sale, newest first (the home page grid). */
export async function listAdvertisedCars(ctx: AppContext, limit = 24): Promise<Car[]> {
  const rows = await selectCars(ctx)
    .where(and(eq(cars.isAdvertised, true), eq(cars.isPaid, false)))
    .orderBy(desc(cars.createdAt))
    .limit(limit);
  return rows.map(toCar);
}

export async function findCar(ctx: AppContext, id: string): Promise<Car> {
  const [row] = await selectCars(ctx).where(eq(cars.id, id)).limit(1);
  if (!row) throw new NotFound("Product not found");
  return toCar(row);
}

/** A car's own page and `GET /api/products/:id`: sold cars too, with every asking price (oldest first) and the VIN's decode. */
export async function findCarDetail(ctx: AppContext, id: string): Promise<CarDetail> {
  const [rows, history] = await batchPrepared(ctx, carDetailQueries(ctx, id));
  return toCarDetail(rows, history);
}

const carById = preparedStatement(["id"], (ctx, { id }) => selectCars(ctx).where(eq(cars.id, id)).limit(1));
const priceHistoryOf = preparedStatement(["id"], (ctx, { id }) =>
  ctx.db
    .select({ price: priceChanges.price, changedAt: priceChanges.changedAt })
    .from(priceChanges)
    .where(eq(priceChanges.productId, id))
    // In the order the changes were written (clocks of parallel requests may disagree, or tie).
    .orderBy(sql`${priceChanges}.rowid`),
);

/** The two statements of a car's detail, for a batch that reads more beside them (the car's page). */
export function carDetailQueries(ctx: AppContext, id: string) {
  return [carById(ctx, { id }), priceHistoryOf(ctx, { id })] as const;
}

/** The detail from the answers to productDetailQueries; no car → 404. */
export function toCarDetail(rows: CarRow[], history: CarDetail["priceHistory"]): CarDetail {
  if (!rows[0]) throw new NotFound("Product not found");
  const car = toCar(rows[0]);
  return { ...car, priceHistory: history, vinDecoded: car.vin ? decodeVin(car.vin) : null };
}

const SELLER_LIST_LIMIT = 500;

/** A seller's cars, sold ones included, newest first (their own dashboard list). */
export async function listSellerCars(ctx: AppContext, caller: UserRow, sellerEmail: string): Promise<Car[]> {
  enforce(
    "read:cars:self-or-admin",
    caller,
    caller.email.toLowerCase() === sellerEmail.toLowerCase(),
    "You can only ask about your own account",
  );
  const rows = await selectCars(ctx)
    .where(eq(cars.sellerId, sql`(select ${users.id} from ${users} where lower(${users.email}) = ${sellerEmail.toLowerCase()})`))
    .orderBy(desc(cars.createdAt))
    .limit(SELLER_LIST_LIMIT);
  return rows.map(toCar);
}

/** A photo as the services take it: a URL this app issued and, from the browser, its small copy. */
export interface PhotoInput {
  url: string;
  smallUrl?: string;
}

/**
 * The photo rows for a car, in order. Every URL (small copies too) must be an upload this app
 * stored, which also gives each photo's dimensions; otherwise 400 on `images`. And each must be the
 * seller's own upload (or already this car's photo, as seeded photos are): someone else's upload
 * key is not theirs to show, and answers 404 naming the photo.
 */
async function photoRows(ctx: AppContext, carId: string, sellerId: string, photos: PhotoInput[], field: PhotosField = "images") {
  const keyOf = (url: string) => photoKeyOf(url) ?? url;
  const urls = photos.flatMap((photo) => [photo.url, ...(photo.smallUrl ? [photo.smallUrl] : [])]);
  const stored = await ctx.db
    .select({
      key: uploads.key,
      width: uploads.width,
      height: uploads.height,
      uploaderId: uploads.uploaderId,
      onThisCar: sql<number>`exists (select 1 from ${carPhotos} where ${carPhotos.productId} = ${carId} and '/images/' || ${uploads.key} in (${carPhotos.url}, ${carPhotos.smallUrl}))`,
    })
    .from(uploads)
    .where(inArray(uploads.key, urls.map(keyOf)));
  const byKey = new Map(stored.map((upload) => [upload.key, upload]));
  if (urls.some((url) => !byKey.has(keyOf(url)))) {
    throw new Invalid("Photo is required", [
      { path: field, message: "Upload each photo with POST /api/images and send the url it returns" },
    ]);
  }
  const othersPhoto = urls.find((url) => {
    const upload = byKey.get(keyOf(url))!;
    return upload.uploaderId !== sellerId && !upload.onThisCar;
  });
  if (othersPhoto) throw new NotFound(`Photo not found: ${othersPhoto} is not one of your uploads`);
  return photos.map((photo, position) => {
    const { width, height } = byKey.get(keyOf(photo.url))!;
    return { productId: carId, position, url: photo.url, smallUrl: photo.smallUrl ?? null, width, height };
  });
}

const VIN_TAKEN = "This VIN is already listed";

/** A write refused by the one-unsold-listing-per-VIN index → 409 on `vin`. */
function vinTaken(error: unknown): never {
  if (isUniqueViolation(error) && /vin/i.test(`${(error as Error).message} ${String((error as Error).cause ?? "")}`)) {
    throw new Conflict(VIN_TAKEN, [{ path: "vin", message: VIN_TAKEN }]);
  }
  throw error;
}

/** The input field the photos came in, where a refusal of them is reported. */
type PhotosField = CarInput["photosField"];

export type NewCar = Omit<CarInput, "images" | "photosField"> & { photos: PhotoInput[]; photosField?: PhotosField };

/**
 * Lists a car for a seller. Seller, email, dates and flags come from the server, never the client;
 * the category must exist and the photos must be ones this app stored. The car, its photos and its
 * first asking price are written in one batch.
 */
export async function createCar(ctx: AppContext, seller: UserRow, input: NewCar): Promise<string> {
  requireListingAllowed(seller);
  const id = crypto.randomUUID();
  const [[category], photos] = await Promise.all([
    ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1),
    photoRows(ctx, id, seller.id, input.photos, input.photosField),
  ]);
  if (!category) throw new NotFound("Category not found");
  const now = ctx.now().toISOString();
  await ctx.db
    .batch([
      ctx.db.insert(cars).values({
        id,
        name: input.productName,
        originalPrice: input.originalPrice,
        resalePrice: input.resalePrice,
        location: input.location,
        categoryId: input.categoryId,
        condition: input.condition,
        mobile: input.mobile,
        description: input.productDescription,
        purchaseYear: input.purchaseYear,
        image: photos[0].url,
        make: input.make,
        model: input.model,
        mileageKm: input.mileageKm,
        transmission: input.transmission,
        fuel: input.fuel,
        colour: input.colour,
        vin: input.vin,
        sellerId: seller.id,
        sellerName: seller.name,
        sellerEmail: seller.email,
        isAdvertised: false,
        isPaid: false,
        createdAt: now,
      }),
      ctx.db.insert(carPhotos).values(photos),
      ctx.db.insert(priceChanges).values({ productId: id, price: input.resalePrice, changedAt: now }),
    ])
    .catch(vinTaken);
  // Saved searches are matched, and the make's price ratings refreshed, on the queue, never in the
  // seller's request (the Cron Trigger's sweep matches the listing if this send fails).
  await publish(ctx, [
    { type: "car_changed", car: { id, sellerId: seller.id } },
    { type: "car_listed", carId: id, make: input.make },
  ]);
  return id;
}

/**
 * A seller may list only from a confirmed address: anyone can register someone else's address, and
 * a listing made under it (with the holder's own phone number) would speak for its real owner.
 */
export function requireListingAllowed(seller: UserRow): void {
  enforce("create:car", seller);
  if (!seller.emailVerified) throw new Forbidden(CONFIRM_EMAIL_TO_LIST);
}

/** Lists a car with the one photo sent along (the add-product form without JavaScript); the photo goes again if listing fails. */
export function addCar(ctx: AppContext, seller: UserRow, input: Omit<NewCar, "photos">, photo: Blob): Promise<string> {
  // Refused before the photo is stored at all.
  requireListingAllowed(seller);
  return createWithPhoto(ctx, seller.id, photo, (image) => createCar(ctx, seller, { ...input, photos: [{ url: image }] }));
}

export type CarChanges = Omit<CarUpdate, "images"> & { photos?: PhotoInput[] };

/**
 * The owner's changes to an unsold car (409 once sold). A new asking price is added to the price
 * history; new photos replace the old ones in the order given, the first being the cover.
 *
 * The price a change replaces is the one its write replaces: the write holds only while the price
 * is still the one read (a parallel edit in between makes it read again and retry), so the history
 * ends with the current price and a drop says what the price really was. While a buyer is paying,
 * the price stays (409): the payment is for the price it started with.
 */
export async function updateCar(ctx: AppContext, user: UserRow, id: string, changes: CarChanges): Promise<void> {
  for (let attempt = 1; attempt <= PRICE_EDIT_ATTEMPTS; attempt++) {
    const car = await ownedCar(ctx, user, id, "update:car:own");
    if (await writeCarChanges(ctx, user, car, changes)) return;
  }
  throw new Conflict("The price was changed by another edit at the same moment. Please try again.");
}

// Parallel edits of one car's price retry until theirs is the write that holds (each round, one does).
const PRICE_EDIT_ATTEMPTS = 10;

/** One attempt of updateCar from the car as read; false when its price moved meanwhile. */
async function writeCarChanges(ctx: AppContext, user: UserRow, car: typeof cars.$inferSelect, changes: CarChanges) {
  const id = car.id;
  if (car.isPaid) throw new Conflict(SOLD_CANNOT_CHANGE);
  const now = ctx.now().toISOString();
  const { photos: _photos, productDescription: carDescription, ...fields } = changes;
  const newPrice = changes.resalePrice !== undefined && changes.resalePrice !== car.resalePrice ? changes.resalePrice : undefined;
  // Every statement holds only while the car is unsold (a sale in between changes nothing), its
  // price is still the one read when the change names a price, and no payment is under way when
  // the price changes.
  const stillAsRead = sql`exists (select 1 from ${cars} where ${and(
    eq(cars.id, id),
    eq(cars.isPaid, false),
    changes.resalePrice === undefined ? undefined : eq(cars.resalePrice, car.resalePrice),
  )})${newPrice === undefined ? sql`` : sql` and ${noPaymentUnderWay(ctx, id)}`}`;
  const priceChangeId = crypto.randomUUID();
  const [photos, priceDrop] = await Promise.all([
    changes.photos ? photoRows(ctx, id, user.id, changes.photos) : undefined,
    effectsOf(
      ctx,
      newPrice === undefined || newPrice >= car.resalePrice
        ? []
        : [
            {
              type: "car_price_dropped",
              car: { id, name: car.name, sellerId: car.sellerId, oldPrice: car.resalePrice, newPrice },
              priceChangeId,
              when: stillAsRead,
            },
          ],
    ),
  ]);
  // Every statement that tests the condition runs before the one that changes the car (and its price).
  const conditionalWrites = [
    ...(newPrice === undefined
      ? []
      : [
          sql`insert into ${priceChanges} (id, product_id, price, changed_at)
              select ${priceChangeId}, ${id}, ${newPrice}, ${now} where ${stillAsRead}`,
        ]),
    // Users who saved the car hear of a lower price (written only along with the change).
    ...priceDrop.statements,
    ...(photos
      ? [
          sql`delete from ${carPhotos} where ${carPhotos.productId} = ${id} and ${stillAsRead}`,
          sql`insert into ${carPhotos} (product_id, position, url, small_url, width, height)
              select ${id}, value ->> 'position', value ->> 'url', value ->> 'smallUrl', value ->> 'width', value ->> 'height'
              from json_each(${JSON.stringify(photos)}) where ${stillAsRead}`,
        ]
      : []),
  ].map((statement) => ctx.db.run(statement));
  const changeCar = ctx.db
    .update(cars)
    .set({
      ...fields,
      ...(carDescription === undefined ? {} : { description: carDescription }),
      ...(photos ? { image: photos[0].url } : {}),
      updatedAt: now,
    })
    .where(sql`${cars.id} = ${id} and ${stillAsRead}`)
    .returning({ id: cars.id });
  const [first, ...rest] = [...conditionalWrites, changeCar];
  const results = await ctx.db.batch([first, ...rest]).catch(vinTaken);
  const updated = results.at(-1) as { id: string }[];
  if (updated.length === 0) return refusedChange(ctx, id, car.resalePrice, newPrice !== undefined);
  await priceDrop.afterCommit();
  const rated = PRICE_RATING_INPUTS.some((field) => changes[field] !== undefined && changes[field] !== car[field]);
  await publish(ctx, [
    { type: "car_changed", car },
    ...(rated ? [{ type: "comparables_changed" as const, makes: [car.make, changes.make] }] : []),
  ]);
  return true;
}

/** Why a change's write held nothing: sold, or a payment under way (409), or the price moved (false: read again). */
async function refusedChange(ctx: AppContext, id: string, priceRead: number, changesPrice: boolean): Promise<false> {
  const [now] = await ctx.db
    .select({ isPaid: cars.isPaid, resalePrice: cars.resalePrice, paying: sql<number>`not ${noPaymentUnderWay(ctx, id)}` })
    .from(cars)
    .where(eq(cars.id, id));
  if (!now) throw new NotFound("Product not found");
  if (now.isPaid) throw new Conflict(SOLD_CANNOT_CHANGE);
  if (changesPrice && now.resalePrice === priceRead && now.paying) throw new Conflict(PAYING_PRICE_STAYS);
  return false;
}

const PAYING_PRICE_STAYS = "A buyer is paying for this car right now, so its price cannot change. Try again in half an hour.";

/** What a car's price rating, and its make's other cars' ratings, are worked out from (year and category never change). */
const PRICE_RATING_INPUTS = ["resalePrice", "make", "model", "mileageKm"] as const satisfies (keyof CarChanges)[];

async function ownedCar(
  ctx: AppContext,
  user: UserRow,
  id: string,
  permission: "advertise:car:own" | "delete:car:own-or-admin" | "update:car:own",
) {
  const [car] = await ctx.db.select().from(cars).where(eq(cars.id, id)).limit(1);
  if (!car) throw new NotFound("Product not found");
  enforce(permission, user, car.sellerId === user.id, "You can only change your own products");
  return car;
}

/** One-way switch to the home page's advertised grid; false when already advertised, 409 when sold. */
export async function advertiseCar(ctx: AppContext, user: UserRow, id: string): Promise<boolean> {
  const car = await ownedCar(ctx, user, id, "advertise:car:own");
  if (car.isPaid) throw new Conflict("This car is sold and can no longer be advertised");
  const updated = await ctx.db
    .update(cars)
    .set({ isAdvertised: true })
    .where(and(eq(cars.id, id), eq(cars.isAdvertised, false), eq(cars.isPaid, false)))
    .returning({ id: cars.id });
  if (updated.length > 0) await publish(ctx, [{ type: "car_changed", car }]);
  return updated.length > 0;
}

/**
 * Removes an unsold car (its reports and unpaid bookings go with it by cascade). Sold cars stay
 * for the records: 409. The seller's own cars, or any car for an admin; `audited` names an
 * admin's delete for the trail from the car as it was read.
 */
export async function deleteCar(
  ctx: AppContext,
  user: UserRow,
  id: string,
  audited?: (car: typeof cars.$inferSelect) => EventOf<"admin_acted">,
): Promise<void> {
  const car = await ownedCar(ctx, user, id, "delete:car:own-or-admin");
  if (car.isPaid) throw new Conflict(SOLD_CANNOT_DELETE);
  const deleteStatement = ctx.db
    .delete(cars)
    .where(and(eq(cars.id, id), eq(cars.isPaid, false), noPaymentUnderWay(ctx, id)))
    .returning({ id: cars.id });
  // An admin's delete is recorded in the same batch (and only if the car went).
  const [deleted] = await ctx.db.batch([deleteStatement, ...(await batchItemsOf(ctx, audited ? [audited(car)] : []))]);
  if (deleted.length === 1) {
    await publish(ctx, [
      { type: "car_changed", car },
      { type: "comparables_changed", makes: [car.make] },
    ]);
    return;
  }
  // Refused by the conditions: say which one held (a concurrent delete, a sale, or a payment).
  const [now] = await ctx.db
    .select({ isPaid: cars.isPaid, paying: sql<number>`not ${noPaymentUnderWay(ctx, id)}` })
    .from(cars)
    .where(eq(cars.id, id));
  if (!now) throw new NotFound("Product not found");
  if (now.isPaid) throw new Conflict(SOLD_CANNOT_DELETE);
  throw new Conflict("A buyer is paying for this car right now. Try again in half an hour.");
}

const SOLD_CANNOT_DELETE = "This car is sold: it stays for the records and cannot be deleted";
const SOLD_CANNOT_CHANGE = "This car is sold and can no longer be changed";
