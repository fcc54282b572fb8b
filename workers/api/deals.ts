import { Hono } from "hono";
import * as v from "valibot";
import {
  adminLedger,
  listDisputes,
  payoutAccountOf,
  payoutOnboardingLink,
  resolveDispute,
  sellerPayouts,
} from "~/.server/services/deals/deals";
import { pagedListQuerySchema } from "~/lib/list-query";
import { disputeStatusSchema, resolveDisputeSchema } from "~/lib/schemas/deals";
import {
  disputePageShape,
  ledgerPageShape,
  payoutAccountShape,
  payoutLinkShape,
  payoutsShape,
  updatedShape,
} from "~/lib/schemas/responses";
import { type WorkerEnv } from "../hono-env";
import { allow } from "./auth";
import { jsonBody, queryParams } from "./json-body";
import { doc } from "./openapi";

// The deal's money (v1.2): a seller's payout account and payouts, the admins' disputes and ledger.

const TAG = "The deal";

export const payoutsApi = new Hono<WorkerEnv>()
  .get(
    "/account",
    doc({
      summary: "The state of the caller's payout account (where their money goes)",
      tag: TAG,
      status: 200,
      description: "none, pending (set up but not ready) or ready",
      response: payoutAccountShape,
    }),
    allow("manage:payouts"),
    async (c) => c.json(await payoutAccountOf(c.var.app, c.var.user)),
  )
  .post(
    "/account",
    doc({
      summary: "Where the caller sets up (or updates) their payout account: Stripe's hosted onboarding, or the simulator's page",
      tag: TAG,
      status: 200,
      description: "The onboarding link",
      response: payoutLinkShape,
      errors: [503],
    }),
    allow("manage:payouts"),
    async (c) => c.json({ url: await payoutOnboardingLink(c.var.app, c.var.user) }),
  )
  .get(
    "/",
    doc({
      summary: "The caller's money in cents (held, disputed, due, paid out) and their ledger entries, newest first",
      tag: TAG,
      status: 200,
      description: "Sums and a page of ledger entries",
      response: payoutsShape,
    }),
    allow("manage:payouts"),
    queryParams(pagedListQuerySchema),
    async (c) => {
      const { page, limit } = c.req.valid("query");
      return c.json(await sellerPayouts(c.var.app, c.var.user, page, limit));
    },
  );

export const adminDealsApi = new Hono<WorkerEnv>()
  .get(
    "/disputes",
    doc({
      summary: "Disputes, newest first: open (default) or resolved",
      tag: TAG,
      status: 200,
      description: "A page of disputes (amount in cents)",
      response: disputePageShape,
    }),
    allow("resolve:disputes"),
    queryParams(v.object({ ...pagedListQuerySchema.entries, status: disputeStatusSchema })),
    async (c) => {
      const { page, limit, status } = c.req.valid("query");
      return c.json(await listDisputes(c.var.app, c.var.user, status, page, limit));
    },
  )
  .post(
    "/disputes/:id/resolve",
    doc({
      summary: "Decide a dispute: refund the buyer or release the money to the seller",
      tag: TAG,
      status: 200,
      description: "Resolved. 409 if already resolved",
      response: updatedShape,
      errors: [404, 409],
    }),
    allow("resolve:disputes"),
    jsonBody(resolveDisputeSchema),
    async (c) =>
      c.json({
        acknowledged: true,
        modifiedCount: await resolveDispute(c.var.app, c.var.user, c.req.param("id"), c.req.valid("json").outcome),
      }),
  )
  .get(
    "/ledger",
    doc({
      summary: "Every ledger entry, newest first, with the totals (charged = refunded + fees + transferred + held + due)",
      tag: TAG,
      status: 200,
      description: "A page of ledger entries and the totals in cents",
      response: ledgerPageShape,
    }),
    allow("read:ledger"),
    queryParams(pagedListQuerySchema),
    async (c) => {
      const { page, limit } = c.req.valid("query");
      return c.json(await adminLedger(c.var.app, c.var.user, page, limit));
    },
  );
