import { requirePermission } from "~/.server/auth/guards";
import * as v from "valibot";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction, orPageError, redirectWithToast } from "~/.server/web/page-errors";
import { requirePaymentSimulator } from "~/.server/services/deals/payments";
import { completeSimulatedOnboarding } from "~/.server/services/deals/payout-accounts";
import { Button, ButtonLink } from "~/components/ui/button";
import { ResultBanner } from "~/components/ui/result-banner";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { type Route } from "./+types/payouts-simulator";

// The payment simulator's stand-in for Stripe's hosted onboarding (development and tests only; 404
// with Stripe or in production): one click makes the seller's payout account ready.

export const meta: Route.MetaFunction = () => privatePageMeta("Set up payouts (simulator)");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(context.app, request, "manage:payouts");
  await orPageError(async () => requirePaymentSimulator(context.app));
  return null;
}

const readySchema = v.object({ intent: v.literal("ready") });

export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requirePermission(context.app, request, "manage:payouts");
  if (parseForm(await readFormBody(request), readySchema).status !== "success") return failedAction();
  return actionResult(async () => {
    await completeSimulatedOnboarding(context.app, seller);
    throw redirectWithToast(context.app, PATHS.payouts, { type: "success", message: "Your payout account is ready" });
  });
}

export default function PayoutsSimulator({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="card flex max-w-xl flex-col gap-4 p-6">
      <h1 className="text-title">Set up payouts</h1>
      <ResultBanner result={actionData} />
      <p>
        This is the payment simulator&apos;s stand-in for Stripe&apos;s onboarding: in production, Stripe asks for your identity and bank
        details here. Nothing real is set up.
      </p>
      <form method="post" className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="ready">
          Make my payout account ready
        </Button>
        <ButtonLink to={PATHS.payouts} variant="secondary">
          Back to Payouts
        </ButtonLink>
      </form>
    </main>
  );
}
