import { useRouteLoaderData } from "react-router";
import { type loader as rootLoader } from "~/root";

/** The signed-in user anywhere in the tree (null when signed out), from the root loader. */
export function useOptionalUser() {
  return useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
}
