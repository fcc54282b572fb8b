import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction, redirectWithToast } from "~/.server/web/page-errors";
import * as v from "valibot";
import { cancelBooking, listBuyerOrders } from "~/.server/services/deals/bookings";
import { confirmHandover, openDispute } from "~/.server/services/deals/deal-actions";
import { DisputeForm } from "~/components/deals/dispute-form";
import { OrderDeal } from "~/components/deals/order-deal";
import { disputeSchema } from "~/lib/schemas/deals";
import { createReview, reviewsOfPaidOrders } from "~/.server/services/catalog/reviews";
import { RateSeller } from "~/components/catalog/rate-seller";
import { Badge } from "~/components/ui/badge";
import { OrderFacts } from "~/components/deals/order-facts";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { EmptyState } from "~/components/ui/empty-state";
import { ResultBanner } from "~/components/ui/result-banner";
import { formatCents, formatPrice } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { rateSellerFormSchema } from "~/lib/schemas/catalog";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/my-orders";

export const meta: Route.MetaFunction = () => privatePageMeta("My Orders");

const cancelSchema = rowActionSchema(["cancel"] as const);
const handoverSchema = rowActionSchema(["handover"] as const);
const disputeFormSchema = v.object({ ...disputeSchema.entries, ...rowActionSchema(["dispute"] as const).entries });

export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = await requirePermission(context.app, request, "read:my-orders");
  const [orders, reviews] = await Promise.all([listBuyerOrders(context.app, buyer), reviewsOfPaidOrders(context.app, buyer.id)]);
  // "Are you sure?" and the rating form without JavaScript are page states (docs/decisions/0004):
  // ?confirm=<booking id> of a cancellable order, ?rate=<booking id> of one whose seller may be rated.
  const params = new URL(request.url).searchParams;
  const confirmId = params.get("confirm");
  const disputeId = params.get("dispute");
  const handoverId = params.get("handover");
  return {
    orders,
    reviews,
    confirm: orders.find((order) => order._id === confirmId && !order.paid && !order.paymentUnderWay) ?? null,
    rate: params.get("rate"),
    // ?dispute=<booking id> of an order whose money is held: the "Report a problem" form.
    dispute: orders.find((order) => order._id === disputeId && order.payment?.status === "held") ?? null,
    // ?handover=<booking id> of an order whose money is held: "I have the car" asks before the money goes.
    handover: orders.find((order) => order._id === handoverId && order.payment?.status === "held") ?? null,
  };
}

/**
 * Cancels an unpaid booking once confirmed (the service refuses paid ones and those being paid
 * for), or rates the seller of a paid one (once per booking).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const buyer = await requirePermission(context.app, request, "read:my-orders");
  const form = await readFormBody(request);
  if (form.get("intent") === "rate") {
    const rating = parseForm(form, rateSellerFormSchema);
    if (rating.status !== "success") return failedAction(Object.values(rating.error ?? {})[0]?.[0]);
    return actionResult(async () => {
      await createReview(context.app, buyer, rating.value);
      return { ok: true, message: "Thank you: your rating of the seller is saved" };
    });
  }
  if (form.get("intent") === "handover") {
    const handover = parseForm(form, handoverSchema);
    if (handover.status !== "success") return failedAction();
    return actionResult(async () => {
      await confirmHandover(context.app, buyer, handover.value.id);
      return { ok: true, message: "Enjoy your car! The money has been released to the seller." };
    });
  }
  if (form.get("intent") === "dispute") {
    const dispute = parseForm(form, disputeFormSchema);
    if (dispute.status !== "success") return failedAction(Object.values(dispute.error ?? {})[0]?.[0]);
    const { id, ...input } = dispute.value;
    return actionResult(async () => {
      await openDispute(context.app, buyer, id, input);
      return { ok: true, message: "Problem reported: the money stays held until an admin decides" };
    });
  }
  const submission = parseForm(form, cancelSchema);
  if (submission.status !== "success") return failedAction();
  const { id } = submission.value;
  return actionResult(async () => {
    await cancelBooking(context.app, buyer, id);
    throw redirectWithToast(context.app, PATHS.myOrders, { type: "success", message: "Booking cancelled" });
  });
}

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, reviews, confirm, rate, dispute, handover } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-6 text-title">My Orders</h1>
      <ResultBanner result={actionData} />
      {dispute && <DisputeForm bookingId={dispute._id} carName={dispute.productName} />}
      {handover?.payment && (
        <ConfirmPanel
          intent="handover"
          id={handover._id}
          title={`Do you have ${handover.productName}?`}
          text={`${formatCents(handover.payment.amount - handover.payment.refundedAmount)} will be paid to ${handover.seller.name}. This cannot be undone.`}
          confirmLabel={`Yes, pay ${handover.seller.name}`}
          cancelTo="."
          cancelLabel="Not yet"
        />
      )}
      {confirm && (
        <ConfirmPanel
          intent="cancel"
          id={confirm._id}
          confirmLabel={`Yes, cancel my booking of ${confirm.productName}`}
          cancelTo="."
          cancelLabel="Keep the booking"
        />
      )}
      {orders.length === 0 ? (
        <EmptyState
          title="You have not booked a car yet."
          action={<ButtonLink to="/#categories-heading">Browse the categories</ButtonLink>}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {orders.map((order) => (
            <li key={order._id} className="card flex flex-col overflow-hidden">
              <img
                src={order.image}
                alt={`Photo of ${order.productName}`}
                width={800}
                height={500}
                loading="lazy"
                className="aspect-[8/5] w-full object-cover"
              />
              <div className="flex flex-1 flex-col gap-2 p-5">
                <h2 className="text-heading">
                  <Link to={pathTo(PATHS.car, { id: order.product_id })} className="inline-flex min-h-11 items-center hover:underline">
                    {order.productName}
                  </Link>
                </h2>
                <p className="text-brand-700 font-semibold">{formatPrice(order.resalePrice)}</p>
                <OrderFacts order={order} />
                <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
                  {order.payment && (
                    <OrderDeal
                      bookingId={order._id}
                      carName={order.productName}
                      payment={order.payment}
                      lostToAnotherBuyer={order.lostToAnotherBuyer}
                    />
                  )}
                  {order.payment?.status === "refunded" ? null : order.paid ? (
                    <>
                      <ButtonLink
                        to={pathTo(PATHS.receipt, { id: order._id })}
                        variant="secondary"
                        aria-label={`Paid: see the receipt for ${order.productName}`}
                      >
                        Paid: see the receipt
                      </ButtonLink>
                      {reviews[order._id] && (
                        <RateSeller
                          bookingId={order._id}
                          carName={order.productName}
                          {...reviews[order._id]}
                          formOpen={rate === order._id}
                        />
                      )}
                    </>
                  ) : order.soldToSomeoneElse ? (
                    <Badge>Sold to another buyer</Badge>
                  ) : (
                    <ButtonLink to={pathTo(PATHS.payment, { id: order._id })} aria-label={`Pay for ${order.productName}`}>
                      Pay
                    </ButtonLink>
                  )}
                  {!order.paid &&
                    !order.payment &&
                    (order.paymentUnderWay ? (
                      <span className="text-sm text-slate-700">Payment under way: it cannot be cancelled now</span>
                    ) : (
                      <ButtonLink
                        to={`?confirm=${order._id}`}
                        preventScrollReset
                        aria-label={`Cancel booking: ${order.productName}`}
                        variant="secondary"
                      >
                        Cancel booking
                      </ButtonLink>
                    ))}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
