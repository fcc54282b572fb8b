import { Link, useLocation } from "react-router";
import { formatQuantity } from "~/lib/shared/format";
import { PATHS } from "~/lib/shared/paths";
import { type ListQuery } from "~/lib/shared/list-query";
import { type PagedList, type User } from "~/lib/schemas/types";
import { ConfirmPanel } from "../ui/confirm-panel";
import { type Column, DataTable, ROW_BUTTON } from "../ui/data-table";
import { ConfirmLink, Pager } from "../ui/paged-list";

type Sort = "name" | "email";

/**
 * The admin's sellers or buyers table: sortable, paged, with delete, and for sellers (`openReports`
 * given: each seller's open reports by id) verify with the reports beside it.
 */
export function UsersTable({
  list,
  query,
  confirm,
  openReports,
  caption,
}: {
  list: PagedList<User>;
  query: ListQuery<Sort>;
  confirm: { intent: string; row: User } | null;
  openReports: Record<string, number> | null;
  caption: string;
}) {
  const withVerification = openReports !== null;
  const reportsOf = (user: User) => openReports?.[user._id] ?? 0;
  const location = useLocation();
  // Sellers are sorted by name only (the contract's sellers list); buyers by name or email.
  const columns: Column<User>[] = [
    { heading: "Name", sortKey: "name", rowHeader: true, cell: (user) => user.name },
    { heading: "Email", sortKey: withVerification ? undefined : "email", cell: (user) => user.email, className: "break-all" },
    {
      heading: "Delete",
      cell: (user) => (
        <ConfirmLink id={user._id} intent="delete" label={`Delete ${user.name}`} className={ROW_BUTTON.danger}>
          Delete
        </ConfirmLink>
      ),
    },
  ];
  const cancel = new URLSearchParams(location.search);
  cancel.delete("confirm");
  return (
    <>
      {confirm?.intent === "verify" && (
        <ConfirmPanel
          intent="verify"
          id={confirm.row._id}
          title={`Verify ${confirm.row.name}?`}
          text={
            <>
              Buyers will see the verified badge on all of their cars. <OpenReports count={reportsOf(confirm.row)} />
            </>
          }
          danger={false}
          confirmLabel={`Yes, verify ${confirm.row.name}`}
          cancelTo={`${location.pathname}?${cancel}`}
        />
      )}
      {confirm?.intent === "delete" && (
        <ConfirmPanel
          intent="delete"
          id={confirm.row._id}
          confirmLabel={`Yes, delete ${confirm.row.name}`}
          cancelTo={`${location.pathname}?${cancel}`}
        />
      )}
      <p className="mb-3 text-slate-600">{list.total} in total</p>
      <DataTable
        caption={caption}
        columns={withVerification ? [...columns, verificationColumn(reportsOf)] : columns}
        rows={list.data}
        rowKey={(user) => user._id}
        empty="Nobody here yet."
        sorting={query}
      />
      <Pager page={query.page} totalPages={list.totalPages} label={`${caption} pages`} />
    </>
  );
}

const verificationColumn = (reportsOf: (user: User) => number): Column<User> => ({
  heading: "Verification Status",
  cell: (user) => (
    <span className="flex flex-wrap items-center gap-2">
      {user.verify ? (
        <span className="font-semibold text-green-800">Verified</span>
      ) : (
        <ConfirmLink id={user._id} intent="verify" label={`Verify ${user.name}`} className={ROW_BUTTON.primary}>
          Verify
        </ConfirmLink>
      )}
      <OpenReports count={reportsOf(user)} />
    </span>
  ),
});

/** A seller's open reports, linked to the reported items when there are any. */
function OpenReports({ count }: { count: number }) {
  if (count === 0) return <span className="text-slate-600">No open reports</span>;
  return (
    <Link to={PATHS.reportedItems} className="font-semibold text-danger-700 underline">
      {`${formatQuantity(count, "open report")} against their cars`}
    </Link>
  );
}
