import { PATHS } from "./paths";

// Comparing cars side by side: the cars' ids travel in the URL (/compare?ids=a,b,c), so a
// comparison is a link anyone can keep or share, and the page needs no state of its own.

export const MAX_COMPARED = 4;

/**
 * The ids a compare URL names, in order and once each: `ids=a,b` and repeated `ids=a&ids=b` (what a
 * GET form of checkboxes sends) alike. `tooMany`: more than four were named (the first four are kept).
 */
export function comparedIds(params: URLSearchParams): { ids: string[]; tooMany: boolean } {
  const named = [
    ...new Set(
      params
        .getAll("ids")
        .flatMap((value) => value.split(","))
        .map((id) => id.trim()),
    ),
  ].filter(Boolean);
  return { ids: named.slice(0, MAX_COMPARED), tooMany: named.length > MAX_COMPARED };
}

/** The compare page for these cars (the page itself when none). */
export function compareUrl(ids: readonly string[]): string {
  return ids.length === 0 ? PATHS.compare : `${PATHS.compare}?ids=${ids.map(encodeURIComponent).join(",")}`;
}

/** The ids with this car added (at the end) or taken out, whichever it is not now. */
export function toggleCompared(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
}
