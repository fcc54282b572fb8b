import { type Context, Hono } from "hono";
import * as v from "valibot";
import { issueAccessToken } from "~/.server/auth/access-tokens";
import { getSessionUser } from "~/.server/auth/guards";
import { type Role } from "~/.server/db/schema";
import { Forbidden, Unauthorized } from "~/.server/errors";
import { checkPassword } from "~/.server/services/credentials";
import { checkSecondFactor } from "~/.server/services/two-factor";
import { registerUser } from "~/.server/services/registration";
import { findRoleByEmail } from "~/.server/services/users";
import { emailField } from "~/lib/schemas/fields";
import { signUpSchema, tokenRequestSchema } from "~/lib/schemas/auth";
import { doc } from "./openapi";
import { type WorkerEnv } from "../hono-env";
import { assertSelfOrAdmin, requireApiUser } from "./auth";
import { parseInput, readJson } from "./json-body";

const emailQuery = v.object({ email: emailField });

/** Accounts and tokens (contract section "Accounts and tokens"). */
export const usersApi = new Hono<WorkerEnv>()
  .post("/", doc({ summary: "Create a buyer or seller account", tag: "Accounts", access: "public", body: signUpSchema, status: 201, description: "Created: { acknowledged, insertedId }" }), async (c) => {
    const input = await readJson(c, signUpSchema);
    const user = await registerUser(c.var.app, input);
    return c.json({ acknowledged: true, insertedId: user.id }, 201);
  })
  .get("/admin/:email", doc(roleDoc("isAdmin")), (c) => roleFlag(c, "admin", "isAdmin"))
  .get("/buyer/:email", doc(roleDoc("isBuyer")), (c) => roleFlag(c, "buyer", "isBuyer"))
  .get("/seller/:email", doc(roleDoc("isSeller")), (c) => roleFlag(c, "seller", "isSeller"));

function roleDoc(flag: string) {
  return { summary: `Role check: { ${flag} }`, tag: "Accounts", access: "self or admin" as const, status: 200, description: `{ ${flag}: boolean }` };
}

async function roleFlag(c: Context<WorkerEnv>, role: Role, flag: string) {
  const caller = await requireApiUser(c);
  const { email } = parseInput(emailQuery, { email: c.req.param("email") });
  assertSelfOrAdmin(caller, email);
  return c.json({ [flag]: (await findRoleByEmail(c.var.app, email)) === role });
}

export const jwtApi = new Hono<WorkerEnv>()
  // API clients: credentials (and the TOTP code when two-factor is on) for a 1-hour token.
  .post("/", doc({ summary: "Get a 1-hour access token with credentials (and the TOTP code when two-factor is on)", tag: "Accounts", access: "public", body: tokenRequestSchema, status: 200, description: "{ accessToken }" }), async (c) => {
    const ctx = c.var.app;
    const { email, password, code } = await readJson(c, tokenRequestSchema);
    const user = await checkPassword(ctx, email, password);
    if (user.totpEnabled) {
      if (!code) throw new Unauthorized("This account needs its two-factor code (code)");
      await checkSecondFactor(ctx, user, code);
    }
    return c.json({ accessToken: await issueAccessToken(ctx, user) });
  })
  // The app's own pages: the signed-in session's user only (the spec minted tokens for any email).
  .get("/", doc({ summary: "Get an access token for the signed-in session's own email", tag: "Accounts", access: "session", query: emailQuery, status: 200, description: "{ accessToken }" }), async (c) => {
    const ctx = c.var.app;
    const user = await getSessionUser(ctx, c.req.raw);
    if (!user) throw new Unauthorized("Sign in first");
    const { email } = parseInput(emailQuery, { email: c.req.query("email") });
    if (email !== user.email.toLowerCase()) throw new Forbidden("You can only get a token for your own account");
    return c.json({ accessToken: await issueAccessToken(ctx, user) });
  });
