import { Hono } from "hono";
import * as v from "valibot";
import { exportAccountData } from "~/.server/services/accounts/account-export";
import { closeOwnAccount } from "~/.server/services/accounts/close-account";
import { requestEmailChange } from "~/.server/services/accounts/email-change";
import { changeEmailSchema, closeAccountSchema } from "~/lib/schemas/accounts";
import { deletedShape } from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody } from "../core/json-body";
import { deletedAnswer } from "../core/write-answers";
import { doc } from "../core/openapi";

const TAG = "Your account and your data";

/** The caller's own account (contract section "Your account and your data"). */
export const meApi = new Hono<WorkerEnv>()
  .get(
    "/export",
    doc({
      summary: "Download everything held about you, as a JSON file (5 a day)",
      tag: TAG,
      status: 200,
      description: "A JSON attachment with each section named in plain words",
      response: v.record(v.string(), v.unknown()),
      errors: [429],
    }),
    allow("export:account"),
    async (c) => {
      const data = await exportAccountData(c.var.app, c.var.user);
      c.header("Content-Disposition", 'attachment; filename="auto-reseller-your-data.json"');
      c.header("Cache-Control", "private, no-store");
      return c.json(data);
    },
  )
  .post(
    "/email",
    doc({
      summary: "Change your email address: a link to the new one confirms it, the old one is told",
      tag: TAG,
      status: 202,
      description: "The link was sent; the address changes only when it is followed",
      response: v.object({ message: v.string() }),
      errors: [403, 409, 429],
    }),
    allow("change:email"),
    jsonBody(changeEmailSchema),
    async (c) => {
      await requestEmailChange(c.var.app, c.var.user, c.req.valid("json"));
      return c.json({ message: "Check the new address for a confirmation link: the address changes when it is followed" }, 202);
    },
  )
  .delete(
    "/",
    doc({
      summary: "Close your account (password, or DELETE within 10 minutes of signing in for accounts without one)",
      tag: TAG,
      status: 200,
      description: "Closed: every session and token ends; records of money and reviews stay under 'Deleted user'",
      response: deletedShape,
      errors: [403, 409, 429],
    }),
    allow("close:account"),
    jsonBody(closeAccountSchema),
    async (c) => {
      const { closed, clearSessionCookie } = await closeOwnAccount(c.var.app, c.var.user, c.req.valid("json"));
      c.header("Set-Cookie", clearSessionCookie);
      return c.json(deletedAnswer(closed));
    },
  );
