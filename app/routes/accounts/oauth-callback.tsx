import { finishOAuth } from "~/.server/services/accounts/oauth-sign-in";
import { orPageError } from "~/.server/web/page-errors";
import { type Route } from "./+types/oauth-callback";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return orPageError(() => finishOAuth(context.app, params.provider, request));
}
