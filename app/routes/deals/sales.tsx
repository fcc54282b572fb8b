import { Link } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction } from "~/.server/web/page-errors";
import { listReceivedBookings } from "~/.server/services/deals/bookings";
import { refundBySeller } from "~/.server/services/deals/deal-actions";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { EmptyState } from "~/components/ui/empty-state";
import { ResultBanner } from "~/components/ui/result-banner";
import { SimplePager } from "~/components/ui/simple-pager";
import { DEAL_STATUS_TONES, saleStatusLabel } from "~/lib/deals/deal";
import { formatCents, formatDate } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/sales";

// The seller's Sales page: each paid booking's money (held until the buyer has the car, then
// theirs less the fee), its release date, and a way to give held money back.

export const meta: Route.MetaFunction = () => privatePageMeta("Sales");

const PAGE_SIZE = 10;
const refundSchema = rowActionSchema(["refund"] as const);

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requirePermission(context.app, request, "read:bookings-received");
  const list = await listReceivedBookings(context.app, seller, pageFromUrl(request.url), PAGE_SIZE, { paidOnly: true });
  // "Are you sure?" without JavaScript is a page state (?confirm=<booking id>).
  const confirmId = new URL(request.url).searchParams.get("confirm");
  const confirm = list.data.find((sale) => sale._id === confirmId && refundable(sale.payment?.status)) ?? null;
  return { list, confirm };
}

const refundable = (status: string | undefined) => status === "held" || status === "disputed";

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requirePermission(context.app, request, "refund:booking:own");
  const submission = parseForm(await readFormBody(request), refundSchema);
  if (submission.status !== "success") return failedAction();
  return actionResult(async () => {
    await refundBySeller(context.app, seller, submission.value.id);
    return { ok: true, message: "The buyer gets the whole amount back, and your car is for sale again" };
  });
}

export default function Sales({ loaderData, actionData }: Route.ComponentProps) {
  const { list, confirm } = loaderData;
  return (
    <main id="main" className="flex flex-col gap-6">
      <h1 className="text-title">Sales</h1>
      <p>
        A buyer&apos;s money is held until they confirm they have the car, or until its release date. Then it is yours, less the
        platform&apos;s fee, on your{" "}
        <Link to={PATHS.payouts} className="font-semibold underline">
          payout account
        </Link>
        .
      </p>
      <ResultBanner result={actionData} />
      {confirm && (
        <ConfirmPanel
          intent="refund"
          id={confirm._id}
          confirmLabel={`Yes, give ${confirm.buyerName} the money back`}
          cancelTo="."
          cancelLabel="Keep the sale"
        />
      )}
      {list.data.length === 0 ? (
        <EmptyState title="None of your cars has been paid for yet." />
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {list.data.map((sale) => {
            const payment = sale.payment!;
            return (
              <li key={sale._id} className="card flex flex-col gap-2 p-5">
                <h2 className="text-heading break-words">{sale.productName}</h2>
                <p>
                  <Badge tone={DEAL_STATUS_TONES[payment.status]}>{saleStatusLabel(payment.status, sale.paidOut)}</Badge>
                </p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="font-semibold text-slate-700">Buyer</dt>
                  <dd className="break-words">{sale.buyerName}</dd>
                  <dt className="font-semibold text-slate-700">Paid</dt>
                  <dd className="tabular-nums">{formatCents(payment.amount)}</dd>
                  {payment.status === "refunded" ? (
                    // Money given back keeps no fee and leaves the seller nothing: no rows that say otherwise.
                    <>
                      <dt className="font-semibold text-slate-700">Given back</dt>
                      <dd className="tabular-nums">{formatCents(payment.refundedAmount)}</dd>
                    </>
                  ) : (
                    <>
                      <dt className="font-semibold text-slate-700">Fee</dt>
                      <dd className="tabular-nums">{formatCents(payment.fee)}</dd>
                      <dt className="font-semibold text-slate-700">Yours</dt>
                      <dd className="tabular-nums">{formatCents(payment.sellerAmount)}</dd>
                    </>
                  )}
                  {payment.status === "held" && (
                    <>
                      <dt className="font-semibold text-slate-700">Released on</dt>
                      <dd>{formatDate(payment.releaseAt)}</dd>
                    </>
                  )}
                </dl>
                {refundable(payment.status) && (
                  <div className="mt-2">
                    <ButtonLink to={`?confirm=${sale._id}`} preventScrollReset variant="secondary" size="sm">
                      Give the money back to {sale.buyerName}
                    </ButtonLink>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <SimplePager page={list.currentPage} totalPages={list.totalPages} label="Sale pages" />
    </main>
  );
}
