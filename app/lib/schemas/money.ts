import * as v from "valibot";
import { requiredText } from "./fields";

// Money problems (the admin's Money problems page and /api/admin/money-problems): what reconciliation
// with the payment provider found different, or what the money code could not settle by itself.

export const MONEY_PROBLEM_KINDS = [
  "missing_in_ledger",
  "missing_at_provider",
  "amount_differs",
  "reversal_failed",
  "transfer_failed",
  "unknown_charge",
] as const;
export type MoneyProblemKind = (typeof MONEY_PROBLEM_KINDS)[number];

export const MONEY_PROBLEM_LABELS: Record<MoneyProblemKind, string> = {
  missing_in_ledger: "At the provider, not in our ledger",
  missing_at_provider: "In our ledger, not at the provider",
  amount_differs: "Amounts differ",
  reversal_failed: "Payout could not be taken back",
  transfer_failed: "Payout keeps failing",
  unknown_charge: "A charge for no booking",
};

export const moneyProblemStatusSchema = v.optional(v.picklist(["open", "resolved"], "Choose open or resolved"), "open");

export const resolveMoneyProblemSchema = v.object({
  note: requiredText("Say what was done about it", 500),
});
export type ResolveMoneyProblemInput = v.InferOutput<typeof resolveMoneyProblemSchema>;
