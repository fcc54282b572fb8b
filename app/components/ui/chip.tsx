import { type ReactNode } from "react";

/**
 * One fact about a thing as a pill (a car's year, mileage, location, condition). `label` names the
 * fact for screen readers when the value alone does not ("Mileage: 45,000 km"). `as="li"` makes the
 * list item the pill itself, one element rather than two.
 */
export function Chip({ label, as: Element = "span", children }: { label?: string; as?: "span" | "li"; children: ReactNode }) {
  return (
    <Element className="chip">
      {label && <span className="sr-only">{`${label}: `}</span>}
      {children}
    </Element>
  );
}

/** A row of chips that wraps on narrow screens, as a list. */
export function ChipList({ chips }: { chips: { label?: string; value: ReactNode }[] }) {
  return (
    <ul className="chip-list">
      {chips.map((chip, index) => (
        <Chip key={chip.label ?? index} as="li" label={chip.label}>
          {chip.value}
        </Chip>
      ))}
    </ul>
  );
}
