import { data } from "react-router";
import { NotFound } from "~/components/site/not-found";

export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
