import { createClient } from "@libsql/client";
import { inject } from "vitest";

// Talking to the running Worker the way a browser or an API client would.

export const appUrl = inject("appUrl");
export const DEMO_PASSWORD = "Passw0rd!";

export function uniqueEmail(label: string) {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
}

export function request(path: string, init: RequestInit = {}) {
  return fetch(`${appUrl}${path}`, { redirect: "manual", ...init });
}

export function apiJson(path: string, body: unknown, init: { method?: string; token?: string; headers?: Record<string, string> } = {}) {
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
export function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return request(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: appUrl,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/** The cookies a response sets, as a Cookie header value (name=value pairs only). */
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

export async function register(fields: { name?: string; email: string; password?: string; accountType?: string }) {
  const response = await apiJson("/api/users", {
    name: fields.name ?? "Test User",
    email: fields.email,
    password: fields.password ?? DEMO_PASSWORD,
    accountType: fields.accountType ?? "buyer",
  });
  if (response.status !== 201) throw new Error(`Registration failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

export async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  return sessionCookieFrom(await postForm("/login", { email, password, redirectTo: "/" }));
}

export async function accessToken(email: string, password = DEMO_PASSWORD, code?: string): Promise<string> {
  const response = await apiJson("/api/jwt", { email, password, ...(code ? { code } : {}) });
  if (response.status !== 200) throw new Error(`Token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

export function database() {
  return createClient({ url: inject("dbUrl") });
}

/** The newest mail the app sent to this address (the local outbox). */
export async function lastMailTo(email: string): Promise<{ subject: string; text: string } | undefined> {
  const db = database();
  try {
    const { rows } = await db.execute({
      sql: "select subject, text from outbox where to_address = ? order by created_at desc, rowid desc limit 1",
      args: [email],
    });
    return rows[0] as unknown as { subject: string; text: string } | undefined;
  } finally {
    db.close();
  }
}

export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+(${path}/[a-f0-9]+)`).exec(text);
  if (!match) throw new Error(`No ${path} link in: ${text}`);
  return match[1];
}

/** Uploads bytes as the multipart field `image` to POST /api/images. */
export function uploadImage(bytes: Uint8Array<ArrayBuffer>, filename: string, type: string, token: string) {
  const form = new FormData();
  form.append("image", new Blob([bytes], { type }), filename);
  return request("/api/images", { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
}

export async function firstCategoryId(): Promise<string> {
  const categories = (await (await request("/api/categories")).json()) as { _id: string }[];
  return categories[0]._id;
}
