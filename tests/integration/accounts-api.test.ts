import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { accessToken, apiJson, DEMO_PASSWORD, postForm, register, request, signIn, sql, uniqueEmail } from "./client";

type ErrorBody = { message: string; issues?: { path: string; message: string }[] };
const issuesOf = async (response: Response) =>
  Object.fromEntries(((await response.json()) as ErrorBody).issues!.map((issue) => [issue.path, issue.message]));

describe("POST /api/users", () => {
  it("creates a buyer or a seller", async () => {
    const response = await apiJson("/api/users", { name: "Ana", email: uniqueEmail("ana"), password: "Secret1!", accountType: "seller" });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
  });

  it.each([
    ["a blank braille pattern", "\u2800"],
    ["a musical null notehead", "\u{1D159}"],
    ["combining marks only", "\u0301\u0308"],
    ["a left-to-right mark", "Ana\u200E"],
    ["a right-to-left mark", "Ana\u200F"],
    ["an Arabic letter mark", "Ana\u061C"],
  ])("refuses a name with %s (400 on name), creating nothing", async (_label, name) => {
    const email = uniqueEmail("odd-name");
    const response = await apiJson("/api/users", { name, email, password: "Secret1!", accountType: "seller" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { issues: { path: string }[] }).issues).toEqual([expect.objectContaining({ path: "name" })]);
    expect(await sql("select id from users where email = ?", [email])).toHaveLength(0);
  });

  it("answers every field with the spec's message", async () => {
    expect(await issuesOf(await apiJson("/api/users", {}))).toEqual({
      name: "Name is Required",
      email: "Email Address is required",
      password: "Password is required",
    });
    expect(await issuesOf(await apiJson("/api/users", { name: "   ", email: "  ", password: "abc" }))).toEqual({
      name: "Name is Required",
      email: "Email Address is required",
      password: "Password must be 6 characters or longer",
    });
    for (const weak of ["abcdef", "Abcdef", "Abcde1", "abcde1!"]) {
      const issues = await issuesOf(await apiJson("/api/users", { name: "A", email: uniqueEmail("weak"), password: weak }));
      expect(issues.password).toBe("Password must have uppercase, number, and special characters");
    }
  });

  it("refuses admin accounts, duplicate emails in any letter case, and non-JSON bodies", async () => {
    const admin = await apiJson("/api/users", { name: "A", email: uniqueEmail("adm"), password: "Secret1!", accountType: "admin" });
    expect(admin.status).toBe(400);

    const email = uniqueEmail("dup");
    await register({ email });
    const duplicate = await apiJson("/api/users", { name: "B", email: email.toUpperCase(), password: "Secret1!" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ message: "An account with this email already exists" });

    const text = await request("/api/users", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(text.status).toBe(415);
    const broken = await request("/api/users", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: "The body is not valid JSON" });
  });

  it("refuses names that show nothing or turn text around, on the API and the sign-up page alike", async () => {
    const signUp = (name: string) => apiJson("/api/users", { name, email: uniqueEmail("unseen"), password: "Secret1!" });
    for (const invisible of ["\u200B\u200B", "\u2060\uFEFF \u00AD"])
      expect((await issuesOf(await signUp(invisible))).name).toBe("Name is Required");
    expect((await issuesOf(await signUp("Ana \u202Egnp.exe"))).name).toContain("text-direction control characters");
    const page = await postForm("/register", { name: "\u200B", email: uniqueEmail("unseen-page"), password: "Secret1!" });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Name is Required");
  });

  it("refuses lone surrogates and bytes that are not UTF-8 rather than storing U+FFFD", async () => {
    const email = uniqueEmail("surrogate");
    const post = (body: Uint8Array<ArrayBuffer>) =>
      request("/api/users", { method: "POST", headers: { "content-type": "application/json" }, body });
    const withName = (escapedName: string) =>
      new TextEncoder().encode(`{"name":"${escapedName}","email":"${email}","password":"Secret1!"}`);
    for (const name of ["Ana \\ud800", "\\udc00Ana", "Ana \\udc00\\ud800"]) {
      const response = await post(withName(name));
      expect(response.status, name).toBe(400);
      expect(await response.json()).toEqual({ message: "The body holds a lone surrogate (such as \\ud800), which is not text" });
    }
    const notUtf8 = withName("Ana XX");
    notUtf8.set([0xff, 0xfe], notUtf8.indexOf(0x58));
    expect((await post(notUtf8)).status).toBe(400);
    expect(await sql("select id from users where email = ?", [email])).toEqual([]);
    expect((await post(withName("Ana \\ud83d\\ude97"))).status).toBe(201);
  });
});

