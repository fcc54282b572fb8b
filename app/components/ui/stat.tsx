import { Link } from "react-router";

export interface StatProps {
  label: string;
  /** The figure as shown, e.g. "12" or "$48,500". */
  value: string;
  /** The page that lists what is counted, when there is one: the whole card links there. */
  to?: string;
  /** What the figure covers, when its label does not say it all (e.g. since when). */
  note?: string;
}

const LAYOUT = "card flex h-full flex-col p-5";

/** One figure of a dashboard, as a card: its label, the figure large, and an optional note. */
export function Stat({ label, value, to, note }: StatProps) {
  const content = (
    <>
      <span className="flex items-center justify-between gap-2 text-caption font-semibold text-slate-700">
        {label}
        {to && <span aria-hidden="true">→</span>}
      </span>
      <span className="mt-2 text-title break-words text-ink tabular-nums">{value}</span>
      {note && <span className="mt-1 text-caption text-ink-muted">{note}</span>}
    </>
  );
  return to ? (
    <Link to={to} className={`${LAYOUT} card-interactive hover:bg-brand-50`}>
      {content}
    </Link>
  ) : (
    <div className={LAYOUT}>{content}</div>
  );
}

/** A dashboard's figures, one card each: a single column on phones, up to three side by side. */
export function StatGrid({ stats }: { stats: StatProps[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {stats.map((stat) => (
        <li key={stat.label}>
          <Stat {...stat} />
        </li>
      ))}
    </ul>
  );
}
