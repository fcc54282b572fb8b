import { type Permission, roleMay } from "../accounts/policy";
import { PATHS } from "../shared/paths";
import { ROLES, type Role } from "../accounts/roles";

export interface MenuLink {
  to: string;
  label: string;
}

// The dashboard's pages and the permission each page's guard asks for (app/routes/*): a role sees
// the links the access policy lets it open.
const DASHBOARD_PAGES: (MenuLink & { permission: Permission })[] = [
  { to: PATHS.myOrders, label: "My Orders", permission: "read:my-orders" },
  { to: PATHS.myOffers, label: "My offers", permission: "read:offers-made" },
  { to: PATHS.myCars, label: "My Products", permission: "read:my-cars" },
  { to: PATHS.addCar, label: "Add a product", permission: "create:car" },
  { to: PATHS.receivedBookings, label: "Bookings", permission: "read:bookings-received" },
  { to: PATHS.sales, label: "Sales", permission: "read:bookings-received" },
  { to: PATHS.offers, label: "Offers", permission: "read:offers-received" },
  { to: PATHS.payouts, label: "Payouts", permission: "manage:payouts" },
  { to: PATHS.allSellers, label: "All Sellers", permission: "manage:users" },
  { to: PATHS.allBuyers, label: "All Buyers", permission: "manage:users" },
  { to: PATHS.reportedItems, label: "Reported Item", permission: "moderate:reports" },
  { to: PATHS.flags, label: "Flags", permission: "moderate:reports" },
  { to: PATHS.addCategory, label: "Add Category", permission: "create:category" },
  { to: PATHS.audit, label: "Audit trail", permission: "read:audit" },
  { to: PATHS.emailProblems, label: "Email problems", permission: "read:email-problems" },
  { to: PATHS.disputes, label: "Disputes", permission: "resolve:disputes" },
  { to: PATHS.money, label: "Money", permission: "read:ledger" },
  { to: PATHS.moneyProblems, label: "Money problems", permission: "read:ledger" },
  { to: PATHS.favourites, label: "Favourites", permission: "save:favourite" },
  { to: PATHS.savedSearches, label: "Saved searches", permission: "save:search" },
  { to: PATHS.notifications, label: "Notifications", permission: "read:notifications" },
  { to: PATHS.messages, label: "Messages", permission: "read:inbox" },
];

/** The dashboard drawer's links for each role (spec point 2). */
export const DASHBOARD_MENU = Object.fromEntries(
  ROLES.map((role) => [role, DASHBOARD_PAGES.filter((page) => roleMay(role, page.permission)).map(({ to, label }) => ({ to, label }))]),
) as Record<Role, MenuLink[]>;

export const SETTINGS_LINK: MenuLink = { to: PATHS.settings, label: "Account settings" };
