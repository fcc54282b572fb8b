import { Link } from "react-router";

/** The Open / Resolved links above an admin's list of cases (disputes, money problems): the current one marked. */
export function StatusTabs({ label, status }: { label: string; status: "open" | "resolved" }) {
  return (
    <nav aria-label={label} className="flex gap-4">
      {(["open", "resolved"] as const).map((which) => (
        <Link
          key={which}
          to={`?status=${which}`}
          aria-current={status === which ? "page" : undefined}
          className="inline-flex min-h-11 min-w-11 items-center justify-center font-semibold capitalize underline"
        >
          {which}
        </Link>
      ))}
    </nav>
  );
}
