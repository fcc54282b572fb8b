import { ROLES, type Role } from "./roles";

// Who may see or do what, in one place (docs/decisions/0006-one-access-policy.md). Page guards, API
// guards, services, the dashboard menu and the OpenAPI document's `x-access` labels all read it.
//
// A permission is named `action:entity` or `action:entity:access`, where access says whose things
// it reaches: `own` (the user's own), `self` (the account the path names), `session` (the signed-in
// session's own account), with `-or-admin` when admins reach everyone's. The role part is decided
// before any data is read; the ownership part needs the data, so services check it, asking
// `verdict()` with what they found.

/** Whose the thing is, when the rule depends on data. */
type Ownership = "own" | "self" | "session";

interface Rule {
  /** Who may try: "anyone" needs no sign-in; otherwise the roles that may. */
  roles: "anyone" | readonly Role[];
  /** Only the user the thing belongs to (and admins with `orAdmin`); everyone else gets `othersGet`. */
  ownership?: { of: Ownership; orAdmin: boolean; othersGet: "forbidden" | "not-found" };
  /** The contract's word for the owner in `x-access` ("owner", "booker"), when not the ownership's own. */
  owner?: string;
  /** What a signed-in user whose role may not is told (the contract's wording where it has one). */
  refusal?: string;
}

const ADMIN: readonly Role[] = ["admin"];

