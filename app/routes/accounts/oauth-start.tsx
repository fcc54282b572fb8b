import { startOAuth } from "~/.server/services/accounts/oauth-sign-in";
import { orPageError } from "~/.server/web/page-errors";
import { safeRedirect } from "~/lib/accounts/redirects";
import { type Route } from "./+types/oauth-start";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return orPageError(() => startOAuth(context.app, params.provider, safeRedirect(new URL(request.url).searchParams.get("redirectTo"))));
}
