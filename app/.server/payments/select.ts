import { type AppEnvironment, type StripeSettings } from "../config";
import { type Database } from "../db/client";
import { type PaymentProvider } from "./provider";
import { simulatorProvider } from "./simulator";
import { stripeClient, stripeProvider } from "./stripe";

/**
 * Stripe when its secret key is set; otherwise the offline simulator, but only in development
 * and tests. In production without a key there is no provider: the page says so.
 */
export function selectPaymentProvider(stripe: StripeSettings, appEnv: AppEnvironment, db: Database): PaymentProvider | null {
  if (stripe.secretKey) return stripeProvider(stripeClient(stripe.secretKey, stripe.apiUrl));
  return appEnv === "production" ? null : simulatorProvider(db);
}
