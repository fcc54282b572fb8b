// Credentials for the measured routes, obtained the way a browser or an API client would.

/** Signs in through the page form (POST /login) and returns the `ar_session=…` cookie pair. */
export async function sessionCookie(appUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${appUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl },
    body: new URLSearchParams({ email, password, redirectTo: "/" }),
  });
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith("ar_session="));
  if (!cookie) throw new Error(`Signing in as ${email} at ${appUrl}/login set no session cookie (status ${response.status})`);
  return cookie.split(";")[0];
}

/** POST /api/jwt: a 1-hour bearer token. */
export async function accessToken(appUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${appUrl}/api/jwt`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { accessToken?: string; message?: string };
  if (!response.ok || !body.accessToken) throw new Error(`POST /api/jwt as ${email}: ${response.status} ${body.message ?? ""}`);
  return body.accessToken;
}

/** Tokens for many accounts, a few at a time (each sign-in hashes the password: ~100k PBKDF2 rounds). */
export async function accessTokens(appUrl: string, emails: string[], password: string, concurrency = 4): Promise<string[]> {
  const tokens: string[] = new Array(emails.length);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const index = next++;
      tokens[index] = await accessToken(appUrl, emails[index], password);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return tokens;
}
