import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { SITE_NAME } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { NavbarCounts } from "../notifications/navbar-counts";

/** Someone signed in; their name is null on a page rendered for every signed-in visitor until their personal data comes. */
export interface SignedInVisitor {
  name: string | null;
}

export interface NavbarLink {
  to: string;
  label: string;
  /** How many things wait there for the person (offers to answer, open disputes...); 0 shows nothing. */
  count?: number;
}

/** A menu link's words, with what waits there as a badge that reads "3 waiting". */
export function MenuLinkLabel({ link }: { link: NavbarLink }) {
  return (
    <>
      {link.label}
      {link.count ? (
        <span className="menu-count">
          {link.count}
          <span className="sr-only"> waiting</span>
        </span>
      ) : null}
    </>
  );
}

/**
 * The site navigation (spec point 2). On phones the menu is a drawer in a native <details>: it
 * opens, its toggle turns into Close menu and its backdrop closes it without JavaScript; with it,
 * every navigation closes it, and its keyboard rules (menu-drawer.ts) load when it is first opened.
 * Its looks are app.css's site-header classes; a link to the current page is marked by its
 * aria-current, which NavLink sets.
 */
export function Navbar({ user, drawerLinks = [] }: { user: SignedInVisitor | null; drawerLinks?: NavbarLink[] }) {
  const drawer = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    drawer.current!.open = false;
  }, [key]);
  const links = (
    <>
      <NavLink to="/" end className="nav-link">
        Home
      </NavLink>
      <NavLink to={PATHS.search} end className="nav-link">
        Browse cars
      </NavLink>
      <NavLink to={PATHS.blog} className="nav-link">
        Blog
      </NavLink>
      {user ? (
        <>
          <NavLink to={PATHS.dashboard} className="nav-link">
            Dashboard
          </NavLink>
          {user.name !== null && <span className="nav-user">{user.name}</span>}
          <Form method="post" action={PATHS.logout}>
            <button type="submit" className="nav-link">
              Sign out
            </button>
          </Form>
        </>
      ) : (
        <>
          <NavLink to={PATHS.login} className="nav-link">
            Sign In
          </NavLink>
          <NavLink to={PATHS.register} className="nav-link">
            Sign Up
          </NavLink>
        </>
      )}
    </>
  );

  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <nav aria-label="Main" className="site-nav">
        <Link to="/" className="site-logo">
          <img src="/logo.svg" alt="" width={36} height={36} />
          {SITE_NAME}
        </Link>
        <NavbarCounts />
        <div className="nav-links">{links}</div>
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
                  <NavLink key={link.to} to={link.to} end className="nav-link">
                    <MenuLinkLabel link={link} />
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
