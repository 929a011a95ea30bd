import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, errorOf, TEST_PASSWORD, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ authRateLimitMax: 5 });
});
afterAll(() => t.close());

const signIn = (host: string, email: string, password: string) =>
  t.request(host, { method: "POST", url: "/api/auth/sign-in/email", body: { email, password } });

describe("sign-in", () => {
  it("sets an httpOnly session cookie bound to the tenant of the host", async () => {
    const res = await signIn("acme.localhost", "owner@acme.test", TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe("owner@acme.test");
    expect(res.setCookie).toMatch(/^enzzo_session=.+HttpOnly/i);
    const session = await t.request("acme.localhost", { url: "/api/auth/get-session", cookie: res.cookie });
    expect(session.body.user.email).toBe("owner@acme.test");
    // The same cookie on another tenant's host is nobody.
    const elsewhere = await t.request("other.localhost", { url: "/api/auth/get-session", cookie: res.cookie });
    expect(elsewhere.body).toBeNull();
  });

  it("accepts the email in any case", async () => {
    const res = await signIn("acme.localhost", "ADMIN@Acme.test", TEST_PASSWORD);
    expect(res.status).toBe(200);
  });

  it("answers an unknown email and a wrong password the same way", async () => {
    const wrong = await signIn("acme.localhost", "cashier@acme.test", "nope-nope");
    const unknown = await signIn("acme.localhost", "ghost@acme.test", TEST_PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe("Correo o contraseña incorrectos");
  });

  it("refuses a user of another tenant", async () => {
    const res = await signIn("acme.localhost", "owner@other.test", TEST_PASSWORD);
    expect(res.status).toBe(401);
  });

  it("has no tenant on the bare or a reserved domain", async () => {
    expect((await signIn("localhost", "owner@acme.test", TEST_PASSWORD)).status).toBe(404);
    expect((await signIn("www.localhost", "owner@acme.test", TEST_PASSWORD)).status).toBe(404);
  });

  it("rate-limits repeated attempts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn("other.localhost", "cashier@other.test", "bad-password")).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
  });

  it("the limit holds against a forged X-Forwarded-For, the host's case, port or trailing dot, and the e-mail's case or spaces", async () => {
    const email = "admin@other.test";
    const attempt = (host: string, mail: string, headers: Record<string, string> = {}) =>
      t.request(host, { method: "POST", url: "/api/auth/sign-in/email", body: { email: mail, password: "bad-password" }, headers }).then((r) => r.status);
    for (let i = 0; i < 5; i++) expect(await attempt("other.localhost", email)).toBe(401);
    expect(await attempt("other.localhost", email, { "x-forwarded-for": "203.0.113.9" })).toBe(429);
    expect(await attempt("OTHER.localhost", email)).toBe(429);
    expect(await attempt("other.localhost:3000", email)).toBe(429);
    expect(await attempt("other.localhost.", email)).toBe(429);
    expect(await attempt("other.localhost", ` ${email.toUpperCase()} `)).toBe(429);
    // another e-mail of the tenant still has its own attempts
    expect(await attempt("other.localhost", "owner@other.test")).toBe(401);
  });
});

describe("sign-out", () => {
  it("ends the session so the cookie no longer works", async () => {
    const res = await signIn("acme.localhost", "cashier@acme.test", TEST_PASSWORD);
    const client = await t.client("acme", "cashier");
    expect((await client.permissions.getUserModules.query()).modules).toContain("pos");
    const out = await t.request("acme.localhost", { method: "POST", url: "/api/auth/sign-out", cookie: res.cookie });
    expect(out.status).toBe(200);
    const after = await t.request("acme.localhost", { url: "/api/trpc/tenant.getCurrentConfig", cookie: res.cookie });
    expect(after.status).toBe(401);
    expect(after.body.error.json.message).toBe("User not authenticated");
  });

  it("a protected procedure without a session is UNAUTHORIZED with 'User not authenticated'", async () => {
    const anon = await t.client("acme");
    const err = await errorOf(anon.tenant.getCurrentConfig.query());
    expect(err).toEqual({ code: "UNAUTHORIZED", message: "User not authenticated" });
  });
});
