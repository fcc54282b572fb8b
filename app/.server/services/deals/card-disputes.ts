import { eq } from "drizzle-orm";
import { type AppContext } from "../../context";
import { payments } from "../../db/schema";
import { openDisputeCase, type PaymentRow } from "./payment-states";

// A card dispute (Stripe's charge.dispute.created, or found when a payment is recorded late).

/** Handling that cannot finish now (a payout of this payment is under way): the event is delivered again later. */
export class TryLater extends Error {}

/** `charge.dispute.created`: a card dispute stops money not yet paid out, and puts money paid out before an admin. */
export async function cardDispute(ctx: AppContext, payment: PaymentRow, disputeId: string) {
  const opened = await openDisputeCase(
    ctx,
    payment,
    { reason: "other", note: `A card dispute was opened with the card's issuer (${disputeId}).` },
    ["held", "released"],
  );
  if (opened) return;
  const [now] = await ctx.db
    .select({ transferId: payments.transferId, claimedUntil: payments.claimedUntil, status: payments.status })
    .from(payments)
    .where(eq(payments.id, payment.id));
  // A transfer of it is under way: once recorded, the dispute applies to money paid out.
  if (now?.status === "released" && !now.transferId && now.claimedUntil) throw new TryLater();
  console.log(JSON.stringify({ requestId: ctx.requestId, event: "card-dispute-nothing-to-stop", paymentId: payment.id, disputeId }));
}
