import { type Context, Hono } from "hono";
import * as v from "valibot";
import { passwordAccessToken, sessionAccessToken } from "~/.server/services/accounts/credentials";
import { registerUser } from "~/.server/services/accounts/registration";
import { hasRole, type UserRow } from "~/.server/services/users/users";
import { type Role } from "~/lib/accounts/roles";
import { signUpSchema, tokenRequestSchema } from "~/lib/schemas/accounts";
import { emailField } from "~/lib/schemas/fields";
import { accessTokenShape, createdShape, roleFlagShape } from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody, pathParams, queryParams } from "../core/json-body";
import { doc } from "../core/openapi";
import { insertedAnswer } from "../core/write-answers";

const emailQuery = v.object({ email: emailField });
// One path parameter for /users/{role}/{account}: the email here, the id for an admin's DELETE.
export const accountEmailParam = v.object({ account: v.pipe(emailField, v.description("The account's email")) });

/** Accounts and tokens (contract section "Accounts and tokens"). */
export const usersApi = new Hono<WorkerEnv>()
  .post(
    "/",
    doc({
      summary: "Create a buyer or seller account",
      tag: "Accounts",
      status: 201,
      description: "Created",
      response: createdShape,
      errors: [409, 429],
    }),
    allow("create:account"),
    jsonBody(signUpSchema),
    async (c) => {
      const user = await registerUser(c.var.app, c.req.valid("json"));
      return c.json(insertedAnswer(user.id), 201);
    },
  )
  .get("/admin/:account", doc(roleDoc("isAdmin")), allow("read:role:self-or-admin"), pathParams(accountEmailParam), (c) =>
    roleFlag(c, "admin", "isAdmin"),
  )
  .get("/buyer/:account", doc(roleDoc("isBuyer")), allow("read:role:self-or-admin"), pathParams(accountEmailParam), (c) =>
    roleFlag(c, "buyer", "isBuyer"),
  )
  .get("/seller/:account", doc(roleDoc("isSeller")), allow("read:role:self-or-admin"), pathParams(accountEmailParam), (c) =>
    roleFlag(c, "seller", "isSeller"),
  );

function roleDoc(flag: "isAdmin" | "isBuyer" | "isSeller") {
  return {
    summary: `Role check: { ${flag} }`,
    tag: "Accounts",
    status: 200,
    description: `{ ${flag}: boolean }`,
    response: roleFlagShape(flag),
  };
}

type RoleFlagEnv = WorkerEnv & { Variables: { user: UserRow } };

async function roleFlag(
  c: Context<RoleFlagEnv, string, { out: { param: v.InferOutput<typeof accountEmailParam> } }>,
  role: Role,
  flag: string,
) {
  return c.json({ [flag]: await hasRole(c.var.app, c.var.user, c.req.valid("param").account, role) });
}

export const jwtApi = new Hono<WorkerEnv>()
  // API clients: credentials (and the TOTP code when two-factor is on) for a 1-hour token.
  .post(
    "/",
    doc({
      summary: "Get a 1-hour access token with credentials (and the TOTP code when two-factor is on)",
      tag: "Accounts",
      status: 200,
      description: "The token",
      response: accessTokenShape,
      errors: [401, 429],
    }),
    allow("create:token"),
    jsonBody(tokenRequestSchema),
    async (c) => {
      const { email, password, code } = c.req.valid("json");
      return c.json({ accessToken: await passwordAccessToken(c.var.app, email, password, code) });
    },
  )
  // The app's own pages: the signed-in session's user only (the spec minted tokens for any email).
  .get(
    "/",
    doc({
      summary: "Get an access token for the signed-in session's own email",
      tag: "Accounts",
      status: 200,
      description: "The token",
      response: accessTokenShape,
    }),
    allow("create:token:session"),
    queryParams(emailQuery),
    async (c) => {
      return c.json({ accessToken: await sessionAccessToken(c.var.app, c.var.user, c.req.valid("query").email) });
    },
  );
