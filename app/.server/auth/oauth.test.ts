import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../../../tests/fakes/oauth-provider";
import { OAuthError, createOAuthAuthorization, fetchOAuthProfile, oauthSettings, type OAuthSettings } from "./oauth";
import { type OAuthProviderName } from "~/lib/accounts/oauth-providers";

const REDIRECT_URI = "http://localhost:5173/auth/callback";
const CONFIGURED = {
  GOOGLE_CLIENT_ID: "google-client",
  GOOGLE_CLIENT_SECRET: "google-secret",
  GITHUB_CLIENT_ID: "github-client",
  GITHUB_CLIENT_SECRET: "github-secret",
};

let fake: FakeOAuthProvider;
beforeAll(async () => {
  fake = await startFakeOAuthProvider();
});
afterAll(async () => {
  await fake.close();
});

function settingsFor(provider: OAuthProviderName): OAuthSettings {
  const settings = oauthSettings(provider, { ...CONFIGURED, OAUTH_PROVIDER_BASE_URL: fake.baseUrl }, "test");
  if (!settings) throw new Error("expected settings");
  return settings;
}

/** Plays the browser: follows the authorization URL to the provider and reads the callback's query. */
async function authorize(provider: OAuthProviderName) {
  const settings = settingsFor(provider);
  const authorization = createOAuthAuthorization(provider, settings, REDIRECT_URI);
  const response = await fetch(authorization.url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const callback = new URL(response.headers.get("location")!);
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
  expect(callback.searchParams.get("state")).toBe(authorization.state);
  return { settings, authorization, code: callback.searchParams.get("code")! };
}

describe("oauthSettings", () => {
  it("is null when a provider's client id or secret is missing", () => {
    expect(oauthSettings("google", {}, "development")).toBeNull();
    expect(oauthSettings("google", { GOOGLE_CLIENT_ID: "id" }, "development")).toBeNull();
    expect(oauthSettings("github", { GITHUB_CLIENT_SECRET: "secret" }, "development")).toBeNull();
    expect(oauthSettings("github", { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }, "development")).toBeNull();
  });

  it("uses the real endpoints by default", () => {
    expect(oauthSettings("google", CONFIGURED, "development")).toEqual({
      clientId: "google-client",
      clientSecret: "google-secret",
      endpoints: {
        authorization: "https://accounts.google.com/o/oauth2/v2/auth",
        token: "https://oauth2.googleapis.com/token",
        profile: "https://openidconnect.googleapis.com/v1/userinfo",
      },
    });
    expect(oauthSettings("github", CONFIGURED, "development")?.endpoints).toEqual({
      authorization: "https://github.com/login/oauth/authorize",
      token: "https://github.com/login/oauth/access_token",
      profile: "https://api.github.com/user",
      emails: "https://api.github.com/user/emails",
    });
  });

  it("points at the base URL override outside production", () => {
    const vars = { ...CONFIGURED, OAUTH_PROVIDER_BASE_URL: "http://127.0.0.1:9999" };
    expect(oauthSettings("google", vars, "test")?.endpoints).toEqual({
      authorization: "http://127.0.0.1:9999/google/authorize",
      token: "http://127.0.0.1:9999/google/token",
      profile: "http://127.0.0.1:9999/google/userinfo",
    });
    expect(oauthSettings("github", vars, "development")?.endpoints).toEqual({
      authorization: "http://127.0.0.1:9999/github/authorize",
      token: "http://127.0.0.1:9999/github/token",
      profile: "http://127.0.0.1:9999/github/user",
      emails: "http://127.0.0.1:9999/github/user/emails",
    });
  });

  it("ignores the base URL override in production", () => {
    const vars = { ...CONFIGURED, OAUTH_PROVIDER_BASE_URL: "http://127.0.0.1:9999" };
    expect(oauthSettings("google", vars, "production")?.endpoints.token).toBe("https://oauth2.googleapis.com/token");
    expect(oauthSettings("github", vars, "production")?.endpoints.authorization).toBe("https://github.com/login/oauth/authorize");
  });
});

describe("createOAuthAuthorization", () => {
  it("builds an authorization code URL with state, an S256 challenge and the provider's scopes", async () => {
    const google = createOAuthAuthorization("google", oauthSettings("google", CONFIGURED, "production")!, REDIRECT_URI);
    const url = new URL(google.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "google-client",
      redirect_uri: REDIRECT_URI,
      state: google.state,
      code_challenge_method: "S256",
      scope: "openid email profile",
    });
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(google.codeVerifier));
    expect(url.searchParams.get("code_challenge")).toBe(Buffer.from(digest).toString("base64url"));

    const github = createOAuthAuthorization("github", oauthSettings("github", CONFIGURED, "production")!, REDIRECT_URI);
    expect(new URL(github.url).searchParams.get("scope")).toBe("read:user user:email");
    expect(github.state).not.toBe(google.state);
    expect(github.codeVerifier).not.toBe(google.codeVerifier);
  });
});

