import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ROLES } from "../../../lib/accounts/roles";
import { createdAt, id } from "./columns";

// The roles are declared in app/lib/accounts/roles.ts; the column's enum and check constraint follow it.
export { ROLES, type Role } from "../../../lib/accounts/roles";
const ROLE_LIST = sql.raw(ROLES.map((role) => `'${role}'`).join(", "));

export const users = sqliteTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    // Stored lower-cased by the service; the index makes uniqueness hold even if not.
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    role: text("role", { enum: ROLES }).notNull().default("buyer"),
    // The seller badge an admin gives (not emailVerified); the column keeps its first name.
    sellerVerified: integer("verified", { mode: "boolean" }).notNull().default(false),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    // Raised on password change: access tokens carry it, so older tokens stop working.
    credentialsVersion: integer("credentials_version").notNull().default(1),
    totpSecret: text("totp_secret"),
    totpEnabled: integer("totp_enabled", { mode: "boolean" }).notNull().default(false),
    // The last accepted TOTP time step: a code is accepted at most once.
    totpLastStep: integer("totp_last_step"),
    // A seller's reviews, counted and summed by triggers on reviews (migration 0013), so every card
    // shows the seller's average from the join it already makes.
    ratingCount: integer("rating_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_role_name_idx").on(t.role, sql`lower(${t.name})`, t.id),
    index("users_role_email_idx").on(t.role, t.email, t.id),
    // New users by period (the admin's dashboard).
    index("users_created_idx").on(t.createdAt),
    check("users_role_check", sql`${t.role} in (${ROLE_LIST})`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
    // What the account settings list of signed-in devices shows: the browser and when last seen.
    userAgent: text("user_agent").notNull().default(""),
    lastSeenAt: text("last_seen_at"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

export const TOKEN_PURPOSES = ["password-reset", "email-verification", "email-change"] as const;

/** Single-use links sent by email; only a hash of the token is stored. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // An email change's new address: the account takes it only when this link is followed.
    newEmail: text("new_email"),
    // Whether following that link also signs the account out everywhere (the holder chose so when asking).
    signOutOthers: integer("sign_out_others", { mode: "boolean" }).notNull().default(false),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.purpose)],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider", { enum: ["google", "github"] }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index("oauth_accounts_user_idx").on(t.userId)],
);

/** Fixed-window counters for abuse limits; in the database so they hold across Worker instances. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at").notNull(),
});

/** Two-factor sign-in tickets already used: each ticket cookie signs in at most once. */
export const usedTwoFactorTickets = sqliteTable("used_two_factor_tickets", {
  id: text("id").primaryKey(),
  expiresAt: text("expires_at").notNull(),
});
