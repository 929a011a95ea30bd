import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./test/harness";

let t: TestContext;
let https: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  https = await createTestContext({ config: { publicUrl: "https://enzzo.do" } });
});
afterAll(async () => {
  await t.close();
  await https.close();
});

const headersOf = async (ctx: TestContext, url: string, cookie?: string) => {
  const res = await ctx.app.inject({ method: "GET", url, headers: { host: "acme.localhost", ...(cookie ? { cookie } : {}) } });
  return res.headers;
};

describe("security headers", () => {
  it("every answer carries the CSP (own scripts only, no framing), nosniff, no framing and a strict referrer; no HSTS over http", async () => {
    for (const url of ["/healthz", "/api/trpc/tenant.getCurrentConfig", "/home/pos"]) {
      const h = await headersOf(t, url);
      const csp = String(h["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["x-frame-options"]).toBe("DENY");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["strict-transport-security"]).toBeUndefined();
    }
  });

  it("signed-in API answers are not stored; HSTS when PUBLIC_URL is https", async () => {
    const cookie = await t.signIn("acme", "owner");
    expect((await headersOf(t, "/api/trpc/permissions.getUserPermissions", cookie))["cache-control"]).toBe("no-store");
    expect((await headersOf(https, "/healthz"))["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});
