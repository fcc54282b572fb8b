import { useState } from "react";
import { parseExpiry, slashExpiry, spaceCardNumber } from "~/lib/deals/card-input";
import { formatPrice } from "~/lib/shared/format";
import { useHydrated } from "~/lib/shared/use-hydrated";
import { primaryButtonClass } from "../ui/field";
import { confirmSimulatedCard } from "./payment-api";

const inputClass = "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono tabular-nums";

/**
 * The offline simulator's card form (development and tests only), clearly marked as test mode.
 * With JavaScript it charges through the API and calls `onSucceeded` with the transaction id; the
 * number is spaced in fours and the expiry's "/" put in as typed. Without it, the form posts to the
 * payment page, which reads "1230" as 12/30 too.
 */
export function SimulatorCardForm({
  amount,
  clientSecret,
  onSucceeded,
  onError,
}: {
  amount: number;
  clientSecret: string | null;
  onSucceeded: (transactionId: string) => Promise<void>;
  onError: (message: string) => void;
}) {
  const [processing, setProcessing] = useState(false);
  const [cardNumber, setCardNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const hydrated = useHydrated();

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!clientSecret) return;
    const data = new FormData(event.currentTarget);
    const { month, year } = parseExpiry(expiry) ?? { month: 0, year: 0 };
    setProcessing(true);
    onError("");
    try {
      const result = await confirmSimulatedCard(clientSecret, {
        number: cardNumber,
        expMonth: month,
        expYear: year,
        cvc: String(data.get("cvc")),
      });
      if (result.status === "succeeded") await onSucceeded(result.id);
      else onError(result.error?.message ?? "Your card was declined.");
    } catch (error) {
      onError((error as Error).message);
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form method="post" onSubmit={pay} className="flex flex-col gap-3">
      <p className="self-start rounded-full bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900">Test mode</p>
      <p className="text-sm text-slate-600">
        No real card is charged. Use 4242 4242 4242 4242 to succeed or 4000 0000 0000 0002 to see a decline.
      </p>
      <label className="flex flex-col gap-1 font-medium">
        Card number
        <input
          name="cardNumber"
          value={cardNumber}
          onChange={(event) => setCardNumber(spaceCardNumber(event.currentTarget.value))}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          required
          className={inputClass}
        />
      </label>
      {/* Inputs on one line whatever their labels' lengths. */}
      <div className="grid grid-cols-2 items-end gap-3">
        <label className="flex flex-col gap-1 font-medium">
          Expiration (MM/YY)
          <input
            name="expiry"
            value={expiry}
            onChange={(event) => setExpiry(slashExpiry(event.currentTarget.value))}
            inputMode="numeric"
            placeholder="MM/YY"
            autoComplete="cc-exp"
            required
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 font-medium">
          CVC
          <input name="cvc" inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder="123" required className={inputClass} />
        </label>
      </div>
      {/* Without JavaScript the form posts to the page; with it, it waits for the payment intent. */}
      <button type="submit" className={primaryButtonClass} disabled={hydrated && (!clientSecret || processing)}>
        {processing ? "Processing…" : `Pay ${formatPrice(amount)}`}
      </button>
    </form>
  );
}
