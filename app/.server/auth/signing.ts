import { jwtVerify, SignJWT, type JWTPayload } from "jose";
import { type AppContext } from "../context";

const ISSUER = "auto-reseller";

/** Signs a short claim set with HS256 for one audience (session, api, two-factor, oauth...). */
export function signClaims(ctx: AppContext, audience: string, claims: JWTPayload, expiresInSeconds: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(ctx.now().getTime() / 1000) + expiresInSeconds)
    .sign(ctx.sessionSecret);
}

/** The claims when signature, algorithm, issuer, audience and expiry all check out; else null. */
export async function verifyClaims(ctx: AppContext, audience: string, token: string | undefined) {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, ctx.sessionSecret, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience,
      currentDate: ctx.now(),
    });
    return payload;
  } catch {
    return null;
  }
}
