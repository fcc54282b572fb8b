import { redirect } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import * as v from "valibot";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction } from "~/.server/web/page-errors";
import { sellerPayouts } from "~/.server/services/deals/ledger";
import { payoutAccountOf, payoutOnboardingLink, refreshPayoutAccount } from "~/.server/services/deals/payout-accounts";
import { LedgerTable } from "~/components/deals/ledger-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ResultBanner } from "~/components/ui/result-banner";
import { StatGrid } from "~/components/ui/stat";
import { formatCents } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { type Route } from "./+types/payouts";

export const meta: Route.MetaFunction = () => privatePageMeta("Payouts");

const PAGE_SIZE = 20;
const onboardSchema = v.object({ intent: v.literal("onboard") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requirePermission(context.app, request, "manage:payouts");
  // Back from onboarding, the account may be ready before Stripe's webhook says so.
  await refreshPayoutAccount(context.app, seller);
  const page = pageFromUrl(request.url);
  const [account, payouts] = await Promise.all([payoutAccountOf(context.app, seller), sellerPayouts(context.app, seller, page, PAGE_SIZE)]);
  return { account, payouts };
}

/** Sends the seller to where their payout account is set up (Stripe's onboarding, or the simulator's page). */
export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requirePermission(context.app, request, "manage:payouts");
  if (parseForm(await readFormBody(request), onboardSchema).status !== "success") return failedAction();
  return actionResult(async () => {
    const link = new URL(await payoutOnboardingLink(context.app, seller));
    // A page of this app (the simulator's) is sent by its path: the browser stays on the address it
    // used (localhost or 127.0.0.1), where the seller is signed in and the form may go.
    throw redirect(link.origin === new URL(context.app.publicOrigin).origin ? `${link.pathname}${link.search}` : link.toString());
  });
}

const ACCOUNT_WORDS = {
  none: { tone: "warning", label: "Not set up", text: "Set up your payout account so that the money for your sales can be sent to you." },
  pending: {
    tone: "warning",
    label: "Not ready yet",
    text: "Your payout account needs a few more details before money can be sent to it.",
  },
  ready: { tone: "success", label: "Ready", text: "Money released to you is sent to your payout account." },
} as const;

export default function Payouts({ loaderData, actionData }: Route.ComponentProps) {
  const { account, payouts } = loaderData;
  const words = ACCOUNT_WORDS[account.status];
  return (
    <main id="main" className="flex flex-col gap-8">
      <h1 className="text-title">Payouts</h1>
      <ResultBanner result={actionData} />
      <section aria-labelledby="account-heading" className="card flex flex-col gap-3 p-5">
        <h2 id="account-heading" className="flex flex-wrap items-center gap-3 text-heading">
          Payout account <Badge tone={words.tone}>{words.label}</Badge>
        </h2>
        <p>{words.text}</p>
        <form method="post">
          <Button type="submit" name="intent" value="onboard" variant={account.status === "ready" ? "secondary" : "primary"}>
            {account.status === "none"
              ? "Set up payouts"
              : account.status === "pending"
                ? "Finish setting up payouts"
                : "Update payout details"}
          </Button>
        </form>
      </section>
      <section aria-labelledby="sums-heading">
        <h2 id="sums-heading" className="sr-only">
          Your money
        </h2>
        <StatGrid
          stats={[
            { label: "Held", value: formatCents(payouts.held), note: "Paid by buyers; yours once they have the car" },
            { label: "Disputed", value: formatCents(payouts.disputed), note: "Waiting for an admin's decision" },
            { label: "Due", value: formatCents(payouts.due), note: "Released, waiting for a ready payout account" },
            { label: "Paid out", value: formatCents(payouts.paidOut), note: "Sent to your payout account" },
          ]}
        />
      </section>
      <section aria-labelledby="ledger-heading" className="flex flex-col gap-3">
        <h2 id="ledger-heading" className="text-heading">
          Movements
        </h2>
        <LedgerTable caption="Your money, newest first" empty="No money has moved for your cars yet." list={payouts} viewer="seller" />
      </section>
    </main>
  );
}
