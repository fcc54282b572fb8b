import { type HTMLAttributes } from "react";

/**
 * A white panel with a border and a little elevation (`.card`, app/app.css), padded 16 px on
 * phones and 24 px wider. A card that is a link or a list item of its own uses the class directly:
 * `card` and, when the whole card reacts to the pointer, `card-interactive`.
 */
export function Card({
  as: Element = "div",
  className,
  ...props
}: { as?: "div" | "section" | "article" | "li" } & HTMLAttributes<HTMLElement>) {
  return <Element className={`card p-4 sm:p-6 ${className ?? ""}`.trimEnd()} {...props} />;
}
