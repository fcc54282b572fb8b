import { describe, expect, it } from "vitest";
import {
  accessToken,
  apiJson,
  cookiesFrom,
  database,
  lastMailTo,
  linkIn,
  oauthUrl,
  postForm,
  register,
  registerSeller,
  request,
  sessionCookieFrom,
  signIn,
  sql,
  uniqueEmail,
} from "./client";
import { codeAt, enrolTwoFactor } from "./two-factor";

describe("password reset", () => {
  it("answers the same for unknown emails and sends nothing", async () => {
    const unknown = uniqueEmail("nobody");
    const response = await postForm("/forgot-password", { email: unknown });
    expect(await response.text()).toContain("If an account exists for that email");
    expect(await lastMailTo(unknown)).toBeUndefined();
  });

  it("sends a single-use link that sets a new password and signs out every session", async () => {
    const email = uniqueEmail("reset");
    await register({ email });
    const session = await signIn(email);
    const response = await postForm("/forgot-password", { email });
    expect(await response.text()).toContain("If an account exists for that email");
    const path = linkIn((await lastMailTo(email))!.text, "/reset-password");

    const weak = await postForm(path, { password: "weakpass" });
    expect(await weak.text()).toContain("Password must have uppercase, number, and special characters");

    const reset = await postForm(path, { password: "NewPass1!" });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/login");
    expect((await request("/dashboard", { headers: { cookie: session } })).status).toBe(302);
    expect(await accessToken(email, "NewPass1!")).toMatch(/^ey/);

    const again = await postForm(path, { password: "Another1!" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This reset link is invalid or has expired");
  });

  it("refuses an expired link", async () => {
    const email = uniqueEmail("expired");
    await register({ email });
    await postForm("/forgot-password", { email });
    const path = linkIn((await lastMailTo(email))!.text, "/reset-password");
    const db = database();
    await db.execute({
      sql: "update email_tokens set expires_at = ? where user_id = (select id from users where email = ?) and purpose = 'password-reset'",
      args: [new Date(Date.now() - 1000).toISOString(), email],
    });
    db.close();
    const response = await postForm(path, { password: "NewPass1!" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This reset link is invalid or has expired");
  });
});

describe("email verification", () => {
  it("is asked for at sign-up and confirmed once by the link", async () => {
    const email = uniqueEmail("verify");
    await register({ email });
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe("Confirm your email for Auto Reseller");
    const path = linkIn(mail!.text, "/verify-email");
    expect(await (await request(path)).text()).toContain("Your email address is confirmed");
    expect(await (await request(path)).text()).toContain("invalid or has expired");

    const cookie = await signIn(email);
    expect(await (await request("/dashboard/settings", { headers: { cookie } })).text()).toContain("(confirmed)");
  });

  it("can be sent again from the account settings", async () => {
    const email = uniqueEmail("resend");
    await register({ email });
    const first = linkIn((await lastMailTo(email))!.text, "/verify-email");
    const cookie = await signIn(email);
    const response = await postForm("/dashboard/settings", { intent: "resend-verification" }, cookie);
    expect(await response.text()).toContain("We sent a new confirmation link");
    expect(linkIn((await lastMailTo(email))!.text, "/verify-email")).not.toBe(first);
  });
});

describe("two-factor authentication", () => {
  it("asks for the code after the password, accepts it once, and works with a recovery code once", async () => {
    const email = uniqueEmail("totp");
    await register({ email });
    const { secret, recoveryCodes } = await enrolTwoFactor(email);

    const password = await postForm("/login", { email, password: "Passw0rd!", redirectTo: "/dashboard" });
    expect(password.headers.get("location")).toBe("/login/two-factor?redirectTo=%2Fdashboard");
    expect(password.headers.getSetCookie().some((cookie) => cookie.startsWith("ar_session="))).toBe(false);
    const ticket = cookiesFrom(password);

    const code = codeAt(secret, 1);
    const accepted = await postForm("/login/two-factor?redirectTo=%2Fdashboard", { code }, ticket);
    expect(accepted.headers.get("location")).toBe("/dashboard");
    const session = sessionCookieFrom(accepted);
    expect((await request("/dashboard", { headers: { cookie: session } })).status).toBe(200);

    const replay = await postForm("/login/two-factor", { code }, cookiesFrom(await postForm("/login", { email, password: "Passw0rd!" })));
    expect(replay.status).toBe(401);

    const recoveryTicket = cookiesFrom(await postForm("/login", { email, password: "Passw0rd!" }));
    const recovered = await postForm("/login/two-factor", { code: recoveryCodes[0].toUpperCase() }, recoveryTicket);
    expect(recovered.status).toBe(302);
    sessionCookieFrom(recovered);
    const reused = await postForm(
      "/login/two-factor",
      { code: recoveryCodes[0] },
      cookiesFrom(await postForm("/login", { email, password: "Passw0rd!" })),
    );
    expect(reused.status).toBe(401);
  });

  it("makes POST /api/jwt require the code", async () => {
    const email = uniqueEmail("totp-api");
    await register({ email });
    const { secret } = await enrolTwoFactor(email);
    const without = await apiJson("/api/jwt", { email, password: "Passw0rd!" });
    expect(without.status).toBe(401);
    expect(await without.json()).toEqual({ message: "This account needs its two-factor code (code)" });
    expect((await apiJson("/api/jwt", { email, password: "Passw0rd!", code: "123456" })).status).toBe(401);
    expect(await accessToken(email, "Passw0rd!", codeAt(secret, 1))).toMatch(/^ey/);
  });

  it("can be turned off only with a current code", async () => {
    const email = uniqueEmail("totp-off");
    await register({ email });
    const { secret, cookie } = await enrolTwoFactor(email);
    expect((await postForm("/dashboard/settings", { intent: "disable-two-factor", code: "000000" }, cookie)).status).toBe(400);
    const off = await postForm("/dashboard/settings", { intent: "disable-two-factor", code: codeAt(secret, 1) }, cookie);
    expect(await off.text()).toContain("Two-factor authentication is off.");
    expect(await accessToken(email)).toMatch(/^ey/);
  });
});

describe("Google and GitHub sign-in", () => {
  const setProfile = (provider: string, profile: object) =>
    fetch(`${oauthUrl}/${provider}/profile`, { method: "PUT", body: JSON.stringify(profile) });

  /** Follows the redirect dance the browser would: our start URL → provider → our callback. */
  async function providerSignIn(provider: string, state?: string) {
    const start = await request(`/auth/${provider}?redirectTo=%2Fdashboard`);
    expect(start.status).toBe(302);
    const flowCookie = cookiesFrom(start);
    const authorize = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const callback = new URL(authorize.headers.get("location")!);
    if (state) callback.searchParams.set("state", state);
    return request(callback.pathname + callback.search, { headers: { cookie: flowCookie } });
  }

  it("shows the buttons when configured", async () => {
    const html = await (await request("/login")).text();
    expect(html).toContain("Continue with Google");
    expect(html).toContain("Continue with GitHub");
  });

  it("creates a buyer for a new Google user", async () => {
    const email = uniqueEmail("google");
    await setProfile("google", { id: `g-${email}`, email, emailVerified: true, name: "Gina Google" });
    const callback = await providerSignIn("google");
    expect(callback.headers.get("location")).toBe("/dashboard");
    const flash = decodeURIComponent(callback.headers.getSetCookie().find((cookie) => cookie.startsWith("ar_flash="))!);
    expect(flash).toContain("User created Successfully with Google!");
    const token = await request(`/api/jwt?email=${encodeURIComponent(email)}`, { headers: { cookie: sessionCookieFrom(callback) } });
    const { accessToken: bearer } = (await token.json()) as { accessToken: string };
    expect(await (await request(`/api/users/buyer/${email}`, { headers: { authorization: `Bearer ${bearer}` } })).json()).toEqual({
      isBuyer: true,
    });
  });

  it("links GitHub to an existing account only when GitHub verified the email", async () => {
    const email = uniqueEmail("gh");
    // A confirmed account: linking keeps it as it is (an unconfirmed one is taken over, see below).
    await registerSeller({ email });
    await setProfile("github", { id: `unverified-${email}`, email, emailVerified: false, name: "Mallory" });
    const refused = await providerSignIn("github");
    expect(refused.headers.get("location")).toBe("/login");
    expect(decodeURIComponent(refused.headers.getSetCookie().join())).toContain("An account with this email already exists");

    await setProfile("github", { id: `verified-${email}`, email, emailVerified: true, name: "Real Owner" });
    const linked = await providerSignIn("github");
    expect(linked.headers.get("location")).toBe("/dashboard");
    const dashboard = await (await request("/dashboard", { headers: { cookie: sessionCookieFrom(linked) } })).text();
    expect(dashboard).toContain("My Products");
  });

  it("ends an account taken before sign-up: the victim's first Google sign-in removes the squatter's password, sessions and tokens", async () => {
    const email = uniqueEmail("victim");
    await register({ email, password: "Squatter1!" });
    const squatterSession = await signIn(email, "Squatter1!");
    const squatterToken = await accessToken(email, "Squatter1!");

    await setProfile("google", { id: `g-${email}`, email, emailVerified: true, name: "Real Victim" });
    const victim = await providerSignIn("google");
    expect(victim.headers.get("location")).toBe("/dashboard");
    const flash = decodeURIComponent(victim.headers.getSetCookie().find((cookie) => cookie.startsWith("ar_flash="))!);
    expect(flash).toContain("Set a new one in Account settings if you want one");
    expect((await request("/dashboard", { headers: { cookie: sessionCookieFrom(victim) } })).status).toBe(200);

    expect((await apiJson("/api/jwt", { email, password: "Squatter1!" })).status).toBe(401);
    expect((await request(`/api/users/buyer/${email}`, { headers: { authorization: `Bearer ${squatterToken}` } })).status).toBe(401);
    expect((await request("/dashboard", { headers: { cookie: squatterSession } })).status).toBe(302);
  });

  it("removes what the earlier holder of an unconfirmed account made when the provider takes it over", async () => {
    const email = uniqueEmail("squatted");
    const squatter = await register({ email, password: "Squatter1!", accountType: "seller", name: "Squatter" });
    // What the holder made: a listing (from before listing needed a confirmed address), a booking,
    // a conversation, a favourite and a saved search; and a car of theirs that was already sold.
    const [car, sold, otherCar] = [
      crypto.randomUUID(),
      crypto.randomUUID(),
      String((await sql("select id from products where is_paid = 0 and seller_id <> ? limit 1", [squatter]))[0].id),
    ];
    for (const [id, paid] of [
      [car, 0],
      [sold, 1],
    ] as const) {
      await sql(
        `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, is_paid, created_at)
         select ?, 'Cheap Land Cruiser, call me', 100, 90, 'Dhaka', id, 'Good', '01999 999999', 'd', 2020, '/images/x.jpg', ?, 'Squatter', ?, ?, ? from categories limit 1`,
        [id, squatter, email, paid, new Date().toISOString()],
      );
    }
    const now = new Date().toISOString();
    await sql(
      "insert into bookings (id, product_id, buyer_id, buyer_name, buyer_email, phone, meeting_location, created_at) values (?, ?, ?, 'S', ?, '1', 'x', ?)",
      [crypto.randomUUID(), otherCar, squatter, email, now],
    );
    const buyer = String((await sql("select id from users where email = 'buyer@autoreseller.test'"))[0].id);
    await sql("insert into conversations (id, product_id, buyer_id, seller_id, last_message_at, created_at) values (?, ?, ?, ?, ?, ?)", [
      crypto.randomUUID(),
      car,
      buyer,
      squatter,
      now,
      now,
    ]);
    await sql("insert into favourites (user_id, product_id, created_at) values (?, ?, ?)", [squatter, otherCar, now]);
    await sql("insert into saved_searches (id, user_id, query, created_at) values (?, ?, 'make=Toyota', ?)", [
      crypto.randomUUID(),
      squatter,
      now,
    ]);

    await setProfile("google", { id: `g-${email}`, email, emailVerified: true, name: "Real Owner" });
    expect((await providerSignIn("google")).headers.get("location")).toBe("/dashboard");

    const left = async (table: string, column: string) =>
      Number((await sql(`select count(*) as n from ${table} where ${column} = ?`, [squatter]))[0].n);
    expect(await sql("select id from products where seller_id = ?", [squatter])).toEqual([expect.objectContaining({ id: sold })]);
    expect(await left("bookings", "buyer_id")).toBe(0);
    expect(await left("conversations", "seller_id")).toBe(0);
    expect(await left("favourites", "user_id")).toBe(0);
    expect(await left("saved_searches", "user_id")).toBe(0);
    expect(await sql("select name, role, email_verified from users where id = ?", [squatter])).toEqual([
      expect.objectContaining({ name: "Real Owner", role: "buyer", email_verified: 1 }),
    ]);
  });

  it("keeps the password of an account whose email was already proven when a provider links to it", async () => {
    const email = uniqueEmail("proven");
    await register({ email });
    await sql("update users set email_verified = 1 where email = ?", [email]);
    await setProfile("google", { id: `g-${email}`, email, emailVerified: true, name: "Owner" });
    expect((await providerSignIn("google")).headers.get("location")).toBe("/dashboard");
    expect(await accessToken(email)).toMatch(/^ey/);
  });

  it("refuses a callback whose state does not match", async () => {
    const callback = await providerSignIn("google", "forged-state");
    expect(callback.headers.get("location")).toBe("/login");
    expect(callback.headers.getSetCookie().some((cookie) => cookie.startsWith("ar_session="))).toBe(false);
  });

  it("refuses a code the provider does not know", async () => {
    const start = await request("/auth/google");
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const callback = await request(`/auth/google/callback?code=made-up&state=${state}`, { headers: { cookie: cookiesFrom(start) } });
    expect(callback.headers.get("location")).toBe("/login");
    expect(decodeURIComponent(callback.headers.getSetCookie().join())).toContain("Google sign-in failed");
  });
});

describe("password reset limits", () => {
  it("sends at most 3 reset mails an hour for one account, answering the same each time", async () => {
    const email = uniqueEmail("flood");
    await register({ email });
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await postForm("/forgot-password", { email });
      expect(await response.text()).toContain("If an account exists for that email");
    }
    const db = database();
    const { rows } = await db.execute({
      sql: "select count(*) as n from outgoing_emails where to_address = ? and subject like 'Reset%'",
      args: [email],
    });
    db.close();
    expect(rows[0].n).toBe(3);
  });
});
