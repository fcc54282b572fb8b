import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type TestProject } from "vitest/node";
import { startLocalStackOnFreePorts, type LocalStack } from "../scripts/local-stack.ts";
import { startFakeOAuthProvider } from "./fakes/oauth-provider.ts";
import { FAKE_EMAIL_API_KEY, startFakeEmailApi } from "./fakes/email-api.ts";
import { startFakeStripe } from "./fakes/stripe-api.ts";
import { STRIPE_WEBHOOK_SECRET } from "./support/stripe-secrets.ts";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    dbUrl: string;
    /** The local libSQL server's token (new every run): clients pass it as `authToken`. */
    dbAuthToken: string;
    oauthUrl: string;
    /** A second Worker configured for Stripe (against the fake Stripe API), with its own database. */
    stripeAppUrl: string;
    stripeDbUrl: string;
    stripeDbAuthToken: string;
    stripeApiUrl: string;
    /** The fake email API the Stripe Worker sends mail through (the other Worker uses the local outbox). */
    emailApiUrl: string;
  }
}

const SHARED_VARS = {
  SESSION_SECRET: "test-session-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
  GOOGLE_CLIENT_ID: "google-test-client",
  GOOGLE_CLIENT_SECRET: "google-test-secret",
  GITHUB_CLIENT_ID: "github-test-client",
  GITHUB_CLIENT_SECRET: "github-test-secret",
};

/**
 * Starts the built Worker in workerd with fresh libSQL databases and R2 buckets for the run:
 * one with the offline payment simulator, one with Stripe. The outside services they talk to
 * (Google, GitHub, Stripe) are fakes at the network edge, on this machine.
 */
export default async function setup(project: TestProject) {
  const stateDir = mkdtempSync(path.join(tmpdir(), "auto-reseller-test-"));
  const [oauth, stripe, emailApi] = await Promise.all([startFakeOAuthProvider(), startFakeStripe(), startFakeEmailApi()]);
  const started = await Promise.allSettled([
    startLocalStackOnFreePorts({
      stateDir: path.join(stateDir, "simulator"),
      appEnv: "test",
      quiet: true,
      vars: { ...SHARED_VARS, OAUTH_PROVIDER_BASE_URL: oauth.baseUrl },
    }),
    startLocalStackOnFreePorts({
      stateDir: path.join(stateDir, "stripe"),
      appEnv: "test",
      quiet: true,
      vars: {
        ...SHARED_VARS,
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        EMAIL_API_URL: `${emailApi.url}/emails`,
        EMAIL_API_KEY: FAKE_EMAIL_API_KEY,
        EMAIL_FROM: "Auto Reseller <no-reply@autoreseller.test>",
      },
    }),
  ]);
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    await Promise.all(started.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)));
    await Promise.all([oauth.close(), stripe.close(), emailApi.close()]);
    throw failure.reason;
  }
  const [stack, stripeStack] = started.map((result) => (result as PromiseFulfilledResult<LocalStack>).value);
  project.provide("appUrl", stack.appUrl);
  project.provide("dbUrl", stack.dbUrl);
  project.provide("dbAuthToken", stack.dbAuthToken);
  project.provide("oauthUrl", oauth.baseUrl);
  project.provide("stripeAppUrl", stripeStack.appUrl);
  project.provide("stripeDbUrl", stripeStack.dbUrl);
  project.provide("stripeDbAuthToken", stripeStack.dbAuthToken);
  project.provide("stripeApiUrl", stripe.url);
  project.provide("emailApiUrl", emailApi.url);
  return async () => {
    await Promise.all([stack.stop(), stripeStack.stop()]);
    await Promise.all([oauth.close(), stripe.close(), emailApi.close()]);
    rmSync(stateDir, { recursive: true, force: true });
  };
}
