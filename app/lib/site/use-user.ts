import { useRouteLoaderData } from "react-router";
import { type loader as rootLoader } from "~/root";
import { type NavbarUser, usePersonalPageUser } from "./personal-page-data";

/**
 * The signed-in user anywhere in the tree (null when signed out): from the root loader, or on a page
 * rendered for every signed-in visitor, from their personal data once loaded (app/lib/site/personal-page-data.tsx).
 */
export function useOptionalUser(): NavbarUser | null {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const loaded = usePersonalPageUser();
  return root?.user ?? loaded ?? null;
}

/**
 * Who the navbar greets: the user; on a page rendered for every signed-in visitor, someone signed
 * in whose name is not known yet (or will not be, if their personal data fails to load); null signed out
 * (an ended session's personal data names nobody).
 */
export function useNavbarUser(): { name: string | null } | null {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = useOptionalUser();
  const loaded = usePersonalPageUser();
  if (user) return user;
  return root?.renderedForSignedIn && loaded === undefined ? { name: null } : null;
}
