import { createClient } from "@libsql/client";
import { count } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { hashPassword } from "../../app/.server/auth/passwords.ts";
import { categories, products, users } from "../../app/.server/db/schema.ts";
import { DEMO_CATEGORIES, DEMO_PASSWORD, DEMO_PRODUCTS, DEMO_USERS } from "./demo-data.ts";
import { carPhotoSvg, categorySvg, renderJpeg, type CarBody } from "./photos.ts";

export type PutPhoto = (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;

/**
 * Seeds the demo accounts and catalogue into an empty database, with photos in object storage.
 * A database that already has users is left alone, so re-running start never duplicates anything.
 */
export async function seedDemoData(options: { dbUrl: string; dbAuthToken?: string; putPhoto: PutPhoto }): Promise<boolean> {
  const client = createClient({ url: options.dbUrl, authToken: options.dbAuthToken });
  const db = drizzle(client);
  try {
    const [{ users: existing }] = await db.select({ users: count() }).from(users);
    if (existing > 0) return false;

    const storePhoto = async (svg: string) => {
      const key = `${crypto.randomUUID()}.jpg`;
      await options.putPhoto(key, await renderJpeg(svg), "image/jpeg");
      return `/images/${key}`;
    };

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const userRows = DEMO_USERS.map((user) => ({ ...user, id: crypto.randomUUID(), passwordHash, emailVerified: true }));
    const userByEmail = new Map(userRows.map((user) => [user.email, user]));

    const categoryRows = await Promise.all(
      DEMO_CATEGORIES.map(async (category) => ({
        id: crypto.randomUUID(),
        name: category.name,
        image: await storePhoto(categorySvg({ title: category.name, body: category.body, color: category.color })),
      })),
    );
    const categoryByName = new Map(
      categoryRows.map((category, index) => [category.name, { ...category, body: DEMO_CATEGORIES[index].body }]),
    );

    const now = Date.now();
    const productRows = await Promise.all(
      DEMO_PRODUCTS.map(async (product, index) => {
        const category = categoryByName.get(product.category)!;
        const seller = userByEmail.get(product.seller)!;
        const body: CarBody = category.body;
        return {
          name: product.name,
          originalPrice: product.originalPrice,
          resalePrice: product.resalePrice,
          location: product.location,
          categoryId: category.id,
          condition: product.condition,
          mobile: `+880 1711-${String(100000 + index * 7919).slice(0, 6)}`,
          description: product.description,
          purchaseYear: product.purchaseYear,
          image: await storePhoto(carPhotoSvg({ body, color: product.color, seed: index + 1 })),
          sellerId: seller.id,
          sellerName: seller.name,
          sellerEmail: seller.email,
          isAdvertised: product.advertised,
          // Newest first follows the list order.
          createdAt: new Date(now - index * 3_600_000).toISOString(),
        };
      }),
    );

    await db.batch([
      db.insert(users).values(userRows),
      db.insert(categories).values(categoryRows),
      db.insert(products).values(productRows),
    ]);
    return true;
  } finally {
    client.close();
  }
}
