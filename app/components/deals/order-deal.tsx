import { type DealPayment } from "~/lib/deals/deal";
import { formatCents, formatDate } from "~/lib/shared/format";
import { PATHS } from "~/lib/shared/paths";
import { Badge } from "../ui/badge";
import { ButtonLink } from "../ui/button";

/**
 * What comes next for a paid order (the deal), on My Orders and the car's page: while the money is
 * held, "I have the car" and "Report a problem" with the date it is released on its own. Both are
 * plain links to My Orders, which asks before the money moves (a page state, so it works without
 * JavaScript).
 */
export function OrderDeal({
  bookingId,
  carName,
  payment,
  lostToAnotherBuyer = false,
}: {
  bookingId: string;
  carName: string;
  payment: DealPayment;
  /** The buyer paid after another buyer had: their money is given back, and they are told why. */
  lostToAnotherBuyer?: boolean;
}) {
  if (payment.status === "disputed") return <Badge tone="warning">Problem reported: an admin decides</Badge>;
  if (payment.status === "released") return <Badge tone="success">Paid to the seller</Badge>;
  if (payment.status === "refunded" && lostToAnotherBuyer) {
    return (
      <p>
        <Badge>Sold to another buyer</Badge>{" "}
        <span className="text-sm text-slate-700">
          {carName} went to another buyer, who paid first. Your {formatCents(payment.amount)} is given back to your card.
        </span>
      </p>
    );
  }
  if (payment.status === "refunded") return <Badge>Refunded</Badge>;
  return (
    <div className="flex flex-col gap-2">
      <p>
        <Badge tone="info">Money held</Badge>{" "}
        <span className="text-sm text-slate-700">
          Released to the seller on {formatDate(payment.releaseAt)}, unless you report a problem first.
        </span>
      </p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to={`${PATHS.myOrders}?handover=${bookingId}`} preventScrollReset aria-label={`I have the car: ${carName}`}>
          I have the car
        </ButtonLink>
        <ButtonLink to={`${PATHS.myOrders}?dispute=${bookingId}`} variant="secondary" aria-label={`Report a problem with ${carName}`}>
          Report a problem
        </ButtonLink>
      </div>
    </div>
  );
}
