// The payment page talks to our own REST API (same origin, session cookie).

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(json.message ?? "Something went wrong. Please try again.");
  return json;
}

export function createPaymentIntent(bookingId: string) {
  return postJson<{ clientSecret: string }>("/api/payment/create-payment-intent", { bookingId });
}

export function recordPayment(bookingId: string, transactionId: string) {
  return postJson<{ insertedId: string }>("/api/payment", { bookingId, transactionId });
}

export function confirmSimulatedCard(clientSecret: string, card: { number: string; expMonth: number; expYear: number; cvc: string }) {
  return postJson<{ id: string; status: string; amount: number; error?: { message: string } }>("/api/payment/simulator/confirm", {
    clientSecret,
    card,
  });
}
