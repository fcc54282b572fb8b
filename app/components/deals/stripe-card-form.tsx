import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useMemo, useState } from "react";
import { primaryButtonClass } from "../ui/field";

let stripePromise: Promise<Stripe | null> | undefined;

/** Stripe's card element; the card goes straight to Stripe, we only see the resulting intent id. */
export default function StripeCardForm(props: {
  publishableKey: string;
  clientSecret: string | null;
  billing: { name: string; email: string };
  onSucceeded: (transactionId: string) => Promise<void>;
  onError: (message: string) => void;
}) {
  const stripe = useMemo(() => (stripePromise ??= loadStripe(props.publishableKey)), [props.publishableKey]);
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({
  clientSecret,
  billing,
  onSucceeded,
  onError,
}: {
  clientSecret: string | null;
  billing: { name: string; email: string };
  onSucceeded: (transactionId: string) => Promise<void>;
  onError: (message: string) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setProcessing(true);
    onError("");
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      if (error) onError(error.message ?? "Your card could not be charged.");
      else if (paymentIntent?.status === "succeeded") await onSucceeded(paymentIntent.id);
    } catch (error) {
      onError((error as Error).message);
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={pay} className="flex flex-col gap-4">
      <div className="rounded-lg border border-slate-300 bg-white p-3">
        <CardElement onReady={() => setReady(true)} options={{ hidePostalCode: true }} />
      </div>
      <button type="submit" className={primaryButtonClass} disabled={!stripe || !ready || !clientSecret || processing}>
        {processing ? "Processing…" : "Pay"}
      </button>
    </form>
  );
}
