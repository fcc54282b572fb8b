import { Form } from "react-router";
import { type OfferItem } from "~/lib/schemas/types";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field";
import { formatDateTime, formatPrice } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";

// The Offers pages' rows: the offer against the asking price, the time left, and the caller's steps.

const STATUS_LABELS: Record<OfferItem["status"], string> = {
  open: "Waiting for the seller",
  countered: "Countered: waiting for the buyer",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  expired: "Expired",
};

function timeLeft(expiresAt: string, now: number) {
  const hours = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 3_600_000));
  return hours >= 1 ? `${hours} h left to answer` : "Less than an hour left to answer";
}

function StepButton({
  offer,
  step,
  label,
  variant = "secondary",
}: {
  offer: OfferItem;
  step: string;
  label: string;
  variant?: "secondary" | "danger";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={offer._id} />
      <input type="hidden" name="step" value={step} />
      <Button type="submit" variant={variant} size="sm" aria-label={`${label}: ${offer.productName}`}>
        {label}
      </Button>
    </Form>
  );
}

function Steps({ offer }: { offer: OfferItem }) {
  const sellerTurn = offer.status === "open" && offer.mine === "seller";
  const buyerTurn = offer.status === "countered" && offer.mine === "buyer";
  const agreed = offer.status === "countered" ? offer.counterAmount! : offer.amount;
  return (
    <div className="mt-2 flex flex-col gap-3 border-t border-slate-200 pt-3">
      {(sellerTurn || buyerTurn) && (
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="id" value={offer._id} />
          <input type="hidden" name="step" value="accept" />
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name="confirm" value="yes" required className="size-5" />
            {sellerTurn ? `Sell at ${formatPrice(agreed)}` : `Buy at ${formatPrice(agreed)}`} (the buyer has 24 hours to pay)
          </label>
          <div>
            <Button type="submit" size="sm" aria-label={`Accept ${formatPrice(agreed)}: ${offer.productName}`}>
              Accept
            </Button>
          </div>
        </Form>
      )}
      {sellerTurn && (
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="id" value={offer._id} />
          <input type="hidden" name="step" value="counter" />
          <label htmlFor={`counter-${offer._id}`} className="font-medium">
            Counter-offer in dollars (more than {formatPrice(offer.amount)}, less than {formatPrice(offer.price)})
          </label>
          <input
            id={`counter-${offer._id}`}
            name="amount"
            type="number"
            required
            min={offer.amount + 1}
            max={offer.price - 1}
            className={inputClass}
          />
          <div>
            <Button type="submit" variant="secondary" size="sm" aria-label={`Counter: ${offer.productName}`}>
              Counter
            </Button>
          </div>
        </Form>
      )}
      <div className="flex flex-wrap gap-3">
        {(sellerTurn || buyerTurn) && <StepButton offer={offer} step="decline" label="Decline" variant="danger" />}
        {offer.mine === "buyer" && (offer.status === "open" || offer.status === "countered") && (
          <StepButton offer={offer} step="withdraw" label="Withdraw" />
        )}
      </div>
    </div>
  );
}

export function OfferList({ offers, now, empty }: { offers: OfferItem[]; now: number; empty: string }) {
  if (offers.length === 0) return <EmptyState title={empty} />;
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {offers.map((offer) => (
        <li key={offer._id} className="card flex flex-col gap-2 p-5">
          <h2 className="text-heading break-words">{offer.productName}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-semibold text-slate-700">{offer.mine === "seller" ? "Buyer" : "Seller"}</dt>
            <dd className="break-words">{offer.mine === "seller" ? offer.buyerName : offer.sellerName}</dd>
            <dt className="font-semibold text-slate-700">Offer</dt>
            <dd>
              <strong>{formatPrice(offer.amount)}</strong> (asking {formatPrice(offer.price)})
            </dd>
            {offer.counterAmount !== null && (
              <>
                <dt className="font-semibold text-slate-700">Counter</dt>
                <dd>{formatPrice(offer.counterAmount)}</dd>
              </>
            )}
            <dt className="font-semibold text-slate-700">Made</dt>
            <dd>{formatDateTime(offer.createdAt)}</dd>
          </dl>
          {offer.message && <p className="break-words text-slate-700">“{offer.message}”</p>}
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone={offer.status === "accepted" ? "success" : "info"}>{STATUS_LABELS[offer.status]}</Badge>
            {(offer.status === "open" || offer.status === "countered") && <span>{timeLeft(offer.expiresAt, now)}</span>}
            {offer.status === "accepted" && offer.mine === "buyer" && offer.bookingId && (
              <ButtonLink to={pathTo(PATHS.payment, { id: offer.bookingId })} size="sm">
                Pay {formatPrice(offer.counterAmount ?? offer.amount)}
              </ButtonLink>
            )}
          </div>
          <Steps offer={offer} />
        </li>
      ))}
    </ul>
  );
}
