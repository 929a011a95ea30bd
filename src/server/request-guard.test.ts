import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_TRPC_BATCH } from "./request-guard";
import { createTestContext, type TestContext } from "./test/harness";

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await createTestContext();
  cookie = await t.signIn("acme", "owner");
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload = '{"json":{"language":"en"}}') =>
  t.app.inject({ method: "POST", url, payload, headers: { host: "acme.localhost", cookie, "content-type": "application/json", ...headers } });

describe("state-changing requests come from the tenant's own pages", () => {
  it("another site's Origin (or Sec-Fetch-Site: cross-site, or a 'null' origin) is refused for mutations and sign-out", async () => {
    expect((await post("/api/trpc/tenant.updateConfig", { origin: "http://evil.test" })).statusCode).toBe(403);
    expect((await post("/api/trpc/tenant.updateConfig", { origin: "null" })).statusCode).toBe(403);
    expect((await post("/api/trpc/tenant.updateConfig", { "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await post("/api/trpc/tenant.updateConfig", { origin: "http://other.localhost" })).statusCode).toBe(403);
    const refused = await post("/api/auth/sign-out", { origin: "http://evil.test" }, "{}");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Solicitud rechazada: no viene de esta aplicación");
    // the session survived the forged sign-out
    expect((await t.request("acme.localhost", { url: "/api/auth/get-session", cookie })).body.user.email).toBe("owner@acme.test");
    // its own origin passes the guard
    expect((await post("/api/trpc/tenant.updateConfig", { origin: "http://acme.localhost" })).statusCode).not.toBe(403);
  });

  it("tRPC takes JSON only: a form or text body never reaches a procedure", async () => {
    const form = await post("/api/trpc/tenant.updateConfig", { "content-type": "multipart/form-data; boundary=x" }, "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x--");
    expect(form.statusCode).toBe(415);
    expect((await post("/api/trpc/tenant.updateConfig", { "content-type": "text/plain" })).statusCode).toBe(415);
    expect((await post("/api/trpc/tenant.updateConfig", { "content-type": "application/x-www-form-urlencoded" }, "a=1")).statusCode).toBe(415);
  });

  it(`a batch names at most ${MAX_TRPC_BATCH} procedures`, async () => {
    const batch = (n: number) => {
      const paths = Array.from({ length: n }, () => "permissions.getUserModules").join(",");
      const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { json: null }]))));
      return t.request("acme.localhost", { url: `/api/trpc/${paths}?batch=1&input=${input}`, cookie });
    };
    expect((await batch(MAX_TRPC_BATCH)).status).toBe(200);
    expect((await batch(MAX_TRPC_BATCH + 1)).status).toBe(400);
  });
});
