import { describe, expect, it } from "vitest";
import { DASHBOARD_MENU } from "../site/dashboard-menu";
import { accessLabel, PERMISSIONS, POLICY, refusals, verdict } from "./policy";

describe("access policy", () => {
  it("names each permission after its rule (`:own`, `:self-or-admin`… only where ownership is checked)", () => {
    for (const permission of PERMISSIONS) {
      const access = permission.split(":")[2];
      const rule = POLICY[permission];
      const ownership = "ownership" in rule ? `${rule.ownership.of}${rule.ownership.orAdmin ? "-or-admin" : ""}` : undefined;
      expect(access, permission).toBe(ownership);
    }
  });

  it("decides the role first and ownership once the data is known", () => {
    expect(verdict("read:catalog", null)).toBe("allowed");
    expect(verdict("book:car", null)).toBe("sign-in");
    expect(verdict("book:car", { role: "seller" })).toBe("forbidden");
    expect(verdict("book:car", { role: "buyer" })).toBe("allowed");
    expect(verdict("delete:car:own-or-admin", { role: "seller" })).toBe("allowed");
    expect(verdict("delete:car:own-or-admin", { role: "seller" }, false)).toBe("forbidden");
    expect(verdict("delete:car:own-or-admin", { role: "admin" }, false)).toBe("allowed");
    expect(verdict("pay:booking:own", { role: "admin" }, false)).toBe("not-found");
    expect(verdict("read:orders:self-or-admin", { role: "buyer" }, false)).toBe("not-found");
  });

  it('labels permissions with the contract\'s "who" column and lists every refusal', () => {
    expect(accessLabel("read:catalog")).toBe("public");
    expect(accessLabel("read:cars")).toBe("user");
    expect(accessLabel("upload:image")).toBe("seller or admin");
    expect(accessLabel("delete:car:own-or-admin")).toBe("owner or admin");
    expect(accessLabel("read:booking:own-or-admin")).toBe("booker or admin");
    expect(accessLabel("create:token:session")).toBe("session");
    expect(refusals("read:catalog")).toEqual([]);
    expect(refusals("read:booking:own-or-admin")).toEqual(["sign-in", "not-found"]);
    expect(refusals("delete:car:own-or-admin")).toEqual(["sign-in", "forbidden"]);
  });

  it("shows each role the dashboard pages it may open (spec point 2)", () => {
    const labels = (role: keyof typeof DASHBOARD_MENU) => DASHBOARD_MENU[role].map((link) => link.to);
    const mine = ["/dashboard/favourites", "/dashboard/saved-searches", "/dashboard/notifications"];
    // Admins are in no conversation: the inbox is for buyers and sellers.
    expect(labels("buyer")).toEqual(["/dashboard/myorders", "/dashboard/my-offers", ...mine, "/dashboard/messages"]);
    expect(labels("seller")).toEqual([
      "/dashboard/myproducts",
      "/dashboard/addproduct",
      "/dashboard/bookings",
      "/dashboard/sales",
      "/dashboard/offers",
      "/dashboard/payouts",
      ...mine,
      "/dashboard/messages",
    ]);
    expect(labels("admin")).toEqual([
      "/dashboard/allsellers",
      "/dashboard/allbuyers",
      "/dashboard/reporteditem",
      "/dashboard/flags",
      "/dashboard/addcategory",
      "/dashboard/audit",
      "/dashboard/email-problems",
      "/dashboard/disputes",
      "/dashboard/money",
      "/dashboard/money-problems",
      ...mine,
    ]);
  });
});
