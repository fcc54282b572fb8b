/** The sign-in providers the app knows (each shows only when configured: app/.server/services/accounts/oauth-sign-in.ts). */
export const OAUTH_PROVIDERS = ["google", "github"] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];
