import { describe, expect, it } from "vitest";
import { apiJson, cookiesFrom, lastMailTo, linkIn, postForm, register, sessionCookieFrom, signIn, uniqueEmail } from "./client";
import { codeAt, enrolTwoFactor } from "./two-factor";

/** Sends the same attempt 60 times at once and counts how many were checked (answered other than 429). */
async function burst(attempt: () => Promise<Response>) {
  const responses = await Promise.all(Array.from({ length: 60 }, attempt));
  const limited = responses.filter((response) => response.status === 429);
  expect(limited.length).toBeGreaterThan(0);
  expect(limited.every((response) => Number(response.headers.get("retry-after")) > 0)).toBe(true);
  await Promise.all(responses.map((response) => response.body?.cancel()));
  return { checked: responses.length - limited.length, statuses: responses.map((response) => response.status) };
}

describe("abuse limits hold under concurrency (contract: Abuse limits)", () => {
  it("checks at most 5 of 60 token requests sent at once; then even the right password answers 429", async () => {
    const email = uniqueEmail("burst-token");
    await register({ email });
    const { checked, statuses } = await burst(() => apiJson("/api/jwt", { email, password: "Wrong-123!" }));
    expect(checked).toBe(5);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect((await apiJson("/api/jwt", { email, password: "Passw0rd!" })).status).toBe(429);
    const page = await postForm("/login", { email, password: "Passw0rd!" });
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toBeTruthy();
  });

  it("checks at most 5 of 60 sign-in form posts sent at once", async () => {
    const email = uniqueEmail("burst-form");
    await register({ email });
    const { checked } = await burst(() => postForm("/login", { email, password: "Wrong-123!" }));
    expect(checked).toBe(5);
  });

  it("checks at most 5 of 60 second-factor codes sent at once, on the page and the API", async () => {
    const email = uniqueEmail("burst-2fa");
    await register({ email });
    await enrolTwoFactor(email);
    const ticket = cookiesFrom(await postForm("/login", { email, password: "Passw0rd!" }));
    const page = await burst(() => postForm("/login/two-factor", { code: "000000" }, ticket));
    expect(page.checked).toBe(5);

    const other = uniqueEmail("burst-2fa-api");
    await register({ email: other });
    await enrolTwoFactor(other);
    const api = await burst(() => apiJson("/api/jwt", { email: other, password: "Passw0rd!", code: "000000" }));
    // The API checks the password, then the code, each under the limits: requests still in their
    // password check, and refused ones not yet given back, hold reservations too, so fewer than 5
    // codes may be checked (none, when the burst's refusals outlast the password checks), never more;
    // every code that was checked was refused as wrong.
    expect(api.checked).toBeLessThanOrEqual(5);
    expect(api.statuses.filter((status) => status !== 429).every((status) => status === 401)).toBe(true);
  });

  it("holds the current-password check on change password and the code check on disabling two-factor to the same limits", async () => {
    const email = uniqueEmail("burst-change");
    await register({ email });
    const cookie = await signIn(email);
    const change = await burst(() =>
      postForm("/dashboard/settings", { intent: "change-password", currentPassword: "Wrong-123!", password: "NewPass1!" }, cookie),
    );
    expect(change.checked).toBe(5);

    const other = uniqueEmail("burst-disable");
    await register({ email: other });
    const { cookie: otherCookie } = await enrolTwoFactor(other);
    const disable = await burst(() => postForm("/dashboard/settings", { intent: "disable-two-factor", code: "000000" }, otherCookie));
    expect(disable.checked).toBe(5);
  });

  it("does not count successful sign-ins", async () => {
    const email = uniqueEmail("many-ok");
    await register({ email });
    for (let attempt = 0; attempt < 8; attempt++) await signIn(email);
    expect((await apiJson("/api/jwt", { email, password: "Passw0rd!" })).status).toBe(200);
  });

  it("ends a lock-out with a successful password reset", async () => {
    const email = uniqueEmail("locked");
    await register({ email });
    await burst(() => apiJson("/api/jwt", { email, password: "Wrong-123!" }));
    expect((await apiJson("/api/jwt", { email, password: "Passw0rd!" })).status).toBe(429);

    await postForm("/forgot-password", { email });
    const reset = await postForm(linkIn((await lastMailTo(email))!.text, "/reset-password"), { password: "NewPass1!" });
    expect(reset.status).toBe(302);
    expect((await apiJson("/api/jwt", { email, password: "NewPass1!" })).status).toBe(200);
  });

  it("uses a two-factor ticket once: a copied ticket cannot sign in again", async () => {
    const email = uniqueEmail("ticket-once");
    await register({ email });
    const { secret, recoveryCodes } = await enrolTwoFactor(email);
    const ticket = cookiesFrom(await postForm("/login", { email, password: "Passw0rd!" }));
    sessionCookieFrom(await postForm("/login/two-factor", { code: codeAt(secret, 1) }, ticket));

    const replay = await postForm("/login/two-factor", { code: recoveryCodes[0] }, ticket);
    expect(replay.status).toBe(401);
    expect(replay.headers.getSetCookie().some((cookie) => cookie.startsWith("ar_session="))).toBe(false);
    expect(await replay.text()).toContain("This sign-in step was already used");
  });
});
