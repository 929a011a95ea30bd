import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, SUPERADMIN_TOKEN, TEST_PASSWORD, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const call = (path: string, token?: string, body?: unknown) =>
  t.request("localhost", {
    method: body === undefined ? "GET" : "POST",
    url: `/api/trpc/${path}`,
    headers: token ? { "x-super-admin-token": token } : {},
    body: body === undefined ? undefined : { json: body },
  });

describe("superAdmin.tenants", () => {
  it("needs the token: missing or wrong is UNAUTHORIZED", async () => {
    expect((await call("superAdmin.tenants.list")).status).toBe(401);
    const wrong = await call("superAdmin.tenants.list", "nope");
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.json.message).toBe("Token de super administrador inválido");
  });

  it("lists every tenant", async () => {
    const res = await call("superAdmin.tenants.list", SUPERADMIN_TOKEN);
    expect(res.status).toBe(200);
    const subs = res.body.result.data.json.map((r: { subdomain: string }) => r.subdomain);
    expect(subs).toEqual(expect.arrayContaining(["acme", "other"]));
    // acme and other registered the same RNC: shown to the operator, not refused
    const rows = res.body.result.data.json as { subdomain: string; sameTaxIdCount: number; userCount: number }[];
    expect(rows.find((r) => r.subdomain === "acme")!.sameTaxIdCount).toBeGreaterThanOrEqual(1);
    expect(rows.find((r) => r.subdomain === "acme")!.userCount).toBeGreaterThanOrEqual(3);
  });

  it("creates a tenant whose owner can sign in", async () => {
    const res = await call("superAdmin.tenants.create", SUPERADMIN_TOKEN, {
      businessName: "Ferretería Ochoa",
      subdomain: "ochoa",
      taxId: "101850043",
      ownerName: "Juan Ochoa",
      email: "juan@ochoa.do",
      password: "ochoa123",
      product: "pos",
    });
    expect(res.status).toBe(200);
    const owner = await t.client("ochoa", { email: "juan@ochoa.do", password: "ochoa123" });
    expect((await owner.permissions.getUserPermissions.query()).isOwner).toBe(true);
    const bad = await call("superAdmin.tenants.create", SUPERADMIN_TOKEN, { businessName: "x" });
    expect(bad.status).toBe(400);
  });

  it("suspends (no sign-in, no procedures) and reactivates a tenant", async () => {
    const owner = await t.client("other", "owner");
    const ownerCookie = await t.signIn("other", "owner");
    const res = await call("superAdmin.tenants.setStatus", SUPERADMIN_TOKEN, { tenantId: t.other.tenant.id, status: "suspended" });
    expect(res.body.result.data.json).toEqual({ id: t.other.tenant.id, status: "suspended" });
    const signIn = await t.request("other.localhost", { method: "POST", url: "/api/auth/sign-in/email", body: { email: "owner@other.test", password: TEST_PASSWORD } });
    expect(signIn.status).toBe(403);
    const blocked = await t.request("other.localhost", { url: "/api/trpc/tenant.getCurrentConfig", cookie: ownerCookie });
    expect(blocked.status).toBe(403);
    await call("superAdmin.tenants.setStatus", SUPERADMIN_TOKEN, { tenantId: t.other.tenant.id, status: "active" });
    expect((await owner.tenant.getCurrentConfig.query()).tenant.subdomain).toBe("other");
    const unknown = await call("superAdmin.tenants.setStatus", SUPERADMIN_TOKEN, { tenantId: "018f0000-0000-7000-8000-000000000000", status: "active" });
    expect(unknown.status).toBe(404);
  });
});
