import { type ReactNode } from "react";

/** A table's column heading, the same in every table. */
export function ColumnHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="px-4 py-3">
      {children}
    </th>
  );
}