export const POLICY = {
  "read:health": { roles: "anyone" },
  "read:docs": { roles: "anyone" },
  "read:catalog": { roles: "anyone" },
  // The mail the app sent (development and tests only; the endpoint does not exist in production).
  "read:dev-mail": { roles: "anyone" },
  "create:account": { roles: "anyone" },
  "create:token": { roles: "anyone" },
  "create:token:session": { roles: ROLES, ownership: { of: "session", orAdmin: false, othersGet: "forbidden" } },
  "read:role:self-or-admin": { roles: ROLES, ownership: { of: "self", orAdmin: true, othersGet: "forbidden" } },
  // The caller's own account: take its data, change its address, close it, sign its devices out.
  "export:account": { roles: ROLES },
  "change:email": { roles: ROLES },
  "close:account": { roles: ROLES },
  "manage:users": { roles: ADMIN },
  "read:audit": { roles: ADMIN },
  "read:email-problems": { roles: ADMIN },
  "create:category": { roles: ADMIN },
  "manage:categories": { roles: ADMIN },
  "moderate:reports": { roles: ADMIN },
  "read:cars": { roles: ROLES },
  "create:report": { roles: ROLES },
  "create:car": { roles: ["seller"], refusal: "Only seller accounts can add products" },
  "read:my-cars": { roles: ["seller"] },
  // A car's views, saves, messages and bookings are its seller's business: for anyone else it does not exist.
  "read:car-stats:own": { roles: ["seller"], ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "owner" },
  // The estimate and comparables for a car about to be listed.
  "suggest:price": { roles: ["seller"] },
  "read:cars:self-or-admin": { roles: ["seller", "admin"], ownership: { of: "self", orAdmin: true, othersGet: "forbidden" } },
  "update:car:own": { roles: ["seller"], ownership: { of: "own", orAdmin: false, othersGet: "forbidden" }, owner: "owner" },
  "advertise:car:own": { roles: ["seller"], ownership: { of: "own", orAdmin: false, othersGet: "forbidden" }, owner: "owner" },
  "delete:car:own-or-admin": {
    roles: ["seller", "admin"],
    ownership: { of: "own", orAdmin: true, othersGet: "forbidden" },
    owner: "owner",
  },
  "upload:image": { roles: ["seller", "admin"] },
  "book:car": { roles: ["buyer"], refusal: "Only buyer accounts can book cars" },
  "read:my-orders": { roles: ["buyer"] },
  // Another buyer's orders, bookings and payments do not exist for them (the contract's 404).
  "read:orders:self-or-admin": { roles: ["buyer", "admin"], ownership: { of: "self", orAdmin: true, othersGet: "not-found" } },
  "read:booking:own-or-admin": { roles: ROLES, ownership: { of: "own", orAdmin: true, othersGet: "not-found" }, owner: "booker" },
  // A paid booking's receipt: its buyer's, and admins' (who answer questions about payments).
  "read:receipt:own-or-admin": { roles: ROLES, ownership: { of: "own", orAdmin: true, othersGet: "not-found" }, owner: "booker" },
  "pay:booking:own": { roles: ROLES, ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "booker" },
  // Only its buyer cancels a booking; for everyone else, admins too, it does not exist.
  "cancel:booking:own": { roles: ROLES, ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "booker" },
  "save:favourite": { roles: ROLES },
  "save:search": { roles: ROLES },
  // A saved search is private: for anyone but its owner, admins too, it does not exist.
  "delete:saved-search:own": { roles: ROLES, ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "its owner" },
  // Only buyers start a conversation about a car; its seller answers in it.
  "start:conversation": { roles: ["buyer"], refusal: "Only buyer accounts can message sellers" },
  // Each user lists only the conversations they are in (admins are in none, so theirs is empty).
  "read:conversations": { roles: ROLES },
  // The inbox page and menu link, for the roles that take part in conversations.
  "read:inbox": { roles: ["buyer", "seller"] },
  // A conversation is private to its buyer and seller: for anyone else, admins too, it does not exist.
  "read:conversation:own": { roles: ROLES, ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "participant" },
  "write:conversation:own": { roles: ROLES, ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "participant" },
  // Only the buyer of a paid booking reviews its seller; anyone else's booking does not exist for them.
  "review:booking:own": {
    roles: ROLES,
    ownership: { of: "own", orAdmin: false, othersGet: "not-found" },
    owner: "booker of a paid booking",
  },
  // Only the reviewed seller answers a review; for anyone else there is nothing to answer.
  "answer:review:own": { roles: ROLES, ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "the reviewed seller" },
  // Reviews that break the rules are removed by admins (with the audit trail).
  "remove:review": { roles: ADMIN },
  // Each user reads and marks only their own notifications: the queries name the caller, so no one
  // else's can be reached at all (admins included).
  "read:notifications": { roles: ROLES },
  "mark-read:notifications": { roles: ROLES },
  // The deal: the buyer confirms the handover or reports a problem with their own paid booking; the
  // seller of the car gives the money back or declines an unpaid booking. Anyone else's booking
  // does not exist for them (admins too: they decide disputes instead).
  "confirm:handover:own": { roles: ROLES, ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "booker" },
  "dispute:booking:own": { roles: ROLES, ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "booker" },
  "refund:booking:own": { roles: ["seller"], ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "owner" },
  "decline:booking:own": { roles: ["seller"], ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "owner" },
  "read:bookings-received": { roles: ["seller"] },
  "manage:payouts": { roles: ["seller"] },
  "resolve:disputes": { roles: ADMIN },
  "read:ledger": { roles: ADMIN },
  // Money problems: admins compare the ledger with the provider on demand and close what they settled.
  "reconcile:ledger": { roles: ADMIN },
  "resolve:money-problems": { roles: ADMIN },
  // Offers: buyers make them; an offer is its buyer's, its seller's and the admins' to see, and only
  // its buyer and seller answer it (which of them depends on its state: the service decides).
  "make:offer": { roles: ["buyer"], refusal: "Only buyer accounts can make offers" },
  "read:offers": { roles: ROLES },
  // The pages: a seller's Offers (on their cars) and a buyer's My offers.
  "read:offers-received": { roles: ["seller"] },
  "read:offers-made": { roles: ["buyer"] },
  "answer:offer:own": { roles: ROLES, ownership: { of: "own", orAdmin: false, othersGet: "not-found" }, owner: "its buyer or seller" },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof POLICY;
export const PERMISSIONS = Object.keys(POLICY) as Permission[];
/** The permissions anyone has, signed in or not. */
export type PublicPermission = { [P in Permission]: (typeof POLICY)[P]["roles"] extends "anyone" ? P : never }[Permission];

/** The outcome for a caller: allowed, or how the refusal is answered. */
export type Verdict = "allowed" | Refusal;
export type Refusal = "sign-in" | "forbidden" | "not-found";
export const REFUSAL_STATUS = { "sign-in": 401, forbidden: 403, "not-found": 404 } as const satisfies Record<Refusal, number>;

function rule(permission: Permission): Rule {
  return POLICY[permission];
}

/**
 * The policy's decision for a caller (null: nobody signed in). `isOwn` says whether the thing is the
 * caller's; leave it out before the data is read, and only the role part is decided.
 */
export function verdict(permission: Permission, caller: { role: Role } | null, isOwn?: boolean): Verdict {
  const { roles, ownership } = rule(permission);
  if (roles === "anyone") return "allowed";
  if (!caller) return "sign-in";
  if (!roles.includes(caller.role)) return "forbidden";
  if (!ownership || isOwn === undefined || isOwn) return "allowed";
  if (ownership.orAdmin && caller.role === "admin") return "allowed";
  return ownership.othersGet;
}

/** Whether a role may try it at all (the menu, and guards before any data is read). */
export function roleMay(role: Role, permission: Permission): boolean {
  return verdict(permission, { role }) === "allowed";
}

/** Whether signing in is needed (for the document's `security`). */
export function needsSignIn(permission: Permission): boolean {
  return rule(permission).roles !== "anyone";
}

/** Every way the policy can refuse this permission to someone. */
export function refusals(permission: Permission): Refusal[] {
  const { roles, ownership } = rule(permission);
  if (roles === "anyone") return [];
  const found = new Set<Refusal>(["sign-in"]);
  if (roles.length < ROLES.length) found.add("forbidden");
  if (ownership) found.add(ownership.othersGet);
  return [...found];
}

/** What a signed-in caller whose role may not is told. */
export function refusalMessage(permission: Permission): string {
  const { roles, refusal } = rule(permission);
  return refusal ?? `Only ${[roles].flat().join(" or ")} accounts can do this`;
}

/** The contract's "who" column for a permission: public, user, a list of roles, or the owner (or admin). */
export function accessLabel(permission: Permission): string {
  const { roles, ownership, owner } = rule(permission);
  if (roles === "anyone") return "public";
  if (ownership) return `${owner ?? ownership.of}${ownership.orAdmin ? " or admin" : ""}`;
  if (roles.length === ROLES.length) return "user";
  return roles.join(" or ");
}
