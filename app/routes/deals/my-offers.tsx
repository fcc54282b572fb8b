import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/form-body";
import { actionResult, failedAction } from "~/.server/page-errors";
import { listOffers, takeOfferStep } from "~/.server/services/deals/offers";
import { OfferList } from "~/components/deals/offer-list";
import { ResultBanner } from "~/components/ui/result-banner";
import { SimplePager } from "~/components/ui/simple-pager";
import { pageFromUrl } from "~/lib/list-query";
import { privatePageMeta } from "~/lib/meta";
import { offerStepFormSchema } from "~/lib/schemas/offers";
import { type Route } from "./+types/my-offers";

export const meta: Route.MetaFunction = () => privatePageMeta("My offers");

const PAGE_SIZE = 10;
const DONE = { accept: "Accepted", counter: "Counter-offer sent", decline: "Declined", withdraw: "Withdrawn" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(context.app, request, "read:offers-made");
  const list = await listOffers(context.app, user, { role: "buyer", page: pageFromUrl(request.url), limit: PAGE_SIZE });
  return { list, now: context.app.now().getTime() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(context.app, request, "read:offers-made");
  const submission = parseForm(await readFormBody(request), offerStepFormSchema);
  if (submission.status !== "success") return failedAction(Object.values(submission.error ?? {})[0]?.[0]);
  const { id, step, amount, confirm } = submission.value;
  return actionResult(async () => {
    await takeOfferStep(context.app, user, step, id, amount, confirm === "yes");
    return { ok: true, message: `${DONE[step]}: the other side has been told` };
  });
}

export default function OffersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, now } = loaderData;
  return (
    <main id="main" className="flex flex-col gap-6">
      <h1 className="text-title">My offers</h1>
      <p>Offers you made. When a seller counters, you have 48 hours to accept or decline; an accepted price holds for 24 hours.</p>
      <ResultBanner result={actionData} />
      <OfferList offers={list.data} now={now} empty="You have not made any offers yet." />
      <SimplePager page={list.currentPage} totalPages={list.totalPages} label="Offer pages" />
    </main>
  );
}
