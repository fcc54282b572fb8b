import { Hono } from "hono";
import * as v from "valibot";
import { resolveDispute } from "~/.server/services/deals/deal-actions";
import { listDisputes } from "~/.server/services/deals/disputes";
import { adminLedger, asLedgerEntries, sellerPayouts } from "~/.server/services/deals/ledger";
import { listMoneyProblems, resolveMoneyProblem } from "~/.server/services/deals/money-problems";
import { payoutAccountOf, payoutOnboardingLink } from "~/.server/services/deals/payout-accounts";
import { reconcileNow } from "~/.server/services/deals/reconciliation";
import { pagedListQuerySchema } from "~/lib/shared/list-query";
import { disputeStatusSchema, moneyProblemStatusSchema, resolveDisputeSchema, resolveMoneyProblemSchema } from "~/lib/schemas/deals";
import {
  disputePageShape,
  ledgerPageShape,
  moneyProblemPageShape,
  reconcileShape,
  payoutAccountShape,
  payoutLinkShape,
  payoutsShape,
  updatedShape,
} from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody, queryParams } from "../core/json-body";
import { doc } from "../core/openapi";
import { updatedAnswer } from "../core/write-answers";

// The deal's money: a seller's payout account and payouts, the admins' disputes and ledger.

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
      return c.json(asLedgerEntries(await sellerPayouts(c.var.app, c.var.user, page, limit)));
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
    async (c) => {
      await resolveDispute(c.var.app, c.var.user, c.req.param("id"), c.req.valid("json").outcome);
      return c.json(updatedAnswer());
    },
  )
  .get(
    "/ledger",
    doc({
      summary: "Every ledger entry, newest first, with the totals (charged = refunded + fees + transferred − reversed + held + due − owed)",
      tag: TAG,
      status: 200,
      description: "A page of ledger entries and the totals in cents",
      response: ledgerPageShape,
    }),
    allow("read:ledger"),
    queryParams(pagedListQuerySchema),
    async (c) => {
      const { page, limit } = c.req.valid("query");
      return c.json(asLedgerEntries(await adminLedger(c.var.app, c.var.user, page, limit)));
    },
  )
  .post(
    "/reconcile",
    doc({
      summary: "Compare the ledger with the payment provider's charges, refunds, transfers and reversals of the last 7 days now",
      tag: TAG,
      status: 200,
      description: "How many provider objects were compared, and how many money problems are open",
      response: reconcileShape,
      errors: [503],
    }),
    allow("reconcile:ledger"),
    async (c) => c.json(await reconcileNow(c.var.app, c.var.user)),
  )
  .get(
    "/money-problems",
    doc({
      summary: "Money problems, newest first: open (default) or resolved",
      tag: TAG,
      status: 200,
      description: "A page of money problems (amount in cents)",
      response: moneyProblemPageShape,
    }),
    allow("read:ledger"),
    queryParams(v.object({ ...pagedListQuerySchema.entries, status: moneyProblemStatusSchema })),
    async (c) => {
      const { page, limit, status } = c.req.valid("query");
      return c.json(await listMoneyProblems(c.var.app, c.var.user, status, page, limit));
    },
  )
  .post(
    "/money-problems/:id/resolve",
    doc({
      summary: "Close a money problem with a note of what was done",
      tag: TAG,
      status: 200,
      description: "Resolved. 409 if already resolved",
      response: updatedShape,
      errors: [404, 409],
    }),
    allow("resolve:money-problems"),
    jsonBody(resolveMoneyProblemSchema),
    async (c) => {
      await resolveMoneyProblem(c.var.app, c.var.user, c.req.param("id"), c.req.valid("json").note);
      return c.json(updatedAnswer());
    },
  );
