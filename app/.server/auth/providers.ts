import { type AppContext } from "../context";
import { OAUTH_PROVIDERS as PROVIDERS, type OAuthProviderName } from "~/lib/accounts/oauth-providers";

/** The providers whose client id and secret are configured (only those get a button). */
export function configuredProviders(ctx: AppContext): OAuthProviderName[] {
  return PROVIDERS.filter((provider) => ctx.config.oauth[provider]);
}

export function isProviderName(value: string | undefined): value is OAuthProviderName {
  return (PROVIDERS as readonly string[]).includes(value ?? "");
}
