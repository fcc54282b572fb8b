import { beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_MENU } from "~/lib/site/dashboard-menu";
import { ROLES, type Role } from "~/lib/accounts/roles";
import { request, signIn } from "./client";

// The dashboard menu and the page guards read the same policy: a role opens exactly the pages its
// menu shows, and any other dashboard page sends it to sign in with `denied=1` (spec point 2).

const DEMO: Record<Role, string> = {
  buyer: "buyer@autoreseller.test",
  seller: "seller@autoreseller.test",
  admin: "admin@autoreseller.test",
};
const PAGES = [...new Set(ROLES.flatMap((role) => DASHBOARD_MENU[role].map((link) => link.to)))];

let cookies: Record<Role, string>;
beforeAll(async () => {
  cookies = { buyer: await signIn(DEMO.buyer), seller: await signIn(DEMO.seller), admin: await signIn(DEMO.admin) };
});

describe.each(ROLES)("a signed-in %s", (role) => {
  it.each(PAGES)("opens %s only if the menu shows it", async (page) => {
    const response = await request(page, { headers: { cookie: cookies[role] } });
    if (DASHBOARD_MENU[role].some((link) => link.to === page)) {
      expect(response.status).toBe(200);
    } else {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(page)}&denied=1`);
    }
    await response.arrayBuffer();
  });
});
