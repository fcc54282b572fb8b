import { createContext, useContext, useEffect, useState } from "react";
import { useMatches } from "react-router";
import { type DealPayment } from "../deals/deal";
import { PATHS } from "../shared/paths";
import { type RecentCar } from "../search/recent-cars";
import { type Role } from "../accounts/roles";
import { type ViewerCarActions } from "../catalog/viewer-car-actions";

// A public page is rendered once for every signed-in visitor and served from the edge cache
// (workers/page-cache.ts, decision record 31): its data then holds nobody's personal data (who is
// signed in, what they did with its cars) and asks for it (`personalPageQuery`). After hydration one
// private request brings it (GET /visitor-parts), and the pages show it instead of what they were
// rendered with; the first render stays the server's, so hydration matches. Any other render (a
// navigation's data, a page after an action) holds its visitor's personal data itself and asks for nothing.

/** The signed-in user as the navbar shows them. */
export interface NavbarUser {
  name: string;
  email: string;
  role: Role;
  unreadNotifications: number;
  /** Null for those without an inbox (admins). */
  unreadMessages: number | null;
}

/** What a page wants of its visitor: their actions on its cars, the car page's personal facts, the account's recently viewed cars. */
export interface PersonalPageQuery {
  cars: string[];
  /** The car whose page this is: whether it is the visitor's own, their purchase of it, and the visit noted. */
  car?: string;
  /** The account's recently viewed cars. */
  recent?: boolean;
}

/** The query string a page's ask becomes (parsed by app/lib/schemas/site.ts). */
export function personalPageSearch(query: PersonalPageQuery): string {
  const params = new URLSearchParams({ cars: query.cars.join(",") });
  if (query.car) params.set("car", query.car);
  if (query.recent) params.set("recent", "1");
  return params.toString();
}

/** A page's personal data: the answer of GET /visitor-parts. */
export interface PersonalPageData {
  /** Null when the session has ended. */
  user: NavbarUser | null;
  carActions: ViewerCarActions;
  /** On a car's page: whether it is the visitor's own, and their purchase of it. */
  car: { own: boolean; deal: { bookingId: string; payment: DealPayment } | null } | null;
  recent: RecentCar[] | null;
}

/** Loading while the request is under way; failed leaves the page as rendered (for every signed-in visitor). */
type PersonalPageState = { status: "none" | "loading" | "failed" } | { status: "loaded"; data: PersonalPageData };

const PersonalPageContext = createContext<PersonalPageState>({ status: "none" });

/** The page's ask, from the deepest route whose data has one. */
function usePageAsk(): PersonalPageQuery | null {
  return (
    useMatches()
      .map((match) => (match.data as { personalPageQuery?: PersonalPageQuery | null } | undefined)?.personalPageQuery)
      .findLast((ask) => ask) ?? null
  );
}

/**
 * Fetches the visitor's personal data when the page asks for it (once per ask), and says when the
 * page is ready: hydrated, with its visitor's personal data in or given up on (`data-hydrated` on <html>, which the
 * browser tests wait for).
 */
export function PersonalPageDataProvider({ children }: { children: React.ReactNode }) {
  const ask = usePageAsk();
  const search = ask && personalPageSearch(ask);
  // The last answer, kept after a navigation (the navbar's user stays known); null data: it failed.
  const [answer, setAnswer] = useState<{ search: string; data: PersonalPageData | null } | null>(null);
  useEffect(() => {
    if (!search) return;
    let current = true;
    const settle = (data: PersonalPageData | null) => current && setAnswer({ search, data });
    fetch(`${PATHS.personalPageData}?${search}`, { headers: { accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<PersonalPageData>) : null))
      .then(settle, () => settle(null));
    return () => {
      current = false;
    };
  }, [search]);
  const state: PersonalPageState =
    search && answer?.search !== search
      ? { status: "loading" }
      : answer
        ? answer.data
          ? { status: "loaded", data: answer.data }
          : { status: "failed" }
        : { status: "none" };
  useMarkReady(state.status !== "loading");
  return <PersonalPageContext.Provider value={state}>{children}</PersonalPageContext.Provider>;
}

/** The visitor's personal data for a route's data: loaded, for data that asked for it; otherwise null (the data holds it). */
export function usePersonalPageData(data: { personalPageQuery: PersonalPageQuery | null }): PersonalPageData | null {
  const state = useContext(PersonalPageContext);
  return data.personalPageQuery && state.status === "loaded" ? state.data : null;
}

/** The viewer's actions on a page's cars: from their loaded personal data on a copy rendered for every signed-in visitor, else the data's. */
export function useViewerCarActions(data: { personalPageQuery: PersonalPageQuery | null; carActions: ViewerCarActions }): ViewerCarActions {
  return usePersonalPageData(data)?.carActions ?? data.carActions;
}

/**
 * The account's recently viewed cars as the data or the loaded personal data hold them; undefined while a
 * copy rendered for every signed-in visitor still waits for them (or failed to get them).
 */
export function useRecentCars(data: {
  personalPageQuery: PersonalPageQuery | null;
  recent: RecentCar[] | null;
}): RecentCar[] | null | undefined {
  const state = useContext(PersonalPageContext);
  if (data.personalPageQuery === null) return data.recent;
  return state.status === "loaded" ? (state.data.recent ?? data.recent) : undefined;
}

/** The user the visitor's personal data names, once loaded (for the root's data, which never asks). */
export function usePersonalPageUser(): NavbarUser | null | undefined {
  const state = useContext(PersonalPageContext);
  return state.status === "loaded" ? state.data.user : undefined;
}

/** Marks the document ready for the browser tests (see PersonalPageDataProvider), where the provider is not (the root's error page). */
export function useMarkReady(ready: boolean) {
  useEffect(() => {
    if (ready) document.documentElement.dataset.hydrated = "true";
  }, [ready]);
}
