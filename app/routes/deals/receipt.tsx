import { Link } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { orPageError } from "~/.server/web/page-errors";
import { findReceipt } from "~/.server/services/deals/receipts";
import { linkClass } from "~/components/deals/order-facts";
import { OrderDeal } from "~/components/deals/order-deal";
import { ButtonLink } from "~/components/ui/button";
import { type Receipt } from "~/lib/deals/deal";
import { formatCents, formatDate, formatDateTime } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { type Route } from "./+types/receipt";

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(data ? `Receipt for ${data.receipt.productName}` : "Receipt");

/** A paid booking's receipt, for its buyer (and admins); for anyone else it does not exist. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(context.app, request, "read:receipt:own-or-admin");
  const receipt = await orPageError(() => findReceipt(context.app, user, params.id));
  return { receipt, own: user.role === "buyer" };
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, own } = loaderData;
  const car = pathTo(PATHS.car, { id: receipt.productId });
  const rows: [string, React.ReactNode][] = [
    ["Paid", <strong>{formatCents(receipt.amount)}</strong>],
    [
      "For",
      <Link to={car} className={linkClass}>
        {receipt.productName}
      </Link>,
    ],
    [
      "To",
      receipt.sellerId ? (
        <Link to={pathTo(PATHS.seller, { id: receipt.sellerId })} className={linkClass}>
          {receipt.sellerName}
        </Link>
      ) : (
        receipt.sellerName
      ),
    ],
    ["By", receipt.buyerName],
    ["On", <time dateTime={receipt.paidAt}>{formatDateTime(receipt.paidAt)}</time>],
    ["Transaction id", <code className="break-all">{receipt.transactionId}</code>],
    ["Meeting place", receipt.meetingLocation],
  ];
  return (
    <main id="main" className="max-w-2xl">
      <h1 className="mb-6 break-words text-title">Receipt for {receipt.productName}</h1>
      <section aria-labelledby="paid-heading" className="card p-5">
        <h2 id="paid-heading" className="mb-3 text-heading">
          What was paid
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="min-w-0 break-words font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="next-heading" className="card mt-6 flex flex-col gap-3 p-5">
        <h2 id="next-heading" className="text-heading">
          What happens next
        </h2>
        <NextSteps receipt={receipt} />
        {own && receipt.payment?.status === "held" && (
          <OrderDeal bookingId={receipt.bookingId} carName={receipt.productName} payment={receipt.payment} />
        )}
      </section>
      <div className="mt-6 flex flex-wrap gap-3">
        {own && <ButtonLink to={PATHS.myOrders}>My Orders</ButtonLink>}
        <ButtonLink to={car} variant="secondary">
          The car's page
        </ButtonLink>
      </div>
    </main>
  );
}

/** Where the deal stands and what each side does next (the deal, docs/features/the-deal.md). */
function NextSteps({ receipt }: { receipt: Receipt }) {
  const { payment } = receipt;
  if (!payment) return <p>The payment is complete: the car is yours. Arrange the handover with {receipt.sellerName}.</p>;
  if (payment.status === "held")
    return (
      <ol className="list-decimal space-y-1 pl-5">
        <li>The platform holds your money: {receipt.sellerName} is not paid yet, and the car is reserved for you.</li>
        <li>Meet the seller at {receipt.meetingLocation} and check the car.</li>
        <li>Once you have it, press "I have the car": the money goes to the seller.</li>
        <li>
          Otherwise it is released on its own on {formatDate(payment.releaseAt)}, unless you report a problem first (an admin then decides).
        </li>
      </ol>
    );
  if (payment.status === "disputed") return <p>You reported a problem: the money stays held until an admin decides.</p>;
  if (payment.status === "released")
    return (
      <p>
        The money was released to {receipt.sellerName}
        {payment.releasedAt ? ` on ${formatDate(payment.releasedAt)}` : ""}. The deal is done.
      </p>
    );
  return <p>The whole amount was refunded to your card{payment.refundedAt ? ` on ${formatDate(payment.refundedAt)}` : ""}.</p>;
}
