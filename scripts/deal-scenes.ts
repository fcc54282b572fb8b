// The offer and deal pages with something on them, for `npm run screenshots`: made through the running
// app's REST API, as the demo's buyers would make them, on the demo seller's cars. The app must run
// the payment simulator (development does).
import { DEMO_PASSWORD, DEMO_USERS } from "./seed/demo-data.ts";

export const DEAL_SELLER = "seller@autoreseller.test";
const OFFERING_BUYER = "buyer2@autoreseller.test";
export const PAYING_BUYER = "buyer@autoreseller.test";

export interface DealScenes {
  /** A car of the demo seller's with no offer of the paying buyer's on it: its offer form is photographed. */
  offerFormCarId: string;
  /** The paying buyer's booking, paid and held. */
  heldBookingId: string;
}

interface Car {
  _id: string;
  resalePrice: number;
  isPaid: boolean;
}

export async function arrangeDealScenes(appUrl: string): Promise<DealScenes> {
  async function call(path: string, token: string, body?: unknown) {
    const response = await fetch(`${appUrl}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function tokenOf(email: string) {
    const { status, body } = await call("/api/jwt", "", { email, password: DEMO_PASSWORD });
    if (status !== 200) throw new Error(`Signing in ${email} failed: ${status}`);
    return body.accessToken as string;
  }

  const [seller, offering, paying] = await Promise.all([tokenOf(DEAL_SELLER), tokenOf(OFFERING_BUYER), tokenOf(PAYING_BUYER)]);
  const listed = await fetch(`${appUrl}/api/products/seller/${encodeURIComponent(DEAL_SELLER)}`, {
    headers: { authorization: `Bearer ${seller}` },
  });
  // Cheapest last: the deal's pictures show a car a person would hesitate over.
  const unsold = ((await listed.json()) as Car[]).filter((car) => !car.isPaid).sort((a, b) => b.resalePrice - a.resalePrice);
  const taken = new Set<string>();

  /** The first unsold car `step` succeeds on (the demo's own bookings and offers make some refuse). */
  async function onSomeCar<T>(what: string, step: (car: Car) => Promise<T | undefined>): Promise<T> {
    for (const car of unsold.filter((candidate) => !taken.has(candidate._id))) {
      const done = await step(car);
      if (done !== undefined) {
        taken.add(car._id);
        return done;
      }
    }
    throw new Error(`No car of ${DEAL_SELLER} would take ${what}`);
  }

  /** Books the car as the buyer (with their own phone number) and pays with the simulator's good card. */
  async function paidBooking(email: string, buyer: string, car: Car): Promise<string | undefined> {
    const phone = DEMO_USERS.find((user) => user.email === email)!.phone;
    const booked = await call("/api/bookings", buyer, { product_id: car._id, phone, meetingLocation: "Gulshan 2 circle" });
    if (booked.status !== 201) return undefined;
    const bookingId = booked.body.insertedId as string;
    const intent = await call("/api/payment/create-payment-intent", buyer, { bookingId });
    if (intent.status !== 200) return undefined;
    const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };
    const charge = await call("/api/payment/simulator/confirm", buyer, { clientSecret: intent.body.clientSecret, card });
    if (charge.status !== 200) throw new Error(`The payment simulator answered ${charge.status}: is it on?`);
    const recorded = await call("/api/payment", buyer, { bookingId, transactionId: charge.body.id });
    return recorded.status === 201 ? bookingId : undefined;
  }

  await onSomeCar("an offer", async (car) => {
    const amount = Math.round((car.resalePrice * 0.92) / 100) * 100;
    const offered = await call(`/api/products/${car._id}/offers`, offering, {
      amount,
      message: "Cash ready this week if the service book is complete.",
    });
    return offered.status === 201 ? car._id : undefined;
  });
  const heldBookingId = await onSomeCar("a paid booking", (car) => paidBooking(PAYING_BUYER, paying, car));
  await onSomeCar("a disputed payment", async (car) => {
    const bookingId = await paidBooking(OFFERING_BUYER, offering, car);
    if (bookingId === undefined) return undefined;
    const disputed = await call(`/api/bookings/${bookingId}/dispute`, offering, {
      reason: "not_as_described",
      note: "The listing says 62,000 km; the odometer shows 118,000 km.",
    });
    if (disputed.status !== 201) throw new Error(`Reporting a problem failed: ${disputed.status}`);
    return bookingId;
  });
  const offerFormCarId = await onSomeCar("an offer form", async (car) => car._id);
  return { offerFormCarId, heldBookingId };
}
