import { createContext, useContext, useEffect, useState } from "react";
import { useMatches } from "react-router";
import { type DealPayment } from "../deals/deal";
import { PATHS } from "../shared/paths";
import { type RecentCar } from "../search/recent-cars";
import { type Role } from "../accounts/roles";
import { type ViewerMarks } from "../catalog/viewer-marks";

// A public page is rendered once for every signed-in visitor and served from the edge cache
// (workers/page-cache.ts, decision record 31): its data then holds nobody's parts and asks for them
// (`visitorParts`, a query). After hydration one private request brings them (GET /visitor-parts),
// and the pages show them instead of what they were rendered with; the first render stays the
// server's, so hydration matches. Any other render (a navigation's data, a page after an action)
// holds its visitor's parts itself and asks for nothing.

/** The signed-in user as the navbar shows them. */
export interface NavbarUser {
  name: string;
  email: string;
  role: Role;
  unreadNotifications: number;
  /** Null for those without an inbox (admins). */
  unreadMessages: number | null;
}

/** What a page wants of its visitor: marks on its cars, the car page's own parts, the account's recently viewed cars. */
export interface VisitorPartsQuery {
  cars: string[];
  /** The car whose page this is: whether it is the visitor's own, their purchase of it, and the visit noted. */
  car?: string;
  /** The account's recently viewed cars. */
  recent?: boolean;
}

/** The query string a page's ask becomes (parsed by app/lib/schemas/site.ts). */
export function visitorPartsSearch(query: VisitorPartsQuery): string {
  const params = new URLSearchParams({ cars: query.cars.join(",") });
  if (query.car) params.set("car", query.car);
  if (query.recent) params.set("recent", "1");
  return params.toString();
}

/** The answer of GET /visitor-parts. */
export interface VisitorParts {
  /** Null when the session has ended. */
  user: NavbarUser | null;
  marks: ViewerMarks;
  /** On a car's page: whether it is the visitor's own, and their purchase of it. */
  car: { own: boolean; deal: { bookingId: string; payment: DealPayment } | null } | null;
  recent: RecentCar[] | null;
}

/** Loading while the request is under way; failed leaves the page as rendered (for every signed-in visitor). */
type PartsState = { status: "none" | "loading" | "failed" } | { status: "loaded"; parts: VisitorParts };

const PartsContext = createContext<PartsState>({ status: "none" });

/** The page's ask, from the deepest route whose data has one. */
function usePageAsk(): VisitorPartsQuery | null {
  return (
    useMatches()
      .map((match) => (match.data as { visitorParts?: VisitorPartsQuery | null } | undefined)?.visitorParts)
      .findLast((ask) => ask) ?? null
  );
}

/**
 * Fetches the visitor's parts when the page asks for them (once per ask), and says when the page is
 * ready: hydrated, with its visitor's parts in or given up on (`data-hydrated` on <html>, which the
 * browser tests wait for).
 */
export function VisitorPartsProvider({ children }: { children: React.ReactNode }) {
  const ask = usePageAsk();
  const search = ask && visitorPartsSearch(ask);
  // The last answer, kept after a navigation (the navbar's user stays known); null parts: it failed.
  const [answer, setAnswer] = useState<{ search: string; parts: VisitorParts | null } | null>(null);
  useEffect(() => {
    if (!search) return;
    let current = true;
    const settle = (parts: VisitorParts | null) => current && setAnswer({ search, parts });
    fetch(`${PATHS.visitorParts}?${search}`, { headers: { accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<VisitorParts>) : null))
      .then(settle, () => settle(null));
    return () => {
      current = false;
    };
  }, [search]);
  const state: PartsState =
    search && answer?.search !== search
      ? { status: "loading" }
      : answer
        ? answer.parts
          ? { status: "loaded", parts: answer.parts }
          : { status: "failed" }
        : { status: "none" };
  useMarkReady(state.status !== "loading");
  return <PartsContext.Provider value={state}>{children}</PartsContext.Provider>;
}

/** The visitor's parts for a route's data: loaded, for data that asked for them; otherwise null (the data holds them). */
export function usePartsFor(data: { visitorParts: VisitorPartsQuery | null }): VisitorParts | null {
  const state = useContext(PartsContext);
  return data.visitorParts && state.status === "loaded" ? state.parts : null;
}

/** The viewer's marks on a page's cars: from their loaded parts on a copy rendered for every signed-in visitor, else the data's. */
export function useViewerMarks(data: { visitorParts: VisitorPartsQuery | null; marks: ViewerMarks }): ViewerMarks {
  return usePartsFor(data)?.marks ?? data.marks;
}

/**
 * The account's recently viewed cars as the data or the loaded parts hold them; undefined while a
 * copy rendered for every signed-in visitor still waits for them (or failed to get them).
 */
export function useRecentCars(data: {
  visitorParts: VisitorPartsQuery | null;
  recent: RecentCar[] | null;
}): RecentCar[] | null | undefined {
  const state = useContext(PartsContext);
  if (data.visitorParts === null) return data.recent;
  return state.status === "loaded" ? (state.parts.recent ?? data.recent) : undefined;
}

/** The user the visitor's parts name, once loaded (for the root's data, which never asks). */
export function useLoadedPartsUser(): NavbarUser | null | undefined {
  const state = useContext(PartsContext);
  return state.status === "loaded" ? state.parts.user : undefined;
}

/** Marks the document ready for the browser tests (see VisitorPartsProvider), where the provider is not (the root's error page). */
export function useMarkReady(ready: boolean) {
  useEffect(() => {
    if (ready) document.documentElement.dataset.hydrated = "true";
  }, [ready]);
}
