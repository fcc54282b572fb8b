import { type ReactNode } from "react";

/**
 * What a list shows when it has nothing yet: what is missing, why or what to do, and the action that
 * fills it when there is one (a ButtonLink).
 */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-line-strong bg-surface px-4 py-10 text-center">
      <p className="text-heading text-ink">{title}</p>
      {children && <div className="max-w-prose text-ink-muted">{children}</div>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
