import { Form, Link, NavLink } from "react-router";
import { PRODUCT_NAME } from "~/lib/meta";
import { PATHS } from "~/lib/paths";
import { NotificationBell } from "./notification-bell";

export interface NavbarUser {
  name: string;
}

export interface NavbarLink {
  to: string;
  label: string;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium hover:bg-brand-50 ${isActive ? "text-brand-700 underline underline-offset-4" : "text-slate-700"}`;

/** The site navigation (spec point 2). The mobile menu is a native <details>, so it works without JavaScript. */
export function Navbar({ user, drawerLinks = [] }: { user: NavbarUser | null; drawerLinks?: NavbarLink[] }) {
  const links = (
    <>
      <NavLink to="/" end className={linkClass}>
        Home
      </NavLink>
      <NavLink to={PATHS.search} end className={linkClass}>
        Browse cars
      </NavLink>
      <NavLink to={PATHS.blog} className={linkClass}>
        Blog
      </NavLink>
      {user ? (
        <>
          <NavLink to={PATHS.dashboard} className={linkClass}>
            Dashboard
          </NavLink>
          <span className="px-3 py-2 font-semibold text-slate-900">{user.name}</span>
          <Form method="post" action={PATHS.logout}>
            <button type="submit" className="rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-brand-50">
              Sign out
            </button>
          </Form>
        </>
      ) : (
        <>
          <NavLink to={PATHS.login} className={linkClass}>
            Sign In
          </NavLink>
          <NavLink to={PATHS.register} className={linkClass}>
            Sign Up
          </NavLink>
        </>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-xl font-extrabold text-brand-900">
          <img src="/logo.svg" alt="" width={36} height={36} />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <NotificationBell />
        <div className="hidden items-center gap-1 md:flex">{links}</div>
        <details className="relative md:hidden">
          <summary
            aria-label="Menu"
            className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
          >
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </summary>
          <div className="absolute right-0 mt-2 flex w-56 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
            {links}
            {drawerLinks.length > 0 && (
              <nav aria-label="Dashboard menu" className="mt-1 flex flex-col gap-1 border-t border-slate-200 pt-2">
                {drawerLinks.map((link) => (
                  <NavLink key={link.to} to={link.to} end className={linkClass}>
                    {link.label}
                  </NavLink>
                ))}
              </nav>
            )}
          </div>
        </details>
      </nav>
    </header>
  );
}
