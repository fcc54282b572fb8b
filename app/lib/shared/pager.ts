export type PagerItem = { kind: "page"; page: number } | { kind: "gap"; key: string };

/**
 * The page links to show: the first and last `margin` pages, `range` pages around the current
 * one, and a gap where pages are left out (2 margin pages and 5 in range, as in the spec).
 */
export function pagerItems(current: number, total: number, margin = 2, range = 5): PagerItem[] {
  if (total <= 0) return [];
  const shown = new Set<number>();
  for (let page = 1; page <= Math.min(margin, total); page++) shown.add(page);
  for (let page = Math.max(1, total - margin + 1); page <= total; page++) shown.add(page);
  let start = Math.max(1, current - Math.floor((range - 1) / 2));
  const end = Math.min(total, start + range - 1);
  start = Math.max(1, end - range + 1);
  for (let page = start; page <= end; page++) shown.add(page);

  const items: PagerItem[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous > 1) items.push({ kind: "gap", key: `gap-${previous}` });
    items.push({ kind: "page", page });
    previous = page;
  }
  return items;
}
