import { useLocation } from "react-router";
import { type ListQuery } from "~/lib/list-query";
import { type PagedList, type User } from "~/lib/types";
import { ConfirmPanel } from "../ui/confirm-panel";
import { ConfirmLink, Pager, SortableHeader } from "../ui/paged-list";
import { ColumnHeader } from "~/components/ui/column-header";

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
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100">
            <tr>
              <SortableHeader label="Name" column="name" sort={query.sort} order={query.order} />
              {withVerification ? (
                <ColumnHeader>Email</ColumnHeader>
              ) : (
                <SortableHeader label="Email" column="email" sort={query.sort} order={query.order} />
              )}
              <ColumnHeader>Delete</ColumnHeader>
              {withVerification && <ColumnHeader>Verification Status</ColumnHeader>}
            </tr>
          </thead>
          <tbody>
            {list.data.length === 0 && (
              <tr>
                <td colSpan={4} className="px-4 py-6 text-center text-slate-600">
                  Nobody here yet.
                </td>
              </tr>
            )}
            {list.data.map((user) => (
              <tr key={user._id} className="border-t border-slate-200">
                <th scope="row" className="px-4 py-3 font-semibold">
                  {user.name}
                </th>
                <td className="px-4 py-3">{user.email}</td>
                <td className="px-4 py-3">
                  <ConfirmLink
                    id={user._id}
                    intent="delete"
                    label={`Delete ${user.name}`}
                    className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
                  >
                    Delete
                  </ConfirmLink>
                </td>
                {withVerification && (
                  <td className="px-4 py-3">
                    {user.verify ? (
                      <span className="font-semibold text-green-800">Verified</span>
                    ) : (
                      <ConfirmLink
                        id={user._id}
                        intent="verify"
                        label={`Verify ${user.name}`}
                        className="rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-900"
                      >
                        Verify
                      </ConfirmLink>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={query.page} totalPages={list.totalPages} label={`${caption} pages`} />
    </>
  );
}
