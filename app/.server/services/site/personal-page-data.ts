import { eq } from "drizzle-orm";
import { roleMay } from "~/lib/accounts/policy";
import { type NavbarUser, type PersonalPageData, type PersonalPageQuery } from "~/lib/site/personal-page-data";
import { type AppContext } from "../../context";
import { batchPrepared, preparedStatement } from "../../db/prepared";
import { cars } from "../../db/schema";
import { countCarView, viewerOf } from "../catalog/car-views";
import { viewerCarActionsOf, viewerCarActionsQuery } from "../catalog/viewer-car-actions";
import { ownDealOf, ownDealQuery } from "../deals/bookings";
import { recentCarsQuery, recordCarVisit } from "../search/recently-viewed";
import { type UserRow, type Viewer } from "../users/users";

// Public pages are rendered once for every signed-in visitor and kept in the edge cache
// (workers/page-cache.ts, decision record 31); what is the visitor's own on them comes after
// hydration in one private request, answered here.

/** The signed-in visitor as the session read them (the guards' `SessionUser`): who, and what is unread. */
type SignedInVisitor = Viewer & Pick<UserRow, "name" | "email"> & { unreadNotifications: number; unreadMessages: number };

/** The signed-in user as the navbar and the pages' forms show them. */
export function navbarUserOf(user: SignedInVisitor): NavbarUser {
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    unreadNotifications: user.unreadNotifications,
    // Only for those with an inbox (buyers and sellers).
    unreadMessages: roleMay(user.role, "read:inbox") ? user.unreadMessages : null,
  };
}

/**
 * What a page rendered for every signed-in visitor asks of its visitor (null on any other render:
 * a page rendered for one person already holds their personal data).
 */
export function personalPageQueryFor(ctx: AppContext, query: PersonalPageQuery): PersonalPageQuery | null {
  return ctx.sharedPage?.member ? query : null;
}

const sellerOf = preparedStatement(["carId"], (ctx, { carId }) =>
  ctx.db.select({ sellerId: cars.sellerId }).from(cars).where(eq(cars.id, carId)).limit(1),
);

/**
 * A page's personal data: who the visitor is (the navbar), their actions on its cars and, on a
 * car's page, whether the car is theirs and their purchase of it, which notes the visit and counts
 * the view (a seller's look at their own car is no view). Signed out (an ended session): nobody's.
 * Two round trips: the session, then one batch of the rest (every statement prepared once, db/prepared.ts).
 */
export async function loadPersonalPageData(
  ctx: AppContext,
  request: Request,
  user: SignedInVisitor | null,
  query: PersonalPageQuery,
): Promise<PersonalPageData> {
  if (!user) return { user: null, carActions: viewerCarActionsOf(null, []), car: null, recent: null };
  const carId = query.car ?? "";
  const [carActionRows, dealRows, [car], recent] = await batchPrepared(ctx, [
    viewerCarActionsQuery(ctx, user.id, [...new Set(query.cars)]),
    ownDealQuery(ctx, user.id, carId),
    sellerOf(ctx, { carId }),
    // The other cars, as the car page rendered for one visitor lists them.
    recentCarsQuery(ctx, user.id, query.car),
  ]);
  const own = car?.sellerId === user.id;
  if (car) {
    // After the answer: the visit goes on the account's list, and the view on the views queue.
    ctx.defer(recordCarVisit(ctx, user.id, carId));
    if (!own) ctx.defer(countCarView(ctx, carId, viewerOf(ctx, request)));
  }
  return {
    user: navbarUserOf(user),
    carActions: viewerCarActionsOf(user, carActionRows),
    car: car ? { own, deal: ownDealOf(dealRows) } : null,
    recent: query.recent || query.car ? recent : null,
  };
}
