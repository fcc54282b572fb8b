import { type AppEnvironment } from "../context";
import { type Database } from "../db/client";
import { type PaymentProvider } from "./provider";
import { simulatorProvider } from "./simulator";
import { stripeClient, stripeProvider } from "./stripe";

/**
 * Stripe when its secret key is set; otherwise the offline simulator, but only in development
 * and tests. In production without a key there is no provider: the page says so.
 */
export function selectPaymentProvider(env: Env, appEnv: AppEnvironment, db: Database): PaymentProvider | null {
  if (env.STRIPE_SECRET_KEY) {
    const apiUrl = appEnv === "production" ? undefined : env.STRIPE_API_URL || undefined;
    return stripeProvider(stripeClient(env.STRIPE_SECRET_KEY, apiUrl));
  }
  return appEnv === "production" ? null : simulatorProvider(db);
}
