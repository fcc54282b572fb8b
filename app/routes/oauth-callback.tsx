import { data } from "react-router";
import { finishOAuth } from "~/.server/auth/oauth-flow";
import { NotFound } from "~/.server/errors";
import { type Route } from "./+types/oauth-callback";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    return await finishOAuth(context.app, params.provider, request);
  } catch (error) {
    if (error instanceof NotFound) throw data(error.message, { status: 404 });
    throw error;
  }
}
