import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { PRODUCT_NAME } from "~/lib/meta";
import { PATHS } from "~/lib/paths";
import { NavbarCounts } from "./navbar-counts";

export interface NavbarUser {
  name: string;
}

export interface NavbarLink {
  to: string;
  label: string;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium hover:bg-brand-50 ${isActive ? "text-brand-700 underline underline-offset-4" : "text-slate-700"}`;

/**
 * The site navigation (spec point 2). On phones the menu is a drawer in a native <details>: it
 * opens, its toggle turns into Close menu and its backdrop closes it without JavaScript; with it,
 * every navigation closes it, and its keyboard rules (menu-drawer.ts) load when it is first opened.
 */
export function Navbar({ user, drawerLinks = [] }: { user: NavbarUser | null; drawerLinks?: NavbarLink[] }) {
  const drawer = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    drawer.current!.open = false;
  }, [key]);
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
        <NavbarCounts />
        <div className="hidden items-center gap-1 md:flex">{links}</div>
        <details
          ref={drawer}
          onToggle={(event) => {
            const toggled = event.currentTarget;
            void import("./menu-drawer").then(({ drawerToggled }) => drawerToggled(toggled));
          }}
          className="md:hidden"
        >
          {/* Its two faces and the backdrop (the last span) are app.css's .menu-toggle. */}
          <summary className="menu-toggle">
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
            <span>Menu</span>
            <span>Close menu</span>
            <span aria-hidden="true" />
          </summary>
          <div className="menu-panel">
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
