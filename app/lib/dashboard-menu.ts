import { type AccountType } from "./types";

export interface MenuLink {
  to: string;
  label: string;
}

/** The dashboard drawer's links for each role (spec point 2). */
export const DASHBOARD_MENU: Record<AccountType, MenuLink[]> = {
  buyer: [{ to: "/dashboard/myorders", label: "My Orders" }],
  seller: [
    { to: "/dashboard/myproducts", label: "My Products" },
    { to: "/dashboard/addproduct", label: "Add a product" },
  ],
  admin: [
    { to: "/dashboard/allsellers", label: "All Sellers" },
    { to: "/dashboard/allbuyers", label: "All Buyers" },
    { to: "/dashboard/reporteditem", label: "Reported Item" },
    { to: "/dashboard/addcategory", label: "Add Category" },
    { to: "/dashboard/audit", label: "Audit trail" },
  ],
};

export const SETTINGS_LINK: MenuLink = { to: "/dashboard/settings", label: "Account settings" };
