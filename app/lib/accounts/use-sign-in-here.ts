import { useLocation } from "react-router";
import { loginUrl } from "./redirects";

// A module of its own: Home reads who is signed in (lib/site/use-user.ts) and stays within its
// JavaScript budget without the sign-in paths.

/** Where to sign in and come back to this very page, its query kept. */
export function useSignInHereUrl(): string {
  const { pathname, search } = useLocation();
  return loginUrl(pathname + search);
}
