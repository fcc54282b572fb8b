import { DomainError, NotFound } from "../errors";
import { type PaymentProvider } from "./provider";

// The provider a service needs, or the answer when there is none (takes the context's one field, so
// that the context, which selects the provider, need not be imported here).

export class PaymentsUnavailable extends DomainError {
  constructor() {
    super(503, "Card payments are unavailable right now. Please try again later.");
  }
}

export function requireProvider(ctx: { payments: PaymentProvider | null }): PaymentProvider {
  if (!ctx.payments) throw new PaymentsUnavailable();
  return ctx.payments;
}

/** The simulator's endpoints and pages exist only while the simulator is the provider (404 otherwise). */
export function requireSimulator(ctx: { payments: PaymentProvider | null }): PaymentProvider {
  if (ctx.payments?.kind !== "simulator") throw new NotFound("The payment simulator is off");
  return ctx.payments;
}
