import { useLocation } from "react-router";
import { type ListQuery } from "~/lib/list-query";
import { type PagedList, type User } from "~/lib/types";
import { ConfirmPanel } from "../ui/confirm-panel";
import { type Column, DataTable, ROW_BUTTON } from "../ui/data-table";
import { ConfirmLink, Pager } from "../ui/paged-list";

type Sort = "name" | "email";

/** The admin's sellers or buyers table: sortable, paged, with delete (and verify for sellers). */
export function UsersTable({
  list,
  query,
  confirm,
  withVerification,
  caption,
}: {
  list: PagedList<User>;
  query: ListQuery<Sort>;
  confirm: { intent: string; row: User } | null;
  withVerification: boolean;
  caption: string;
}) {
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
      {confirm && (
        <ConfirmPanel
          intent={confirm.intent}
          id={confirm.row._id}
          confirmLabel={confirm.intent === "verify" ? `Yes, verify ${confirm.row.name}` : `Yes, delete ${confirm.row.name}`}
          cancelTo={`${location.pathname}?${cancel}`}
        />
      )}
      <p className="mb-3 text-slate-600">{list.total} in total</p>
      <DataTable
        caption={caption}
        columns={withVerification ? [...columns, verificationColumn] : columns}
        rows={list.data}
        rowKey={(user) => user._id}
        empty="Nobody here yet."
        sorting={query}
      />
      <Pager page={query.page} totalPages={list.totalPages} label={`${caption} pages`} />
    </>
  );
}

const verificationColumn: Column<User> = {
  heading: "Verification Status",
  cell: (user) =>
    user.verify ? (
      <span className="font-semibold text-green-800">Verified</span>
    ) : (
      <ConfirmLink id={user._id} intent="verify" label={`Verify ${user.name}`} className={ROW_BUTTON.primary}>
        Verify
      </ConfirmLink>
    ),
};
