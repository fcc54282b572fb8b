import { type AppContext } from "../context";
import { type OAuthProviderName } from "./oauth";

const PROVIDERS: OAuthProviderName[] = ["google", "github"];

/** The providers whose client id and secret are configured (only those get a button). */
export function configuredProviders(ctx: AppContext): OAuthProviderName[] {
  return PROVIDERS.filter((provider) => ctx.config.oauth[provider]);
}

export function isProviderName(value: string | undefined): value is OAuthProviderName {
  return PROVIDERS.includes(value as OAuthProviderName);
}
