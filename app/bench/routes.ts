import { index, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { below, PATHS } from "../lib/shared/paths";

/** The prefix the bench's render-only pages are served under. */
export const RENDER_ONLY_PREFIX = "__render-only";

const PUBLIC_LAYOUT = "routes/site/public-layout.tsx";
const top = (path: string) => below("/", path);

/**
 * The pages `npm run bench` measures, again under /__render-only: each rendered from its first
 * answer's data without the database (fixed-loader.ts), so the bench sets a page beside what the
 * framework alone costs for it.
 */
export const renderOnlyPages = prefix(RENDER_ONLY_PREFIX, [
  index("bench/home.tsx"),
  route(top(PATHS.category), "bench/category.tsx"),
  route(top(PATHS.search), "bench/search.tsx"),
  route(top(PATHS.car), "bench/car.tsx"),
  route(top(PATHS.seller), "bench/seller.tsx"),
]);

/**
 * The bench build's route table (BENCH_RENDER_ONLY=1, set by scripts/bench/build.ts; never
 * `npm run build`): the app's, with the render-only pages inside the public layout, where the
 * pages they copy are.
 */
export function withRenderOnlyPages(carRoutes: RouteConfigEntry[]): RouteConfigEntry[] {
  return carRoutes.map((entry) =>
    entry.file === PUBLIC_LAYOUT ? { ...entry, children: [...(entry.children ?? []), ...renderOnlyPages] } : entry,
  );
}
