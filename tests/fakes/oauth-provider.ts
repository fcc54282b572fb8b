// A fake of Google's and GitHub's OAuth endpoints at the network edge, so sign-in can be tested without internet.
// The authorize endpoint approves at once (no consent screen) as whichever profile was set for that provider.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeProviderName = "google" | "github";

export interface FakeProfile {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface FakeOAuthProvider {
  baseUrl: string;
  setProfile(provider: FakeProviderName, profile: FakeProfile): void;
  close(): Promise<void>;
}

interface Grant {
  provider: FakeProviderName;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  profile: FakeProfile;
  used: boolean;
}

interface Token {
  provider: FakeProviderName;
  profile: FakeProfile;
}

const DEFAULT_PROFILES: Record<FakeProviderName, FakeProfile> = {
  google: { id: "google-user-1", email: "Google.User@example.com", emailVerified: true, name: "Google User" },
  github: { id: "1001", email: "GitHub.User@example.com", emailVerified: true, name: "GitHub User" },
};

export async function startFakeOAuthProvider(): Promise<FakeOAuthProvider> {
  const profiles = { ...DEFAULT_PROFILES };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Token>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: "server_error", error_description: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    const match = /^\/(google|github)(\/.*)$/.exec(url.pathname);
    if (!match) return json(res, 404, { error: "not_found" });
    const provider = match[1] as FakeProviderName;
    const route = `${req.method} ${match[2]}`;

    if (route === "GET /authorize") return authorize(provider, url, res);
    // Test control: tests run in other processes, so they set the next profile over HTTP.
    if (route === "PUT /profile") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      profiles[provider] = JSON.parse(Buffer.concat(chunks).toString("utf8")) as FakeProfile;
      return json(res, 200, { ok: true });
    }
    if (route === "POST /token") return token(provider, req, res);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const session = bearer ? tokens.get(bearer) : undefined;
    const isProfileRoute =
      (provider === "google" && route === "GET /userinfo") ||
      (provider === "github" && (route === "GET /user" || route === "GET /user/emails"));
    if (!isProfileRoute) return json(res, 404, { error: "not_found" });
    if (!session || session.provider !== provider) return json(res, 401, { error: "invalid_token" });
    // The real GitHub API answers 403 to requests without a User-Agent.
    if (provider === "github" && !req.headers["user-agent"]) return json(res, 403, { message: "User-Agent required" });

    const p = session.profile;
    if (route === "GET /userinfo") {
      // Google leaves out email (and email_verified) when the account has none.
      return json(res, 200, {
        sub: p.id,
        email: p.email || undefined,
        email_verified: p.email ? p.emailVerified : undefined,
        name: p.name || undefined,
      });
    }
    if (route === "GET /user") {
      return json(res, 200, {
        id: /^\d+$/.test(p.id) ? Number(p.id) : p.id,
        login: loginOf(p),
        name: p.name || null,
        email: null,
      });
    }
    return json(res, 200, [
      { email: `${loginOf(p)}@users.noreply.github.com`, primary: false, verified: true, visibility: null },
      { email: p.email, primary: true, verified: p.emailVerified, visibility: "private" },
    ]);
  }

  function authorize(provider: FakeProviderName, url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const clientId = q.get("client_id");
    const redirectUri = q.get("redirect_uri");
    const state = q.get("state");
    const codeChallenge = q.get("code_challenge");
    if (
      q.get("response_type") !== "code" ||
      !clientId ||
      !redirectUri ||
      !state ||
      !codeChallenge ||
      q.get("code_challenge_method") !== "S256"
    ) {
      return json(res, 400, { error: "invalid_request" });
    }
    const code = randomBytes(16).toString("hex");
    grants.set(code, {
      provider,
      clientId,
      redirectUri,
      codeChallenge,
      scope: q.get("scope") ?? "",
      profile: { ...profiles[provider] },
      used: false,
    });
    const location = new URL(redirectUri);
    location.searchParams.set("code", code);
    location.searchParams.set("state", state);
    res.writeHead(302, { Location: location.toString() }).end();
  }

  async function token(provider: FakeProviderName, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = new URLSearchParams(await readBody(req));
    // arctic sends the client credentials as HTTP Basic; a body client_id/client_secret is accepted too.
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const [basicId, basicSecret] = basic ? splitOnce(Buffer.from(basic, "base64").toString("utf8"), ":") : [];
    const clientId = basicId ?? body.get("client_id");
    const clientSecret = basicSecret ?? body.get("client_secret");

    const code = body.get("code") ?? "";
    const grant = grants.get(code);
    const verifier = body.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const valid =
      body.get("grant_type") === "authorization_code" &&
      grant !== undefined &&
      !grant.used &&
      grant.provider === provider &&
      grant.clientId === clientId &&
      !!clientSecret &&
      grant.redirectUri === body.get("redirect_uri") &&
      grant.codeChallenge === challenge;
    if (grant) grant.used = true; // a code is single-use even when the attempt fails
    if (!valid) {
      // Like the real GitHub, which refuses a code with HTTP 200 and an error body.
      if (provider === "github")
        return json(res, 200, {
          error: "bad_verification_code",
          error_description: "The code passed is incorrect or expired.",
        });
      return json(res, 400, { error: "invalid_grant" });
    }
    const accessToken = randomBytes(24).toString("hex");
    tokens.set(accessToken, { provider, profile: grant.profile });
    json(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: grant.scope });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    setProfile(provider, profile) {
      profiles[provider] = { ...profile };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function splitOnce(value: string, separator: string): [string, string] {
  const at = value.indexOf(separator);
  return at < 0 ? [value, ""] : [value.slice(0, at), value.slice(at + 1)];
}

function loginOf(profile: FakeProfile): string {
  return profile.email
    .split("@")[0]
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "-");
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}
