// Google and GitHub sign-in: authorization code flow with state and PKCE (S256), as a full-page redirect.
// arctic builds the authorization URL and does the token exchange; reading the profile is ours.
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from "arctic";
import { type OAuthProviderName } from "~/lib/accounts/oauth-providers";
import { DomainError } from "../errors";

export interface OAuthEndpoints {
  authorization: string;
  token: string;
  profile: string;
  emails?: string;
}

export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  endpoints: OAuthEndpoints;
}

export interface OAuthProfile {
  providerUserId: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface OAuthVars {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  OAUTH_PROVIDER_BASE_URL?: string;
}

const LABELS: Record<OAuthProviderName, string> = { google: "Google", github: "GitHub" };

const SCOPES: Record<OAuthProviderName, string[]> = {
  google: ["openid", "email", "profile"],
  github: ["read:user", "user:email"],
};

const DEFAULT_ENDPOINTS: Record<OAuthProviderName, OAuthEndpoints> = {
  google: {
    authorization: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    profile: "https://openidconnect.googleapis.com/v1/userinfo",
  },
  github: {
    authorization: "https://github.com/login/oauth/authorize",
    token: "https://github.com/login/oauth/access_token",
    profile: "https://api.github.com/user",
    emails: "https://api.github.com/user/emails",
  },
};

export class OAuthError extends DomainError {
  readonly provider: OAuthProviderName;
  constructor(provider: OAuthProviderName, cause?: unknown) {
    super(400, `${LABELS[provider]} sign-in failed. Please try again.`);
    this.provider = provider;
    this.cause = cause;
  }
}

export function oauthSettings(
  provider: OAuthProviderName,
  vars: OAuthVars,
  appEnv: "production" | "development" | "test",
): OAuthSettings | null {
  const clientId = provider === "google" ? vars.GOOGLE_CLIENT_ID : vars.GITHUB_CLIENT_ID;
  const clientSecret = provider === "google" ? vars.GOOGLE_CLIENT_SECRET : vars.GITHUB_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  // The override points sign-in at a local fake; production must never be redirectable that way.
  const base = appEnv === "production" ? undefined : vars.OAUTH_PROVIDER_BASE_URL?.replace(/\/+$/, "");
  return { clientId, clientSecret, endpoints: base ? fakeEndpoints(provider, base) : DEFAULT_ENDPOINTS[provider] };
}

function fakeEndpoints(provider: OAuthProviderName, base: string): OAuthEndpoints {
  const root = `${base}/${provider}`;
  return provider === "google"
    ? { authorization: `${root}/authorize`, token: `${root}/token`, profile: `${root}/userinfo` }
    : {
        authorization: `${root}/authorize`,
        token: `${root}/token`,
        profile: `${root}/user`,
        emails: `${root}/user/emails`,
      };
}

/** The URL to redirect the browser to; keep state and codeVerifier (e.g. in a short-lived cookie) for the callback. */
export function createOAuthAuthorization(
  provider: OAuthProviderName,
  settings: OAuthSettings,
  redirectUri: string,
): { url: string; state: string; codeVerifier: string } {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client(settings, redirectUri).createAuthorizationURLWithPKCE(
    settings.endpoints.authorization,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    SCOPES[provider],
  );
  return { url: url.toString(), state, codeVerifier };
}

/** Exchanges the callback's code for an access token and reads who signed in. */
export async function fetchOAuthProfile(
  provider: OAuthProviderName,
  settings: OAuthSettings,
  redirectUri: string,
  code: string,
  codeVerifier: string,
): Promise<OAuthProfile> {
  let profile: OAuthProfile | null;
  try {
    const tokens = await client(settings, redirectUri).validateAuthorizationCode(settings.endpoints.token, code, codeVerifier);
    // GitHub reports a refused code with HTTP 200 and an `error` body, which the generic client
    // accepts as tokens; accessToken() throws then because there is no access_token.
    const accessToken = tokens.accessToken();
    profile = provider === "google" ? await googleProfile(settings, accessToken) : await githubProfile(settings, accessToken);
  } catch (error) {
    throw new OAuthError(provider, error);
  }
  if (!profile) throw new OAuthError(provider, new Error("The profile has no email address"));
  return profile;
}

function client(settings: OAuthSettings, redirectUri: string): OAuth2Client {
  return new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri);
}

async function googleProfile(settings: OAuthSettings, accessToken: string): Promise<OAuthProfile | null> {
  const info = await getJson<{ sub?: string; email?: string; email_verified?: boolean | string; name?: string }>(
    "google",
    settings.endpoints.profile,
    accessToken,
  );
  if (!info.sub || !info.email) return null;
  const email = info.email.toLowerCase();
  return {
    providerUserId: info.sub,
    email,
    emailVerified: info.email_verified === true || info.email_verified === "true",
    name: info.name?.trim() || localPart(email),
  };
}

async function githubProfile(settings: OAuthSettings, accessToken: string): Promise<OAuthProfile | null> {
  const user = await getJson<{ id?: number | string; login?: string; name?: string | null }>(
    "github",
    settings.endpoints.profile,
    accessToken,
  );
  // /user only shows the public email; the primary one (and whether it is verified) needs /user/emails.
  const emails = await getJson<{ email: string; primary: boolean; verified: boolean }[]>(
    "github",
    settings.endpoints.emails ?? DEFAULT_ENDPOINTS.github.emails!,
    accessToken,
  );
  const primary = Array.isArray(emails) ? emails.find((entry) => entry.primary) : undefined;
  if (user.id === undefined || user.id === null || !primary?.email) return null;
  const email = primary.email.toLowerCase();
  return {
    providerUserId: String(user.id),
    email,
    emailVerified: primary.verified === true,
    name: user.name?.trim() || user.login || localPart(email),
  };
}

async function getJson<T>(provider: OAuthProviderName, url: string, accessToken: string): Promise<T> {
  const response = await fetch(url, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      // GitHub's API refuses requests without a User-Agent.
      "User-Agent": "auto-reseller",
      Accept: provider === "github" ? "application/vnd.github+json" : "application/json",
    },
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${url} answered ${response.status}`);
  }
  return (await response.json()) as T;
}

function localPart(email: string): string {
  return email.split("@")[0];
}
