import { createClient } from "@libsql/client";

// Talking to a running Worker the way a browser or an API client would.

export const DEMO_PASSWORD = "Passw0rd!";

export function uniqueEmail(label: string) {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
}

export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export function sessionCookieFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("ar_session="));
  if (!cookie) throw new Error(`No session cookie in the answer (status ${response.status})`);
  return cookie.split(";")[0];
}

export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+(${path}/[a-f0-9]+)`).exec(text);
  if (!match) throw new Error(`No ${path} link in: ${text}`);
  return match[1];
}

/** Helpers bound to one Worker (and its database). */
export function clientFor(appUrl: string, dbUrl: string, dbAuthToken: string) {
  function request(path: string, init: RequestInit = {}) {
    return fetch(`${appUrl}${path}`, { redirect: "manual", ...init });
  }

  function apiJson(path: string, body: unknown, init: { method?: string; token?: string; headers?: Record<string, string> } = {}) {
    return request(path, {
      method: init.method ?? "POST",
      headers: {
        "content-type": "application/json",
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: JSON.stringify(body),
    });
  }

  /** A same-origin form post (as the browser sends it), optionally with a session cookie. */
  function postForm(path: string, fields: Record<string, string>, cookie?: string) {
    return request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
    });
  }

  async function register(fields: { name?: string; email: string; password?: string; accountType?: string }) {
    const response = await apiJson("/api/users", {
      name: fields.name ?? "Test User",
      email: fields.email,
      password: fields.password ?? DEMO_PASSWORD,
      accountType: fields.accountType ?? "buyer",
    });
    if (response.status !== 201) throw new Error(`Registration failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { insertedId: string }).insertedId;
  }

  /** The mail sent to an address, newest first, as GET /api/dev/mail gives it. */
  async function mailTo(email: string): Promise<{ subject: string; text: string; links: string[]; createdAt: string }[]> {
    const response = await request(`/api/dev/mail?to=${encodeURIComponent(email)}`);
    if (response.status !== 200) throw new Error(`Reading the mail failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { subject: string; text: string; links: string[]; createdAt: string }[];
  }

  /** Confirms an account's email address the way its owner does: by following the link in the mail. */
  async function confirmEmail(email: string): Promise<void> {
    const link = (await mailTo(email)).flatMap((mail) => mail.links).find((url) => url.includes("/verify-email/"));
    if (!link) throw new Error(`No confirmation link was sent to ${email}`);
    const response = await request(new URL(link).pathname);
    if (!(await response.text()).includes("Your email address is confirmed"))
      throw new Error(`The link sent to ${email} did not confirm it`);
  }

  /** A new seller account whose email is confirmed, so it may list cars; returns its id. */
  async function registerSeller(fields: { name?: string; email: string; password?: string }): Promise<string> {
    const id = await register({ ...fields, accountType: "seller" });
    await confirmEmail(fields.email);
    return id;
  }

  async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
    return sessionCookieFrom(await postForm("/login", { email, password, redirectTo: "/" }));
  }

  async function accessToken(email: string, password = DEMO_PASSWORD, code?: string): Promise<string> {
    const response = await apiJson("/api/jwt", { email, password, ...(code ? { code } : {}) });
    if (response.status !== 200) throw new Error(`Token request failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { accessToken: string }).accessToken;
  }

  function database() {
    return createClient({ url: dbUrl, authToken: dbAuthToken });
  }

  /** One SQL statement against the Worker's database (for arranging state and checking it). */
  async function sql(statement: string, args: (string | number | null)[] = []) {
    const db = database();
    try {
      return (await db.execute({ sql: statement, args })).rows;
    } finally {
      db.close();
    }
  }

  /** The newest mail the app sent (or is about to send: delivery runs after the response) to this address. */
  async function lastMailTo(email: string): Promise<{ subject: string; text: string } | undefined> {
    const rows = await sql("select subject, text from outgoing_emails where to_address = ? order by created_at desc, rowid desc limit 1", [
      email,
    ]);
    return rows[0] as unknown as { subject: string; text: string } | undefined;
  }

  /** Uploads bytes as the multipart field `image` to POST /api/images. */
  function uploadImage(bytes: Uint8Array<ArrayBuffer>, filename: string, type: string, token: string) {
    const form = new FormData();
    form.append("image", new Blob([bytes], { type }), filename);
    return request("/api/images", { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  }

  async function firstCategoryId(): Promise<string> {
    const categories = (await (await request("/api/categories")).json()) as { _id: string }[];
    return categories[0]._id;
  }

  return {
    appUrl,
    dbUrl,
    dbAuthToken,
    request,
    apiJson,
    postForm,
    register,
    registerSeller,
    mailTo,
    confirmEmail,
    signIn,
    accessToken,
    database,
    sql,
    lastMailTo,
    uploadImage,
    firstCategoryId,
  };
}
