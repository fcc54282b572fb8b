import { type ReactNode } from "react";

/**
 * One fact about a thing as a pill (a car's year, mileage, location, condition). `label` names the
 * fact for screen readers when the value alone does not ("Mileage: 45,000 km").
 */
export function Chip({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <span className="chip">
      {label && <span className="sr-only">{`${label}: `}</span>}
      {children}
    </span>
  );
}

/** A row of chips that wraps on narrow screens, as a list. */
export function ChipList({ chips }: { chips: { label?: string; value: ReactNode }[] }) {
  return (
    <ul className="chip-list">
      {chips.map((chip, index) => (
        <li key={chip.label ?? index}>
          <Chip label={chip.label}>{chip.value}</Chip>
        </li>
      ))}
    </ul>
  );
}
