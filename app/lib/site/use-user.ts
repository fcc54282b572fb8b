import { useRouteLoaderData } from "react-router";
import { type loader as rootLoader } from "~/root";
import { type NavbarUser, useLoadedPartsUser } from "./visitor-parts";

/**
 * The signed-in user anywhere in the tree (null when signed out): from the root loader, or on a page
 * rendered for every signed-in visitor, from their parts once loaded (app/lib/site/visitor-parts.tsx).
 */
export function useOptionalUser(): NavbarUser | null {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const loaded = useLoadedPartsUser();
  return root?.user ?? loaded ?? null;
}

/**
 * Who the navbar greets: the user; on a page rendered for every signed-in visitor, someone signed
 * in whose name is not known yet (or will not be, if their parts fail to load); null signed out
 * (an ended session's parts name nobody).
 */
export function useNavbarUser(): { name: string | null } | null {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = useOptionalUser();
  const loaded = useLoadedPartsUser();
  if (user) return user;
  return root?.renderedForSignedIn && loaded === undefined ? { name: null } : null;
}
