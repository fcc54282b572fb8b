import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/form-body";
import { actionResult, failedAction, redirectWithToast } from "~/.server/page-errors";
import { cancelBooking, listBuyerOrders } from "~/.server/services/bookings";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { EmptyState } from "~/components/ui/empty-state";
import { ResultBanner } from "~/components/ui/result-banner";
import { formatPrice } from "~/lib/format";
import { privatePageMeta } from "~/lib/meta";
import { PATHS, pathTo } from "~/lib/paths";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/my-orders";

export const meta: Route.MetaFunction = () => privatePageMeta("My Orders");

const actionSchema = rowActionSchema(["cancel"] as const);

export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = await requirePermission(context.app, request, "read:my-orders");
  const orders = await listBuyerOrders(context.app, buyer.id);
  // "Are you sure?" is a page state (docs/decisions/0004): ?confirm=<booking id> of a cancellable order.
  const confirmId = new URL(request.url).searchParams.get("confirm");
  return { orders, confirm: orders.find((order) => order._id === confirmId && !order.paid && !order.paymentUnderWay) ?? null };
}

/** Cancels an unpaid booking once confirmed; the service refuses paid ones and those being paid for. */
export async function action({ request, context }: Route.ActionArgs) {
  const buyer = await requirePermission(context.app, request, "read:my-orders");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction();
  const { id } = submission.value;
  return actionResult(async () => {
    await cancelBooking(context.app, buyer, id);
    throw redirectWithToast(context.app, PATHS.myOrders, { type: "success", message: "Booking cancelled" });
  });
}

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, confirm } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-6 text-title">My Orders</h1>
      <ResultBanner result={actionData} />
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
                <h2 className="text-heading">{order.productName}</h2>
                <p className="text-brand-700 font-semibold">{formatPrice(order.resalePrice)}</p>
                <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
                  {order.paid ? (
                    <Badge tone="success">Paid</Badge>
                  ) : order.soldToSomeoneElse ? (
                    <Badge>Sold to another buyer</Badge>
                  ) : (
                    <ButtonLink to={pathTo(PATHS.payment, { id: order._id })} aria-label={`Pay for ${order.productName}`}>
                      Pay
                    </ButtonLink>
                  )}
                  {!order.paid &&
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
