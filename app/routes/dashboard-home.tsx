import { Link } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { DASHBOARD_MENU, SETTINGS_LINK } from "~/lib/dashboard-menu";
import { privatePageMeta } from "~/lib/meta";
import { type Route } from "./+types/dashboard-home";

export const meta: Route.MetaFunction = () => privatePageMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.app, request);
  return { links: [...DASHBOARD_MENU[user.role], SETTINGS_LINK] };
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <h1 className="text-3xl font-bold">Welcome to Dashboard</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {loaderData.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block rounded-2xl border border-slate-200 bg-white p-5 font-semibold hover:border-brand-600">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
