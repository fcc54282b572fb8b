import { describe, expect, it } from "vitest";
import { accessToken, apiJson, appUrl, database, postForm, register, request, signIn, uniqueEmail } from "./client";

describe("sign-up and sign-in forms", () => {
  it("sign-up creates the account, signs in and hands over the success toast", async () => {
    const email = uniqueEmail("form");
    const response = await postForm("/register", { name: "Form User", email, password: "Secret1!", accountType: "seller" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith("ar_session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // plain-http localhost only
    expect(decodeURIComponent(cookies.find((cookie) => cookie.startsWith("ar_flash="))!)).toContain("User Created Successfully.");

    const dashboard = await request("/dashboard", { headers: { cookie: session.split(";")[0] } });
    const html = await dashboard.text();
    expect(html).toContain("Welcome to Dashboard");
    expect(html).toContain("My Products");
    expect(html).toContain("Form User");
  });

  it("shows the spec's messages when fields are missing, and the reason when credentials are wrong", async () => {
    const empty = await postForm("/login", { email: "", password: "" });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("Email Address is required");
    expect(emptyHtml).toContain("Password is required");

    const short = await (await postForm("/login", { email: "a@b.test", password: "abc" })).text();
    expect(short).toContain("Password must be 6 characters or longer");

    const wrong = await postForm("/login", { email: "buyer@autoreseller.test", password: "Wrong-1234" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid email or password");

    const signUp = await (await postForm("/register", { name: "", email: "", password: "abcdefg" })).text();
    expect(signUp).toContain("Name is Required");
    expect(signUp).toContain("Password must have uppercase, number, and special characters");
  });

  it("refuses cross-site form posts", async () => {
    const response = await request("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "email=buyer@autoreseller.test&password=Passw0rd!",
    });
    expect(response.status).toBe(403);
  });
});

describe("guards", () => {
  it("sends signed-out visitors to /login remembering the page, and back there after sign-in", async () => {
    const guarded = await request("/dashboard/settings?tab=2");
    expect(guarded.status).toBe(302);
    const location = guarded.headers.get("location")!;
    expect(location).toBe("/login?redirectTo=%2Fdashboard%2Fsettings%3Ftab%3D2");

    const redirectTo = new URL(location, appUrl).searchParams.get("redirectTo")!;
    const login = await postForm("/login", { email: "buyer@autoreseller.test", password: "Passw0rd!", redirectTo });
    expect(login.headers.get("location")).toBe("/dashboard/settings?tab=2");
  });

  it("never redirects to another origin after sign-in", async () => {
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const login = await postForm("/login", { email: "buyer@autoreseller.test", password: "Passw0rd!", redirectTo });
      expect(login.headers.get("location")).toBe("/");
    }
  });
});

describe("session revocation", () => {
  it("sign-out ends the session for good", async () => {
    const cookie = await signIn("buyer2@autoreseller.test");
    expect((await request("/dashboard", { headers: { cookie } })).status).toBe(200);
    const logout = await postForm("/logout", {}, cookie);
    expect(logout.headers.getSetCookie().join()).toMatch(/ar_session=;/);
    expect((await request("/dashboard", { headers: { cookie } })).status).toBe(302);
  });

  it("each sign-in starts a new session", async () => {
    const first = await signIn("buyer2@autoreseller.test");
    const second = await signIn("buyer2@autoreseller.test");
    expect(first).not.toBe(second);
  });

  it("a password change ends other sessions and older access tokens", async () => {
    const email = uniqueEmail("pw");
    await register({ email });
    const otherDevice = await signIn(email);
    const token = await accessToken(email);
    const current = await signIn(email);

    const change = await postForm(
      "/dashboard/settings",
      { intent: "change-password", currentPassword: "Passw0rd!", password: "Changed1!" },
      current,
    );
    expect(change.status).toBe(200);
    expect(await change.text()).toContain("Password changed");
    expect((await request("/dashboard", { headers: { cookie: current } })).status).toBe(200);
    expect((await request("/dashboard", { headers: { cookie: otherDevice } })).status).toBe(302);
    expect((await request(`/api/users/buyer/${email}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await apiJson("/api/jwt", { email, password: "Changed1!" })).status).toBe(200);
  });

  it("a deleted user's session and token stop working", async () => {
    const email = uniqueEmail("gone");
    const id = await register({ email });
    const cookie = await signIn(email);
    const token = await accessToken(email);
    const db = database();
    await db.execute({ sql: "delete from users where id = ?", args: [id] });
    db.close();
    expect((await request("/dashboard", { headers: { cookie } })).status).toBe(302);
    expect((await request(`/api/users/buyer/${email}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});

describe("development outbox", () => {
  it("is readable outside production", async () => {
    const response = await request("/dev/outbox");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Outbox (development)");
  });
});
