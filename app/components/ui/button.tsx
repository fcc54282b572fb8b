import { type ComponentProps } from "react";
import { Link } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonStyle {
  /** primary: the view's main action (one per view); secondary: the others; danger: deletes and
   *  other things that cannot be undone; ghost: quiet actions in toolbars and menus. */
  variant?: ButtonVariant;
  /** md by default; sm (smaller text, the same 44 px tap height) inside table rows and menus; lg for a hero's call to action. */
  size?: ButtonSize;
  /** Full width of its container (phone forms, dialogs' footers). */
  block?: boolean;
}

/**
 * The classes of a button (`.btn` and its variant and size, app/app.css), for anything that must
 * look like one. `extra`: the caller's own utilities (margins, alignment), which win over the button's.
 */
export function buttonClass({ variant = "primary", size = "md", block = false }: ButtonStyle = {}, extra?: string): string {
  return ["btn", `btn-${variant}`, `btn-${size}`, block && "w-full", extra].filter(Boolean).join(" ");
}

/** A `<button>`; `type` is "button" unless said otherwise, so only a form's real submit submits. */
export function Button({ variant, size, block, className, type = "button", ...props }: ButtonStyle & ComponentProps<"button">) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...props} />;
}

/** A link that looks like a button (it goes somewhere rather than acting on this page). */
export function ButtonLink({ variant, size, block, className, ...props }: ButtonStyle & ComponentProps<typeof Link>) {
  return <Link className={buttonClass({ variant, size, block }, className)} {...props} />;
}
