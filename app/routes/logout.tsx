import { redirect } from "react-router";
import { destroySession } from "~/.server/auth/sessions";
import { type Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await destroySession(context.app, request) } });
}

export function loader() {
  return redirect("/");
}
