import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, SUPERADMIN_TOKEN, type TestContext } from "../test/harness";
import { AttemptLimiter } from "./attempt-limit";

describe("AttemptLimiter", () => {
  it("blocks a key after max attempts in its window and forgets it when the window ends", () => {
    const limiter = new AttemptLimiter(1000);
    for (let i = 0; i < 3; i++) limiter.hit("a", 0);
    expect(limiter.isBlocked("a", 3, 10)).toBe(true);
    expect(limiter.isBlocked("b", 3, 10)).toBe(false);
    expect(limiter.isBlocked("a", 3, 1001)).toBe(false);
    limiter.hit("a", 1001);
    expect(limiter.isBlocked("a", 3, 1002)).toBe(false);
  });
});

describe("registration and super-admin tokens are limited like sign-in", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ authRateLimitMax: 3 });
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown, token?: string) =>
    t.request("localhost", { method: "POST", url: `/api/trpc/${path}`, body: { json: body }, headers: token ? { "x-super-admin-token": token } : {} });

  it("wrong super-admin tokens: after 3, even the right one waits", async () => {
    const list = (token: string) => t.request("localhost", { url: "/api/trpc/superAdmin.tenants.list", headers: { "x-super-admin-token": token } });
    expect((await list(SUPERADMIN_TOKEN)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await list(`wrong-${i}`)).status).toBe(401);
    const blocked = await list(SUPERADMIN_TOKEN);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.json.message).toBe("Demasiados intentos fallidos. Intente de nuevo en unos minutos.");
  });

  it("onboarding.register: 3 sign-ups from one address, then 429", async () => {
    const input = (n: number) => ({ businessName: `Colmado ${n}`, subdomain: `colmado${n}x`, taxId: "1-01-85004-3", ownerName: "Rosa Almonte", email: `rosa${n}@colmado.do`, password: "prados2026", product: "pos" });
    for (let i = 0; i < 3; i++) expect((await post("onboarding.register", input(i))).status).toBe(200);
    expect((await post("onboarding.register", input(9))).status).toBe(429);
  });
});
