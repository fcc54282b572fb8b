import { Link } from "react-router";
import * as v from "valibot";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction } from "~/.server/web/page-errors";
import { listMoneyProblems, resolveMoneyProblem } from "~/.server/services/deals/money-problems";
import { reconcileNow } from "~/.server/services/deals/reconciliation";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field";
import { ResultBanner } from "~/components/ui/result-banner";
import { SimplePager } from "~/components/ui/simple-pager";
import { StatusTabs } from "~/components/ui/status-tabs";
import { formatCents, formatCount, formatDateTime } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { MONEY_PROBLEM_LABELS, resolveMoneyProblemSchema } from "~/lib/schemas/deals";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/money-problems";

// The admins' Money problems page: what reconciliation with the payment provider found different,
// and what the money code could not settle by itself; each is closed with a note of what was done.
// "Compare with the provider now" runs the daily reconciliation at once.

export const meta: Route.MetaFunction = () => privatePageMeta("Money problems");

const PAGE_SIZE = 20;
const actionSchema = v.variant("intent", [
  v.object({ ...rowActionSchema(["resolve"] as const).entries, ...resolveMoneyProblemSchema.entries }),
  v.object({ intent: v.literal("reconcile") }),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requirePermission(context.app, request, "read:ledger");
  const status: "open" | "resolved" = new URL(request.url).searchParams.get("status") === "resolved" ? "resolved" : "open";
  return { status, list: await listMoneyProblems(context.app, admin, status, pageFromUrl(request.url), PAGE_SIZE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requirePermission(context.app, request, "read:ledger");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction(Object.values(submission.error ?? {})[0]?.[0]);
  const input = submission.value;
  return actionResult(async () => {
    if (input.intent === "reconcile") {
      const { checked, problems } = await reconcileNow(context.app, admin);
      return { ok: true, message: `Compared ${formatCount(checked)} objects with the provider: ${formatCount(problems)} open problems` };
    }
    await resolveMoneyProblem(context.app, admin, input.id, input.note);
    return { ok: true, message: "Marked as resolved" };
  });
}

export default function MoneyProblems({ loaderData, actionData }: Route.ComponentProps) {
  const { status, list } = loaderData;
  return (
    <main id="main" className="flex flex-col gap-6">
      <h1 className="text-title">Money problems</h1>
      <p className="max-w-prose text-slate-700">
        Every day the ledger is compared with the payment provider&rsquo;s charges, refunds, payouts and reversals of the last 7 days. What
        differs, and payouts or reversals that kept failing, are listed here until you resolve them.
      </p>
      <form method="post">
        <input type="hidden" name="intent" value="reconcile" />
        <Button type="submit" variant="secondary">
          Compare with the provider now
        </Button>
      </form>
      <StatusTabs label="Which problems" status={status} />
      <ResultBanner result={actionData} />
      {list.data.length === 0 ? (
        <EmptyState title={status === "open" ? "No open money problems: the ledger agrees with the provider." : "None resolved yet."} />
      ) : (
        <ul className="flex flex-col gap-4">
          {list.data.map((problem) => (
            <li key={problem._id} className="card flex flex-col gap-3 p-5">
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone={problem.resolvedAt ? "neutral" : "danger"}>{MONEY_PROBLEM_LABELS[problem.kind]}</Badge>
                <span className="tabular-nums font-semibold">{formatCents(problem.amount)}</span>
                <span className="text-sm text-slate-700">found {formatDateTime(problem.createdAt)}</span>
              </p>
              <p className="break-words">{problem.detail}</p>
              {problem.bookingId && (
                <p>
                  <Link to={pathTo(PATHS.receipt, { id: problem.bookingId })} className="inline-flex min-h-11 items-center underline">
                    The booking&rsquo;s receipt
                  </Link>
                </p>
              )}
              {problem.resolvedAt ? (
                <p className="text-sm text-slate-700">Resolved {formatDateTime(problem.resolvedAt)}</p>
              ) : (
                <form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
                  <input type="hidden" name="intent" value="resolve" />
                  <input type="hidden" name="id" value={problem._id} />
                  <label className="flex grow flex-col gap-1">
                    <span className="font-semibold">What was done</span>
                    <input name="note" required maxLength={500} className={inputClass} />
                  </label>
                  <Button type="submit">Resolve</Button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      <SimplePager
        page={list.currentPage}
        totalPages={list.totalPages}
        label="Money problem pages"
        href={(page) => `?status=${status}&page=${page}`}
      />
    </main>
  );
}
