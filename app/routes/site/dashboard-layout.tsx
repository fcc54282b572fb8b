import { NavLink, Outlet } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { menuCounts } from "~/.server/services/site/menu-counts";
import { ErrorPage } from "~/components/site/error-page-on-demand";
import { Footer } from "~/components/site/footer";
import { MenuLinkLabel, Navbar } from "~/components/site/navbar";
import { DASHBOARD_MENU, SETTINGS_LINK } from "~/lib/site/dashboard-menu";
import { PATHS } from "~/lib/shared/paths";
import { type Route } from "./+types/dashboard-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.app, request);
  const counts = await menuCounts(context.app, user);
  const menu = [...DASHBOARD_MENU[user.role], SETTINGS_LINK].map((link) => ({ ...link, count: counts[link.to] ?? 0 }));
  return { user: { name: user.name, role: user.role }, menu };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user, menu } = loaderData;
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar user={user} drawerLinks={menu} />
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-8 px-4 py-8">
        <aside className="hidden w-60 shrink-0 md:block">
          <nav aria-label="Dashboard" className="sticky top-20 flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-3">
            <NavLink to={PATHS.dashboard} end className={drawerLinkClass}>
              Dashboard
            </NavLink>
            {menu.map((link) => (
              <NavLink key={link.to} to={link.to} className={drawerLinkClass}>
                <MenuLinkLabel link={link} />
              </NavLink>
            ))}
          </nav>
        </aside>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
      <Footer />
    </div>
  );
}

const drawerLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between gap-2 rounded-lg px-3 py-2 font-medium ${isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-brand-50"}`;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
