import { requirePermission } from "~/.server/auth/guards";
import { adminLedger, ledgerBalances } from "~/.server/services/deals/ledger";
import { LedgerTable } from "~/components/deals/ledger-table";
import { Badge } from "~/components/ui/badge";
import { StatGrid } from "~/components/ui/stat";
import { formatCents } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { type Route } from "./+types/money";

// The admins' Money page: the ledger's totals, whether they balance, and every entry, newest first.

export const meta: Route.MetaFunction = () => privatePageMeta("Money");

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requirePermission(context.app, request, "read:ledger");
  const ledger = await adminLedger(context.app, admin, pageFromUrl(request.url), PAGE_SIZE);
  return { ledger, balances: ledgerBalances(ledger.totals) };
}

export default function Money({ loaderData }: Route.ComponentProps) {
  const { ledger, balances } = loaderData;
  const { totals } = ledger;
  return (
    <main id="main" className="flex flex-col gap-6">
      <h1 className="text-title">Money</h1>
      <StatGrid
        stats={[
          { label: "Charged", value: formatCents(totals.charged), note: "Card payments from buyers" },
          { label: "Refunded", value: formatCents(totals.refunded), note: "Given back to buyers" },
          { label: "Fees", value: formatCents(totals.fees), note: "The platform's" },
          { label: "Transferred", value: formatCents(totals.transferred), note: "Paid out to sellers" },
          { label: "Reversed", value: formatCents(totals.reversed), note: "Payouts taken back for refunds" },
          { label: "Held", value: formatCents(totals.held), note: "Until the buyers have their cars (disputed included)" },
          { label: "Due", value: formatCents(totals.due), note: "Released, not paid out yet (the sellers' share and its fee)" },
          { label: "Owed back", value: formatCents(totals.owed), note: "Refunded after payout, still to take back" },
        ]}
      />
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={balances ? "success" : "danger"}>{balances ? "The ledger balances" : "The ledger does not balance"}</Badge>
        <span>charged = refunded + fees + transferred − reversed + held + due − owed back</span>
        <a href={PATHS.moneyProblems} className="inline-flex min-h-11 items-center underline">
          Money problems
        </a>
      </p>
      <section aria-labelledby="entries-heading" className="flex flex-col gap-3">
        <h2 id="entries-heading" className="text-heading">
          Latest entries
        </h2>
        <LedgerTable caption="Ledger entries, newest first" empty="No money has moved yet." list={ledger} viewer="admin" />
      </section>
    </main>
  );
}
