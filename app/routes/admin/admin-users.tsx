import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, DELETED, failedAction } from "~/.server/web/page-errors";
import { actOnListedUser, listUsersByRole, usersListQuery } from "~/.server/services/admin/admin-users";
import { openReportsBySeller } from "~/.server/services/admin/flags";
import { ResultBanner } from "~/components/ui/result-banner";
import { UsersTable } from "~/components/admin/users-table";
import { confirmTarget } from "~/components/ui/paged-list";
import { parseListQueryLeniently } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/admin-users";

// One module for All Sellers (/dashboard/allsellers) and All Buyers (/dashboard/allbuyers): the
// matched route says which, not the URL (which may end in a slash).
const listedRole = (pattern: string): "seller" | "buyer" => (pattern.endsWith("/allsellers") ? "seller" : "buyer");
const TITLES = { seller: "All Sellers", buyer: "All Buyers" } as const;

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(data ? TITLES[data.role] : "Users");

const actionSchema = rowActionSchema(["delete", "verify"] as const);

export async function loader({ request, pattern, context }: Route.LoaderArgs) {
  const admin = await requirePermission(context.app, request, "manage:users");
  const role = listedRole(pattern);
  // Bad paging or sorting values fall back to the defaults.
  const query = parseListQueryLeniently(usersListQuery, new URL(request.url).searchParams);
  const list = await listUsersByRole(context.app, admin, role, query);
  const intents = role === "seller" ? ["delete", "verify"] : ["delete"];
  const confirm = confirmTarget(request.url, list.data, intents);
  // Beside Verify and in its confirmation: how many open reports each seller's cars have.
  const openReports =
    role === "seller"
      ? Object.fromEntries(
          await openReportsBySeller(
            context.app,
            list.data.map((user) => user._id),
          ),
        )
      : null;
  // A seller verified already (just now, or in another tab) has nothing left to confirm.
  return { role, query, list, openReports, confirm: confirm?.intent === "verify" && confirm.row.verify ? null : confirm };
}

export async function action({ request, pattern, context }: Route.ActionArgs) {
  const admin = await requirePermission(context.app, request, "manage:users");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction();
  const { intent, id } = submission.value;
  return actionResult(async () => {
    await actOnListedUser(context.app, admin, listedRole(pattern), intent, id);
    return intent === "verify" ? { ok: true, title: "Verified successfully", message: "" } : DELETED;
  });
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { role } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">{TITLES[role]}</h1>
      <ResultBanner result={actionData} />
      <UsersTable
        list={loaderData.list}
        query={loaderData.query}
        confirm={loaderData.confirm}
        openReports={loaderData.openReports}
        caption={role === "seller" ? "Sellers" : "Buyers"}
      />
    </main>
  );
}