describe("fetchOAuthProfile", () => {
  it("signs in with Google", async () => {
    fake.setProfile("google", {
      id: "g-123",
      email: "Ada.Lovelace@Example.COM",
      emailVerified: true,
      name: "Ada Lovelace",
    });
    const { settings, authorization, code } = await authorize("google");
    await expect(fetchOAuthProfile("google", settings, REDIRECT_URI, code, authorization.codeVerifier)).resolves.toEqual({
      providerUserId: "g-123",
      email: "ada.lovelace@example.com",
      emailVerified: true,
      name: "Ada Lovelace",
    });
  });

  it("signs in with GitHub, taking the primary email from /user/emails", async () => {
    fake.setProfile("github", { id: "4242", email: "Grace@Example.com", emailVerified: true, name: "Grace Hopper" });
    const { settings, authorization, code } = await authorize("github");
    await expect(fetchOAuthProfile("github", settings, REDIRECT_URI, code, authorization.codeVerifier)).resolves.toEqual({
      providerUserId: "4242",
      email: "grace@example.com",
      emailVerified: true,
      name: "Grace Hopper",
    });
  });

  it("reports an unverified GitHub email as unverified and falls back to the login for the name", async () => {
    fake.setProfile("github", { id: "77", email: "linus@example.com", emailVerified: false, name: "" });
    const { settings, authorization, code } = await authorize("github");
    const profile = await fetchOAuthProfile("github", settings, REDIRECT_URI, code, authorization.codeVerifier);
    expect(profile).toMatchObject({
      providerUserId: "77",
      email: "linus@example.com",
      emailVerified: false,
      name: "linus",
    });
  });

  it("reports an unverified Google email as unverified", async () => {
    fake.setProfile("google", { id: "g-9", email: "new@example.com", emailVerified: false, name: "" });
    const { settings, authorization, code } = await authorize("google");
    const profile = await fetchOAuthProfile("google", settings, REDIRECT_URI, code, authorization.codeVerifier);
    expect(profile).toMatchObject({ emailVerified: false, name: "new" });
  });

  it.each(["google", "github"] as const)("refuses a wrong code (%s)", async (provider) => {
    const { settings, authorization } = await authorize(provider);
    const attempt = fetchOAuthProfile(provider, settings, REDIRECT_URI, "not-a-code", authorization.codeVerifier);
    await expect(attempt).rejects.toBeInstanceOf(OAuthError);
  });

  it.each(["google", "github"] as const)("refuses a wrong code verifier (%s)", async (provider) => {
    const { settings, code } = await authorize(provider);
    const other = createOAuthAuthorization(provider, settings, REDIRECT_URI);
    const attempt = fetchOAuthProfile(provider, settings, REDIRECT_URI, code, other.codeVerifier);
    await expect(attempt).rejects.toThrow(OAuthError);
  });

  it("refuses a code used twice", async () => {
    const { settings, authorization, code } = await authorize("google");
    await fetchOAuthProfile("google", settings, REDIRECT_URI, code, authorization.codeVerifier);
    const again = fetchOAuthProfile("google", settings, REDIRECT_URI, code, authorization.codeVerifier);
    await expect(again).rejects.toBeInstanceOf(OAuthError);
  });

  it("refuses a different redirect URI", async () => {
    const { settings, authorization, code } = await authorize("github");
    const attempt = fetchOAuthProfile("github", settings, "http://localhost:5173/elsewhere", code, authorization.codeVerifier);
    await expect(attempt).rejects.toBeInstanceOf(OAuthError);
  });

  it("turns a network error into an OAuthError with a user-facing message", async () => {
    const closed = await startFakeOAuthProvider();
    await closed.close();
    const settings = oauthSettings("google", { ...CONFIGURED, OAUTH_PROVIDER_BASE_URL: closed.baseUrl }, "test")!;
    const error = await fetchOAuthProfile("google", settings, REDIRECT_URI, "code", "verifier").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).message).toBe("Google sign-in failed. Please try again.");
    expect((error as OAuthError).status).toBe(400);
  });

  it("refuses a profile without an email", async () => {
    fake.setProfile("google", { id: "g-no-email", email: "", emailVerified: false, name: "Nobody" });
    const { settings, authorization, code } = await authorize("google");
    const error = await fetchOAuthProfile("google", settings, REDIRECT_URI, code, authorization.codeVerifier).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).message).toBe("Google sign-in failed. Please try again.");
  });
});
