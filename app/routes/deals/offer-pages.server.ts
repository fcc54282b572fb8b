import { requirePermission } from "~/.server/auth/guards";
import { type AppContext } from "~/.server/context";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction } from "~/.server/web/page-errors";
import { listOffers, takeOfferStep } from "~/.server/services/deals/offers";
import { pageFromUrl } from "~/lib/shared/list-query";
import { type Permission } from "~/lib/accounts/policy";
import { offerStepFormSchema } from "~/lib/schemas/deals";

// The two offer pages, one per side of the deal: the seller's Offers and the buyer's My offers list
// and answer offers the same way; only who may open them and whose offers they list differ.

const PAGE_SIZE = 10;
const DONE = { accept: "Accepted", counter: "Counter-offer sent", decline: "Declined", withdraw: "Withdrawn" } as const;
const SIDES = {
  seller: "read:offers-received",
  buyer: "read:offers-made",
} as const satisfies Record<string, Permission>;

type Side = keyof typeof SIDES;
interface PageArgs {
  request: Request;
  context: { app: AppContext };
}

export async function loadOffers(side: Side, { request, context }: PageArgs) {
  const user = await requirePermission(context.app, request, SIDES[side]);
  const list = await listOffers(context.app, user, { role: side, page: pageFromUrl(request.url), limit: PAGE_SIZE });
  return { list, now: context.app.now().getTime() };
}

/** Accept, counter, decline or withdraw, as the form asks; the service decides whether this side may. */
export async function answerOffer(side: Side, { request, context }: PageArgs) {
  const user = await requirePermission(context.app, request, SIDES[side]);
  const submission = parseForm(await readFormBody(request), offerStepFormSchema);
  if (submission.status !== "success") return failedAction(Object.values(submission.error ?? {})[0]?.[0]);
  const { id, step, amount, confirm } = submission.value;
  return actionResult(async () => {
    await takeOfferStep(context.app, user, step, id, amount, confirm === "yes");
    return { ok: true, message: `${DONE[step]}: the other side has been told` };
  });
}
