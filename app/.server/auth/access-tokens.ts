import { eq } from "drizzle-orm";
import { type AppContext } from "../context";
import { users } from "../db/schema";
import { signClaims, verifyClaims } from "./signing";
import { nothingPublicChanged } from "../page-changes";

const ACCESS_TOKEN_SECONDS = 3600;

/** A short-lived API token. `ver` ties it to the user's credentials: a password change ends it. */
export function issueAccessToken(ctx: AppContext, user: { id: string; credentialsVersion: number }) {
  nothingPublicChanged(ctx.changedPages);
  return signClaims(ctx, "api", { sub: user.id, ver: user.credentialsVersion }, ACCESS_TOKEN_SECONDS);
}

/** The user behind a bearer token; null for a bad, expired, outdated or orphaned token. */
export async function readTokenUser(ctx: AppContext, token: string) {
  const claims = await verifyClaims(ctx, "api", token);
  if (typeof claims?.sub !== "string") return null;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
  if (!user || user.credentialsVersion !== claims.ver) return null;
  return user;
}
