import { parse, serialize } from "hono/utils/cookie";
import { type AppContext } from "../context";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  return header ? parse(header, name)[name] : undefined;
}

/** httpOnly, SameSite=Lax, and Secure everywhere but plain-http localhost. */
export function cookieHeader(ctx: AppContext, name: string, value: string, maxAgeSeconds: number): string {
  return serialize(name, value, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: ctx.origin.startsWith("https:"),
    maxAge: maxAgeSeconds,
  });
}

export function clearCookieHeader(ctx: AppContext, name: string): string {
  return cookieHeader(ctx, name, "", 0);
}
