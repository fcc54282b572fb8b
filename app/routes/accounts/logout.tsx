import { redirect } from "react-router";
import { readFormBody } from "~/.server/web/form-body";
import { signOut } from "~/.server/services/accounts/sign-in";
import { type Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  // The sign-out button's form has no fields, but a post that is not a form is refused all the same.
  await readFormBody(request);
  return redirect("/", { headers: { "Set-Cookie": await signOut(context.app, request) } });
}

export function loader() {
  return redirect("/");
}
