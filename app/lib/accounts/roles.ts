// The account roles, declared once: the database's check constraint and enum, the contract's
// `accountType`, the access policy and the dashboard menu all read this list.

export const ROLES = ["buyer", "seller", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles anyone may sign up as; admins are made with `npm run admin`. */
export const SIGN_UP_ROLES = ["buyer", "seller"] as const satisfies readonly Role[];

/** How the records name a person whose account is gone (payments, receipts, disputes and messages stay). */
export const DELETED_USER = "Deleted user";
