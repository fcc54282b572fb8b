import { redirect } from "react-router";
import { destroySession } from "~/.server/auth/sessions";
import { readFormBody } from "~/.server/form-body";
import { type Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  // The sign-out button's form has no fields, but a post that is not a form is refused all the same.
  await readFormBody(request);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(context.app, request) } });
}

export function loader() {
  return redirect("/");
}
