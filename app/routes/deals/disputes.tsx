import { Link } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction } from "~/.server/web/page-errors";
import { resolveDispute } from "~/.server/services/deals/deal-actions";
import { listDisputeCases } from "~/.server/services/deals/disputes";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { EmptyState } from "~/components/ui/empty-state";
import { ResultBanner } from "~/components/ui/result-banner";
import { SimplePager } from "~/components/ui/simple-pager";
import { StatusTabs } from "~/components/ui/status-tabs";
import { formatCents, formatDateTime } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { DISPUTE_REASON_LABELS, resolveDisputeSchema } from "~/lib/schemas/deals";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/disputes";
import * as v from "valibot";

// The admins' Disputes page: each open dispute with its booking, both parties and their
// conversation, and the two decisions (refund the buyer, or release the money to the seller).

export const meta: Route.MetaFunction = () => privatePageMeta("Disputes");

const PAGE_SIZE = 5;
const resolveFormSchema = v.object({ ...rowActionSchema(["resolve"] as const).entries, ...resolveDisputeSchema.entries });

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requirePermission(context.app, request, "resolve:disputes");
  const params = new URL(request.url).searchParams;
  const status: "open" | "resolved" = params.get("status") === "resolved" ? "resolved" : "open";
  const list = await listDisputeCases(context.app, admin, status, pageFromUrl(request.url), PAGE_SIZE);
  // "Are you sure?" before the money moves, a page state without JavaScript: ?resolve=<dispute id>&outcome=refund|release.
  const outcome = params.get("outcome");
  const chosen = list.data.find((dispute) => dispute._id === params.get("resolve") && !dispute.resolution);
  const confirm = chosen && (outcome === "refund" || outcome === "release") ? { dispute: chosen, outcome } : null;
  return { status, list, confirm };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requirePermission(context.app, request, "resolve:disputes");
  const submission = parseForm(await readFormBody(request), resolveFormSchema);
  if (submission.status !== "success") return failedAction();
  const { id, outcome } = submission.value;
  return actionResult(async () => {
    await resolveDispute(context.app, admin, id, outcome);
    return { ok: true, message: outcome === "refund" ? "Refunded: the buyer gets the whole amount back" : "Released to the seller" };
  });
}

export default function Disputes({ loaderData, actionData }: Route.ComponentProps) {
  const { status, list, confirm } = loaderData;
  const here = `?status=${status}&page=${list.currentPage}`;
  return (
    <main id="main" className="flex flex-col gap-6">
      <h1 className="text-title">Disputes</h1>
      <StatusTabs label="Which disputes" status={status} />
      <ResultBanner result={actionData} />
      {confirm && (
        <ConfirmPanel
          intent="resolve"
          id={confirm.dispute._id}
          fields={{ outcome: confirm.outcome }}
          title={
            confirm.outcome === "refund" ? `Refund ${confirm.dispute.buyerName}?` : `Release the money to ${confirm.dispute.sellerName}?`
          }
          text={
            confirm.outcome === "refund"
              ? `${formatCents(confirm.dispute.amount)} will be given back to ${confirm.dispute.buyerName}, and the sale of ${confirm.dispute.productName} is undone. This cannot be undone.`
              : `${formatCents(confirm.dispute.amount)}, less the platform's fee, will be paid to ${confirm.dispute.sellerName}. This cannot be undone.`
          }
          confirmLabel={
            confirm.outcome === "refund" ? `Yes, refund ${confirm.dispute.buyerName}` : `Yes, pay ${confirm.dispute.sellerName}`
          }
          cancelTo={here}
          cancelLabel="Not yet"
        />
      )}
      {list.data.length === 0 ? (
        <EmptyState title={status === "open" ? "No open disputes." : "No resolved disputes yet."} />
      ) : (
        <ul className="flex flex-col gap-6">
          {list.data.map((dispute) => (
            <li key={dispute._id} className="card flex flex-col gap-3 p-5">
              <h2 className="text-heading break-words">
                <Link to={pathTo(PATHS.car, { id: dispute.productId })} className="inline-flex min-h-11 items-center underline">
                  {dispute.productName}
                </Link>
              </h2>
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone="warning">{DISPUTE_REASON_LABELS[dispute.reason]}</Badge>
                <span className="tabular-nums">{formatCents(dispute.amount)}</span>
                <span className="text-sm text-slate-700">reported {formatDateTime(dispute.createdAt)}</span>
                {dispute.resolution && <Badge tone="success">{dispute.resolution === "refund" ? "Refunded" : "Released"}</Badge>}
              </p>
              {dispute.note && <p className="whitespace-pre-line break-words">&ldquo;{dispute.note}&rdquo;</p>}
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <div>
                  <dt className="font-semibold text-slate-700">Buyer</dt>
                  <dd className="break-words">
                    {dispute.buyerName}, {dispute.buyerEmail}, {dispute.buyerPhone}
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-700">Seller</dt>
                  <dd className="break-words">
                    {dispute.sellerName}, {dispute.sellerEmail}
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-700">Meeting place</dt>
                  <dd className="break-words">{dispute.meetingLocation}</dd>
                </div>
              </dl>
              <section aria-label={`Their conversation about ${dispute.productName}`}>
                <h3 className="font-semibold">Their conversation</h3>
                {dispute.messages.length === 0 ? (
                  <p className="text-slate-700">They have not written to each other here.</p>
                ) : (
                  <ol className="mt-2 flex flex-col gap-2">
                    {dispute.messages.map((message, index) => (
                      <li key={index} className="rounded-lg bg-slate-50 p-3">
                        <p className="text-sm font-semibold text-slate-700">
                          {message.from === "buyer" ? dispute.buyerName : dispute.sellerName}, {formatDateTime(message.createdAt)}
                        </p>
                        <p className="whitespace-pre-line break-words">{message.text}</p>
                      </li>
                    ))}
                  </ol>
                )}
              </section>
              {!dispute.resolution && (
                <div className="flex flex-wrap gap-3">
                  <ButtonLink to={`${here}&resolve=${dispute._id}&outcome=refund`} preventScrollReset variant="danger">
                    Refund {dispute.buyerName}
                  </ButtonLink>
                  <ButtonLink to={`${here}&resolve=${dispute._id}&outcome=release`} preventScrollReset variant="secondary">
                    Release to {dispute.sellerName}
                  </ButtonLink>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <SimplePager
        page={list.currentPage}
        totalPages={list.totalPages}
        label="Dispute pages"
        href={(page) => `?status=${status}&page=${page}`}
      />
    </main>
  );
}
