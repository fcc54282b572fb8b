import { lazy, Suspense, useEffect, useState } from "react";
import { redirect, useActionData, useRevalidator } from "react-router";
import { requirePermission, requireUser } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction, orPageError } from "~/.server/web/page-errors";
import { findBookingToView } from "~/.server/services/deals/bookings";
import { payWithSimulatorCard } from "~/.server/services/deals/payments";
import { createPaymentIntent, recordPayment } from "~/components/deals/payment-api";
import { SimulatorCardForm } from "~/components/deals/simulator-card-form";
import { Button, ButtonLink } from "~/components/ui/button";
import { formatDateTime, formatPrice } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { simulatorCardFormSchema } from "~/lib/schemas/deals";
import { type Route } from "./+types/payment";

const StripeCardForm = lazy(() => import("~/components/deals/stripe-card-form"));

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(data ? `Payment for ${data.booking.productName}` : "Payment");

/** The booking's buyer (or an admin) pays here; for anyone else the booking does not exist. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context.app, request);
  const { order: booking, own } = await orPageError(() => findBookingToView(context.app, user, params.id));
  const provider = context.app.payments?.kind ?? "unavailable";
  return {
    booking,
    // An admin may look at the booking; only its buyer pays for it.
    ownBooking: own,
    provider,
    publishableKey: provider === "stripe" ? context.app.config.stripe.publishableKey : null,
  };
}

/**
 * The simulator's card form posted without JavaScript (with it, the page's script pays through the
 * API): paid, the page shows the payment; refused, the card's problem shows under the form.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(context.app, request, "pay:booking:own");
  const submission = parseForm(await readFormBody(request), simulatorCardFormSchema);
  if (submission.status !== "success") {
    return failedAction(Object.values(submission.error ?? {}).flat()[0] ?? "Please fill in your card's details");
  }
  const { cardNumber, expiry, cvc } = submission.value;
  const card = { number: cardNumber, expMonth: expiry.month, expYear: expiry.year, cvc };
  return actionResult(async () => {
    await payWithSimulatorCard(context.app, user, params.id, card);
    throw redirect(new URL(request.url).pathname);
  });
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  const { booking, provider, publishableKey, ownBooking } = loaderData;
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const refusal = useActionData<typeof action>();
  const [error, setError] = useState(refusal?.ok === false ? refusal.message : "");
  const [transactionId, setTransactionId] = useState<string | null>(booking.transactionId);
  const revalidator = useRevalidator();
  // While an accepted offer holds, its price is the one charged.
  const price = booking.agreedPrice ?? booking.resalePrice;
  const payable = ownBooking && !booking.paid && !booking.soldToSomeoneElse && provider !== "unavailable";

  useEffect(() => {
    if (!payable || transactionId) return;
    createPaymentIntent(booking._id).then(
      (result) => setClientSecret(result.clientSecret),
      (failure: Error) => setError(failure.message),
    );
  }, [booking._id, payable, transactionId]);

  async function succeeded(id: string) {
    await recordPayment(booking._id, id);
    setTransactionId(id);
    // Read the booking again for its payment: the date the money is held until.
    void revalidator.revalidate();
  }

  return (
    <main id="main" className="max-w-xl">
      <h1 className="text-3xl font-bold">Payment for {booking.productName}</h1>
      <p className="mt-2 text-lg">
        {/* Asking for money only while this buyer can still pay. */}
        {`${transactionId ? "You paid" : payable ? "Please pay" : "Price"} `}
        {/* What was charged (the agreed price, if one held), in the page's whole dollars. */}
        <strong>{formatPrice(booking.payment ? booking.payment.amount / 100 : price)}</strong>
        {!booking.payment && booking.agreedPrice !== null && ` (agreed; listed at ${formatPrice(booking.resalePrice)})`}
      </p>
      {!transactionId && booking.agreedUntil && (
        <p className="mt-1 text-slate-700">The agreed price holds until {formatDateTime(booking.agreedUntil)}.</p>
      )}
      {!transactionId && booking.agreementLapsed && (
        <p role="status" className="mt-1 text-slate-700">
          The agreed price was not paid within 24 hours, so the asking price applies again.
        </p>
      )}
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        {transactionId ? (
          <div role="status" className="flex flex-col gap-3">
            <p className="text-lg font-bold text-green-800">Congrats! your payment completed</p>
            <p>
              Transaction id: <code className="break-all rounded bg-slate-100 px-2 py-1">{transactionId}</code>
            </p>
            {/* The spec's rule: once paid, the Pay button becomes "Paid". */}
            <div>
              <Button disabled>Paid</Button>
            </div>
            {ownBooking && (
              <>
                <p className="font-semibold">
                  {booking.payment?.status === "held"
                    ? `Your money is held until ${formatDateTime(booking.payment.releaseAt)}.`
                    : "Your money is held until you have the car."}
                </p>
                <p>
                  Next, on My Orders: choose “I have the car” once it is handed over (the seller is paid then), or “Report a problem” if it
                  is not as described (the money stays held until we decide). If you do neither, it goes to the seller on that date.
                </p>
              </>
            )}
            {ownBooking && (
              <div className="flex flex-wrap gap-3">
                <ButtonLink to={pathTo(PATHS.receipt, { id: booking._id })}>See your receipt</ButtonLink>
                <ButtonLink to={PATHS.myOrders} variant="secondary">
                  My Orders
                </ButtonLink>
              </div>
            )}
          </div>
        ) : !ownBooking ? (
          <p role="status">Not paid yet. Only the buyer who booked it can pay.</p>
        ) : booking.soldToSomeoneElse ? (
          <p role="status">This car has been sold to another buyer, so this order can no longer be paid.</p>
        ) : provider === "unavailable" ? (
          <p role="status">Card payments are unavailable right now. Please try again later.</p>
        ) : provider === "simulator" ? (
          <SimulatorCardForm amount={price} clientSecret={clientSecret} onSucceeded={succeeded} onError={setError} />
        ) : (
          <Suspense fallback={<p>Loading the card form…</p>}>
            <StripeCardForm
              publishableKey={publishableKey ?? ""}
              clientSecret={clientSecret}
              billing={{ name: booking.name, email: booking.email }}
              onSucceeded={succeeded}
              onError={setError}
            />
          </Suspense>
        )}
        {error && (
          <p role="alert" className="mt-4 font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    </main>
  );
}
