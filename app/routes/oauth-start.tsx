import { data } from "react-router";
import { startOAuth } from "~/.server/auth/oauth-flow";
import { NotFound } from "~/.server/errors";
import { safeRedirect } from "~/lib/redirects";
import { type Route } from "./+types/oauth-start";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    return await startOAuth(context.app, params.provider, safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  } catch (error) {
    if (error instanceof NotFound) throw data(error.message, { status: 404 });
    throw error;
  }
}
