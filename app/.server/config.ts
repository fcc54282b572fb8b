import * as v from "valibot";
import { type OAuthProviderName } from "~/lib/accounts/oauth-providers";
import { oauthSettings, type OAuthSettings } from "./auth/oauth";

export type AppEnvironment = "production" | "development" | "test";

export interface StripeSettings {
  /** Without it there is no Stripe (the simulator stands in outside production). */
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** A local fake of Stripe's API (tests only). */
  apiUrl?: string;
}

/**
 * R2's S3-compatible API, for pre-signed upload URLs (an R2 API token with Object Read & Write on
 * the photo bucket). Without it, development and tests sign for the local stand-in instead.
 */
export interface R2ApiSettings {
  accountId: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The photo bucket's name (the PHOTOS binding's bucket_name); the binding does not tell it. */
  bucketName: string;
}

export interface EmailApiSettings {
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
}

/**
 * What the app reads from the Worker's env, typed and read in one place. Test-only overrides
 * (a fake Stripe API, fake sign-in providers) are dropped here in production.
 */
export interface AppConfig {
  appEnv: AppEnvironment;
  stripe: StripeSettings;
  email: EmailApiSettings;
  /** The email queue's first retry delay (doubling after); tests shorten it with EMAIL_RETRY_SECONDS. */
  emailFirstRetrySeconds: number;
  /** Each sign-in provider whose client id and secret are set. */
  oauth: Record<OAuthProviderName, OAuthSettings | null>;
  /** Null unless the account id and both keys are set. */
  r2Api: R2ApiSettings | null;
  /** The deal's settings: the platform's fee and how long a payment is held at most. */
  deal: DealSettings;
}

export interface DealSettings {
  /** The platform's fee in basis points of each payment (PLATFORM_FEE_BPS, 500 = 5 % when unset). */
  feeBps: number;
  /** Hours after payment when held money is released on its own (RELEASE_AFTER_HOURS, 168 when unset). */
  releaseAfterHours: number;
}

// The Worker's env is one object per isolate: its configuration is worked out once, not per request.
const configs = new WeakMap<Env, AppConfig>();

export function readConfig(env: Env): AppConfig {
  let config = configs.get(env);
  if (!config) {
    config = configFrom(env);
    configs.set(env, config);
  }
  return config;
}

/**
 * A configuration variable that cannot be used: the Worker answers nothing but this (503) until it is
 * fixed, rather than moving money on a guess.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The Worker's configuration is wrong: ${problems.join("; ")}`);
  }
}

/** A whole-number setting: unset (or empty) is the default; anything else must be a whole number in range. */
const wholeSetting = (name: string, what: string, min: number, max: number) => {
  const message = `${name} must be ${what}, a whole number from ${min} to ${max}`;
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.union(
        [
          v.literal(""),
          v.pipe(v.string(), v.regex(/^\d+$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message)),
        ],
        message,
      ),
    ),
  );
};

/** A URL setting: unset (or empty) is none; anything else must be an absolute http(s) URL. */
const urlSetting = (name: string, what: string) => {
  const message = `${name} must be ${what}, an absolute http:// or https:// URL`;
  return v.optional(v.union([v.literal(""), v.pipe(v.string(), v.url(message), v.regex(/^https?:\/\//, message))], message));
};

const envSchema = v.object({
  APP_ENV: v.optional(v.picklist(["production", "development", "test"], "APP_ENV must be production, development or test")),
  APP_ORIGIN: urlSetting("APP_ORIGIN", "the public origin for links in emails"),
  EMAIL_API_URL: urlSetting("EMAIL_API_URL", "the email API's address"),
  STRIPE_API_URL: urlSetting("STRIPE_API_URL", "the fake Stripe API's address"),
  OAUTH_PROVIDER_BASE_URL: urlSetting("OAUTH_PROVIDER_BASE_URL", "the fake sign-in providers' address"),
  PLATFORM_FEE_BPS: wholeSetting("PLATFORM_FEE_BPS", "the platform's fee in basis points (500 = 5 %)", 0, 10_000),
  RELEASE_AFTER_HOURS: wholeSetting("RELEASE_AFTER_HOURS", "the hours held money waits for the buyer", 1, 24 * 365),
  EMAIL_RETRY_SECONDS: wholeSetting("EMAIL_RETRY_SECONDS", "the email queue's first retry delay in seconds", 0, 86_400),
});

/** The checked settings, or a ConfigError naming every variable that is wrong and what it must be. */
function checkedSettings(env: Env) {
  const parsed = v.safeParse(envSchema, env);
  if (!parsed.success) throw new ConfigError(parsed.issues.map((issue) => issue.message));
  const number = (value: number | "" | undefined, fallback: number) => (typeof value === "number" ? value : fallback);
  return {
    feeBps: number(parsed.output.PLATFORM_FEE_BPS, 500),
    releaseAfterHours: number(parsed.output.RELEASE_AFTER_HOURS, 168),
    emailRetrySeconds: number(parsed.output.EMAIL_RETRY_SECONDS, 30),
  };
}

function configFrom(env: Env): AppConfig {
  const appEnv = parseAppEnvironment(env.APP_ENV);
  const settings = checkedSettings(env);
  return {
    appEnv,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: appEnv === "production" ? undefined : env.STRIPE_API_URL || undefined,
    },
    email: { EMAIL_API_URL: env.EMAIL_API_URL, EMAIL_API_KEY: env.EMAIL_API_KEY, EMAIL_FROM: env.EMAIL_FROM },
    // Tests shorten the retry; production keeps Cloudflare-friendly 30 s.
    emailFirstRetrySeconds: appEnv === "production" ? 30 : settings.emailRetrySeconds,
    oauth: { google: oauthSettings("google", env, appEnv), github: oauthSettings("github", env, appEnv) },
    r2Api: r2ApiSettings(env),
    deal: { feeBps: settings.feeBps, releaseAfterHours: settings.releaseAfterHours },
  };
}

/** The bucket of wrangler.toml's PHOTOS binding, when R2_BUCKET_NAME does not name another. */
export const DEFAULT_PHOTO_BUCKET = "auto-reseller-photos";

function r2ApiSettings(env: Env): R2ApiSettings | null {
  const { R2_ACCOUNT_ID: accountId, R2_ACCESS_KEY_ID: accessKeyId, R2_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!accountId || !accessKeyId || !secretAccessKey) return null;
  return { accountId, accessKeyId, secretAccessKey, bucketName: env.R2_BUCKET_NAME || DEFAULT_PHOTO_BUCKET };
}

function parseAppEnvironment(value: string | undefined): AppEnvironment {
  // Unset is production: development conveniences must be opted into (anything else is refused above).
  return value === "development" || value === "test" ? value : "production";
}
