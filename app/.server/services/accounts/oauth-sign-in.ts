import { redirect } from "react-router";
import { PATHS } from "~/lib/shared/paths";
import { type AppContext } from "../../context";
import { NotFound } from "../../errors";
import { orRedirectWithError, redirectWithToast } from "../../web/page-errors";
import { accountForOAuthProfile } from "./oauth-accounts";
import { clearCookieHeader, cookieHeader, readCookie } from "../../auth/cookies";
import { OAUTH_PROVIDERS, type OAuthProviderName } from "~/lib/accounts/oauth-providers";
import { createOAuthAuthorization, fetchOAuthProfile } from "../../auth/oauth";
import { finishSignIn } from "./sign-in";
import { signClaims, verifyClaims } from "../../auth/signing";

// state, PKCE verifier and the return path wait for the provider in a signed, short-lived cookie.
const FLOW_COOKIE = "ar_oauth";
const FLOW_SECONDS = 10 * 60;
const LABELS: Record<OAuthProviderName, string> = { google: "Google", github: "GitHub" };

/** The providers whose client id and secret are configured (only those get a button). */
export function configuredProviders(ctx: AppContext): OAuthProviderName[] {
  return OAUTH_PROVIDERS.filter((provider) => ctx.config.oauth[provider]);
}

function isProviderName(value: string | undefined): value is OAuthProviderName {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value ?? "");
}

function settingsFor(ctx: AppContext, provider: string | undefined) {
  const settings = isProviderName(provider) ? ctx.config.oauth[provider] : null;
  if (!settings || !isProviderName(provider)) throw new NotFound("This sign-in provider is not available");
  return { provider, settings, redirectUri: `${ctx.origin}/auth/${provider}/callback` };
}

/** Sends the browser to the provider, remembering state and verifier for the callback. */
export async function startOAuth(ctx: AppContext, providerParam: string | undefined, redirectTo: string) {
  const { provider, settings, redirectUri } = settingsFor(ctx, providerParam);
  const { url, state, codeVerifier } = createOAuthAuthorization(provider, settings, redirectUri);
  const flow = await signClaims(ctx, "oauth", { provider, state, codeVerifier, redirectTo }, FLOW_SECONDS);
  return redirect(url, { headers: { "Set-Cookie": cookieHeader(ctx, FLOW_COOKIE, flow, FLOW_SECONDS) } });
}

const CLAIMED_MESSAGE =
  "Welcome! A password set on this account before its email was confirmed was removed. Set a new one in Account settings if you want one.";

/** The provider's callback: the state must match ours, then the code is exchanged for the profile. */
export async function finishOAuth(ctx: AppContext, providerParam: string | undefined, request: Request) {
  const { provider, settings, redirectUri } = settingsFor(ctx, providerParam);
  const url = new URL(request.url);
  const flow = await verifyClaims(ctx, "oauth", readCookie(request, FLOW_COOKIE));
  // Failures end the flow and go back to the sign-in form, which shows the message in red (and as a toast).
  const endFlow = [clearCookieHeader(ctx, FLOW_COOKIE)];

  const code = url.searchParams.get("code");
  if (!flow || flow.provider !== provider || !code || url.searchParams.get("state") !== flow.state) {
    const message = `${LABELS[provider]} sign-in failed: the request did not match. Please try again.`;
    return redirectWithToast(ctx, PATHS.login, { type: "error", message }, endFlow);
  }
  return orRedirectWithError(
    ctx,
    PATHS.login,
    async () => {
      const profile = await fetchOAuthProfile(provider, settings, redirectUri, code, String(flow.codeVerifier));
      const { user, created, claimed } = await accountForOAuthProfile(ctx, provider, profile);
      const toast = created
        ? { type: "success" as const, message: `User created Successfully with ${LABELS[provider]}!` }
        : claimed
          ? { type: "success" as const, message: CLAIMED_MESSAGE }
          : undefined;
      const response = await finishSignIn(ctx, user, flow.redirectTo, { toast });
      response.headers.append("Set-Cookie", clearCookieHeader(ctx, FLOW_COOKIE));
      return response;
    },
    endFlow,
  );
}
