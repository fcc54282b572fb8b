import { expect } from "vitest";
import { generateTotp } from "~/.server/auth/totp";
import { postForm, request, signIn } from "./client";

/** Turns two-factor on for a registered account through the settings page; returns its secret and codes. */
export async function enrolTwoFactor(email: string) {
  const cookie = await signIn(email);
  await postForm("/dashboard/settings", { intent: "start-two-factor" }, cookie);
  const page = await (await request("/dashboard/settings", { headers: { cookie } })).text();
  const secret = /aria-label="Manual key">([A-Z2-7]+)</.exec(page)?.[1];
  expect(secret).toBeDefined();
  expect(page).toContain("<svg");

  const wrong = await postForm("/dashboard/settings", { intent: "confirm-two-factor", code: "000000" }, cookie);
  expect(wrong.status).toBe(400);
  const confirm = await postForm("/dashboard/settings", { intent: "confirm-two-factor", code: generateTotp(secret!, new Date()) }, cookie);
  const html = await confirm.text();
  expect(html).toContain("Two-factor authentication is on.");
  const recoveryCodes = [...html.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((match) => match[1]);
  expect(recoveryCodes).toHaveLength(10);
  return { secret: secret!, recoveryCodes, cookie };
}

/** A code from a later time step than the ones used so far (codes are single-use per step). */
export const codeAt = (secret: string, stepsAhead: number) => generateTotp(secret, new Date(Date.now() + stepsAhead * 30_000));
