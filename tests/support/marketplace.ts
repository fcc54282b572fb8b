import { eq } from "drizzle-orm";
import { type AppContext } from "~/.server/context";
import { bookings, categories, cars, users, type Role } from "~/.server/db/schema";
import { createBooking } from "~/.server/services/deals/bookings";
import { type UserRow } from "~/.server/services/users/users";

// Rows for service-level tests: accounts, a category and cars made directly in the database,
// each with fresh names, so tests in one file never see each other's rows by accident.

const unique = () => crypto.randomUUID().slice(0, 8);

export function marketplace(ctx: AppContext) {
  async function account(role: Role, label: string = role): Promise<UserRow> {
    const id = unique();
    const [row] = await ctx.db
      .insert(users)
      // Established accounts: their email is confirmed (a seller may list).
      .values({ name: `${label} ${id}`, email: `${label}-${id}@example.test`, role, emailVerified: true })
      .returning();
    return row;
  }

  async function category(): Promise<string> {
    const [row] = await ctx.db
      .insert(categories)
      .values({ name: `Category ${unique()}`, image: "/images/category.jpg" })
      .returning({ id: categories.id });
    return row.id;
  }

  /** An unsold car of this seller, priced in whole dollars. */
  async function car(seller: UserRow, fields: { resalePrice?: number; isAdvertised?: boolean; categoryId?: string } = {}): Promise<string> {
    const [row] = await ctx.db
      .insert(cars)
      .values({
        name: `Car ${unique()}`,
        originalPrice: 30000,
        resalePrice: fields.resalePrice ?? 20000,
        location: "Dhaka",
        categoryId: fields.categoryId ?? (await category()),
        condition: "Good",
        mobile: "+880 1711-000000",
        description: "A car for a service test.",
        purchaseYear: 2018,
        image: "/images/car.jpg",
        sellerId: seller.id,
        sellerName: seller.name,
        sellerEmail: seller.email,
        isAdvertised: fields.isAdvertised ?? false,
        createdAt: ctx.now().toISOString(),
      })
      .returning({ id: cars.id });
    return row.id;
  }

  const book = (buyer: UserRow, carId: string) =>
    createBooking(ctx, buyer, { product_id: carId, phone: "01711 000000", meetingLocation: "Dhaka" });

  async function carRow(id: string) {
    const [row] = await ctx.db.select().from(cars).where(eq(cars.id, id));
    return row;
  }

  async function bookingRow(id: string) {
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, id));
    return row;
  }

  return { account, category, car, book, carRow, bookingRow };
}
