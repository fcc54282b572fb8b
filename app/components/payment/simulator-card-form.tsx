import { useState } from "react";
import { primaryButtonClass } from "../ui/field";
import { confirmSimulatedCard } from "./payment-api";

const inputClass = "w-full rounded-lg border border-slate-300 bg-white px-3 py-2";

/**
 * The offline simulator's card form (development and tests only), clearly marked as test mode.
 * Calls `onSucceeded` with the transaction id once the simulated charge went through.
 */
export function SimulatorCardForm({
  clientSecret,
  onSucceeded,
  onError,
}: {
  clientSecret: string | null;
  onSucceeded: (transactionId: string) => Promise<void>;
  onError: (message: string) => void;
}) {
  const [processing, setProcessing] = useState(false);

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!clientSecret) return;
    const data = new FormData(event.currentTarget);
    const [month, year] = String(data.get("expiry"))
      .split("/")
      .map((part) => Number(part.trim()));
    setProcessing(true);
    onError("");
    try {
      const result = await confirmSimulatedCard(clientSecret, {
        number: String(data.get("cardNumber")),
        expMonth: month || 0,
        expYear: year || 0,
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
    <form onSubmit={pay} className="flex flex-col gap-3">
      <p className="self-start rounded-full bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900">Test mode</p>
      <p className="text-sm text-slate-600">
        No real card is charged. Use 4242 4242 4242 4242 to succeed or 4000 0000 0000 0002 to see a decline.
      </p>
      <label className="flex flex-col gap-1 font-medium">
        Card number
        <input name="cardNumber" inputMode="numeric" autoComplete="cc-number" required className={inputClass} />
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1 font-medium">
          Expiration (MM/YY)
          <input name="expiry" placeholder="MM/YY" autoComplete="cc-exp" required className={inputClass} />
        </label>
        <label className="flex flex-col gap-1 font-medium">
          CVC
          <input name="cvc" inputMode="numeric" autoComplete="cc-csc" required className={inputClass} />
        </label>
      </div>
      <button type="submit" className={primaryButtonClass} disabled={!clientSecret || processing}>
        {processing ? "Processing…" : "Pay"}
      </button>
    </form>
  );
}