describe("access tokens", () => {
  it("POST /api/jwt gives a token for the right credentials only", async () => {
    const email = uniqueEmail("tok");
    await register({ email });
    expect((await apiJson("/api/jwt", { email, password: "Wrong1!" })).status).toBe(401);
    const token = await accessToken(email);
    const answer = await request(`/api/users/buyer/${email}`, { headers: { authorization: `Bearer ${token}` } });
    expect(await answer.json()).toEqual({ isBuyer: true });
  });

  it("refuses unsigned, tampered and foreign-signed tokens as no token", async () => {
    const email = uniqueEmail("forge");
    const id = await register({ email });
    const token = await accessToken(email);
    const [header, payload, signature] = token.split(".");
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = [
      `${encode({ alg: "none", typ: "JWT" })}.${payload}.`,
      `${header}.${encode({ ...claims, sub: "someone-else" })}.${signature}`,
      await new SignJWT({ sub: id, ver: 1 })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("auto-reseller")
        .setAudience("api")
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode("x".repeat(64))),
      await new SignJWT({ sub: id, ver: 1 })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("auto-reseller")
        .setAudience("api")
        .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
        .sign(new TextEncoder().encode("x".repeat(64))),
    ];
    for (const bad of forged) {
      const response = await request(`/api/users/buyer/${email}`, { headers: { authorization: `Bearer ${bad}` } });
      expect(response.status).toBe(401);
    }
  });

  it("GET /api/jwt needs the signed-in session of that very email", async () => {
    const email = uniqueEmail("sess");
    await register({ email });
    expect((await request(`/api/jwt?email=${email}`)).status).toBe(401);
    const cookie = await signIn(email);
    const own = await request(`/api/jwt?email=${encodeURIComponent(email)}`, { headers: { cookie } });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ accessToken: expect.any(String) });
    const other = await request("/api/jwt?email=buyer@autoreseller.test", { headers: { cookie } });
    expect(other.status).toBe(403);
  });
});

describe("role checks", () => {
  it("answer the caller about themself, and admins about anyone", async () => {
    const sellerToken = await accessToken("seller@autoreseller.test");
    const adminToken = await accessToken("admin@autoreseller.test");
    const ask = (path: string, token?: string) => request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

    expect(await (await ask("/api/users/seller/seller@autoreseller.test", sellerToken)).json()).toEqual({ isSeller: true });
    expect(await (await ask("/api/users/admin/seller@autoreseller.test", sellerToken)).json()).toEqual({ isAdmin: false });
    expect((await ask("/api/users/buyer/buyer@autoreseller.test", sellerToken)).status).toBe(403);
    expect(await (await ask("/api/users/buyer/buyer@autoreseller.test", adminToken)).json()).toEqual({ isBuyer: true });
    expect(await (await ask("/api/users/admin/admin@autoreseller.test", adminToken)).json()).toEqual({ isAdmin: true });
    expect((await ask("/api/users/admin/admin@autoreseller.test")).status).toBe(401);
  });

  it("keeps demo credentials working", async () => {
    expect(await accessToken("buyer@autoreseller.test", DEMO_PASSWORD)).toMatch(/^ey/);
  });
});
