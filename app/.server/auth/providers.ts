import { type AppContext } from "../context";
import { oauthSettings, type OAuthProviderName } from "./oauth";

const PROVIDERS: OAuthProviderName[] = ["google", "github"];

/** The providers whose client id and secret are configured (only those get a button). */
export function configuredProviders(ctx: AppContext): OAuthProviderName[] {
  return PROVIDERS.filter((provider) => oauthSettings(provider, ctx.vars, ctx.appEnv));
}

export function isProviderName(value: string | undefined): value is OAuthProviderName {
  return PROVIDERS.includes(value as OAuthProviderName);
}
