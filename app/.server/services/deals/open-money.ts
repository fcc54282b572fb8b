import { sql } from "drizzle-orm";
import { type AppContext } from "../../context";
import { bookings, payments } from "../../db/schema";
import { owesBack } from "./ledger";

// Whether a person still has money moving in a deal: held or disputed for them as a buyer, or due
// to (or owed back by) them as a seller. Such an account cannot be closed or deleted until it is done.

export async function hasOpenMoney(ctx: AppContext, userId: string): Promise<boolean> {
  const [row] = await ctx.db.all<{ open: number }>(sql`
    select exists (
      select 1 from ${payments} left join ${bookings} on ${bookings.id} = ${payments.bookingId}
      where (${payments.sellerId} = ${userId} or ${bookings.buyerId} = ${userId})
        and (${payments.status} in ('held', 'disputed', 'refunding')
          or (${payments.status} = 'released' and ${payments.transferId} is null)
          or ${owesBack})
    ) as open`);
  return Number(row?.open) === 1;
}
