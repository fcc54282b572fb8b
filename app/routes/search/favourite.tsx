import { data, redirect } from "react-router";
import { getSessionUser } from "~/.server/auth/guards";
import { readFormBody } from "~/.server/web/form-body";
import { DomainError } from "~/.server/errors";
import { removeFavourite, saveFavourite } from "~/.server/services/search/favourites";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { loginUrl, safeRedirect, signInToFavourite } from "~/lib/accounts/redirects";
import { type Route } from "./+types/favourite";

/**
 * The heart's form (app/components/search/favourite-button.tsx): `intent` save or remove, so a repeated
 * post changes nothing. Without JavaScript it answers with a redirect back to `back`; the heart's
 * fetcher sends `js` and gets the new state. Signed-out users go to sign-in and come back to the car, saved.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.app;
  const form = await readFormBody(request);
  const back = safeRedirect(form.get("back"), pathTo(PATHS.car, { id: params.productId }));
  const user = await getSessionUser(ctx, request);
  // Signed out, the heart leads through sign-in to the car, saved there (a removal needs nothing).
  if (!user) return redirect(form.get("intent") === "save" ? signInToFavourite(params.productId) : loginUrl(back));
  const intent = form.get("intent");
  if (intent !== "save" && intent !== "remove") throw data({ message: "Choose save or remove" }, { status: 400 });
  try {
    await (intent === "save" ? saveFavourite(ctx, user, params.productId) : removeFavourite(ctx, user, params.productId));
  } catch (error) {
    // A resource route: refusals answer as JSON `{ message }`, as the body reader's do.
    if (error instanceof DomainError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
  if (form.get("js") === "1") return { saved: intent === "save" };
  return redirect(back);
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(pathTo(PATHS.car, { id: params.productId }));
}
