import { Form, Link } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction } from "~/.server/web/page-errors";
import { clearFlag, listOpenFlags } from "~/.server/services/admin/flags";
import { type Column, DataTable, ROW_BUTTON } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/paged-list";
import { ResultBanner } from "~/components/ui/result-banner";
import { type FlagReason } from "~/lib/admin/flags";
import type { OpenFlag } from "~/.server/services/admin/flags";
import { formatDateTime, formatQuantity } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/flags";

export const meta: Route.MetaFunction = () => privatePageMeta("Flags");

const PAGE_SIZE = 20;
const actionSchema = rowActionSchema(["clear"] as const);

/** Listings that look wrong, for an admin to look at: flagged, never blocked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requirePermission(context.app, request, "moderate:reports");
  const page = pageFromUrl(request.url);
  return { page, list: await listOpenFlags(context.app, admin, page, PAGE_SIZE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requirePermission(context.app, request, "moderate:reports");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction();
  const { id } = submission.value;
  return actionResult(async () => {
    await clearFlag(context.app, admin, id);
    return { ok: true, title: "Cleared", message: "The flag is cleared; the listing stays as it is." };
  });
}

export default function Flags({ loaderData, actionData }: Route.ComponentProps) {
  const { list, page } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-2 text-3xl font-bold">Flags</h1>
      <p className="mb-6 max-w-2xl text-slate-700">
        Listings that look wrong: priced under 60 % of their estimate, a VIN another seller listed in the last 90 days, or more than five
        cars in a new account&apos;s first day. They stay listed; look at each and clear the flag.
      </p>
      <ResultBanner result={actionData} />
      <p className="mb-3 text-slate-600">{formatQuantity(list.total, "open flag")}</p>
      <DataTable caption="Open flags" columns={COLUMNS} rows={list.data} rowKey={(flag) => flag._id} empty="No open flags." />
      <Pager page={page} totalPages={list.totalPages} label="Flag pages" />
    </main>
  );
}

const REASONS: Record<FlagReason, string> = {
  under_priced: "Priced far under its estimate",
  vin_reused: "VIN listed by another seller",
  new_account_burst: "Many cars on a new account's first day",
};

const COLUMNS: Column<OpenFlag>[] = [
  {
    heading: "Listing",
    rowHeader: true,
    cell: (flag) => (
      <Link
        to={pathTo(PATHS.car, { id: flag.productId })}
        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
      >
        {flag.productName}
      </Link>
    ),
  },
  { heading: "Seller", cell: (flag) => flag.sellerName },
  {
    heading: "Reason",
    className: "min-w-48",
    cell: (flag) => (
      <>
        <span className="font-semibold">{REASONS[flag.reason]}</span>
        <span className="block break-words text-sm text-slate-700">{flag.details}</span>
      </>
    ),
  },
  {
    heading: "When (UTC)",
    className: "whitespace-nowrap",
    cell: (flag) => <time dateTime={flag.createdAt}>{formatDateTime(flag.createdAt)}</time>,
  },
  {
    heading: "Actions",
    cell: (flag) => (
      <Form method="post">
        <input type="hidden" name="id" value={flag._id} />
        <button type="submit" name="intent" value="clear" className={ROW_BUTTON.plain} aria-label={`Clear the flag on ${flag.productName}`}>
          Clear
        </button>
      </Form>
    ),
  },
];
