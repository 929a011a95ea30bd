import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("tenant.getPublicTenantBySubdomain", () => {
  it("returns the tenant and its product", async () => {
    const anon = await t.client("acme");
    const res = await anon.tenant.getPublicTenantBySubdomain.query({ subdomain: "acme" });
    expect(res?.tenant.id).toBe(t.acme.tenant.id);
    expect(res?.product).toBe("pos");
    expect(res?.productName).toBe("Enzzo POS");
  });
  it("returns null for unknown and reserved subdomains", async () => {
    const anon = await t.client("acme");
    expect(await anon.tenant.getPublicTenantBySubdomain.query({ subdomain: "nadie" })).toBeNull();
    expect(await anon.tenant.getPublicTenantBySubdomain.query({ subdomain: "www" })).toBeNull();
    expect(await anon.tenant.getPublicTenantBySubdomain.query({ subdomain: "admin" })).toBeNull();
  });
  it("refuses empty input with BAD_REQUEST", async () => {
    const anon = await t.client("acme");
    const err = await errorOf(anon.tenant.getPublicTenantBySubdomain.query({ subdomain: "" }));
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.message).toMatch(/^subdomain: /);
  });
});

describe("onboarding.getOnboardingInfoByTenant", () => {
  it("gives the product of a tenant", async () => {
    const anon = await t.client("other");
    const res = await anon.onboarding.getOnboardingInfoByTenant.query({ tenantId: t.acme.tenant.id });
    expect(res.product).toBe("pos");
  });
  it("is NOT_FOUND for an unknown id", async () => {
    const anon = await t.client("other");
    const err = await errorOf(anon.onboarding.getOnboardingInfoByTenant.query({ tenantId: "018f0000-0000-7000-8000-000000000000" }));
    expect(err.code).toBe("NOT_FOUND");
  });
});

describe("tenant.getCurrentConfig / updateConfig", () => {
  it("gives the defaults of a new tenant", async () => {
    const owner = await t.client("acme", "owner");
    const { config, tenant } = await owner.tenant.getCurrentConfig.query();
    expect(config).toEqual({
      default_currency_code: "DOP",
      theme: "theme-enzzo",
      force_company_theme: false,
      rounded_sidebar: true,
      rounded_cards: true,
      rounded_navbar: true,
      rounded_buttons: true,
      allow_negative_stock: true,
      sell_without_cashbox: false,
      rewards_points_per_unit: 1,
      rewards_amount_per_point: "100.00",
      rewards_point_value: "0.00",
      country_code: "DO",
    });
    expect(tenant.id).toBe(t.acme.tenant.id);
  });
  it("lets an owner force a theme, only for that tenant", async () => {
    const owner = await t.client("acme", "owner");
    const res = await owner.tenant.updateConfig.mutate({ theme: "theme-legatti", force_company_theme: true, rounded_buttons: false });
    expect(res.config.theme).toBe("theme-legatti");
    expect(res.config.force_company_theme).toBe(true);
    const cashier = await t.client("acme", "cashier");
    expect((await cashier.tenant.getCurrentConfig.query()).config.theme).toBe("theme-legatti");
    const outsider = await t.client("other", "owner");
    expect((await outsider.tenant.getCurrentConfig.query()).config.theme).toBe("theme-enzzo");
  });
  it("keeps the sales settings: negative stock and the rewards rule; the tax module of DO lists the NCF types", async () => {
    const owner = await t.client("acme", "owner");
    const res = await owner.tenant.updateConfig.mutate({ allow_negative_stock: false, rewards_points_per_unit: 2, rewards_amount_per_point: "50" });
    expect(res.config).toMatchObject({ allow_negative_stock: false, rewards_points_per_unit: 2, rewards_amount_per_point: "50.00" });
    expect((await owner.tenant.getCurrentConfig.query()).config.country_code).toBe("DO");
    expect((await errorOf(owner.tenant.updateConfig.mutate({ rewards_amount_per_point: "0" }))).code).toBe("BAD_REQUEST");
    await owner.tenant.updateConfig.mutate({ allow_negative_stock: true, rewards_points_per_unit: 1, rewards_amount_per_point: "100" });
    const tax = await owner.tenant.getTaxModuleConfig.query({ countryCode: "DO" });
    expect(tax.documentTypes.map((d) => d.code)).toEqual(["B01", "B02", "B03", "B04", "B11", "B12", "B13", "B14", "B15", "B16", "B17"]);
    expect((await owner.tenant.getTaxModuleConfig.query({ countryCode: "US" })).documentTypes).toEqual([]);
  });
  it("refuses an unknown theme and a cashier", async () => {
    const owner = await t.client("acme", "owner");
    expect((await errorOf(owner.tenant.updateConfig.mutate({ theme: "pink" as never }))).code).toBe("BAD_REQUEST");
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.tenant.updateConfig.mutate({ theme: "dark" }))).code).toBe("FORBIDDEN");
  });
  it("an acme session is not a session on other's host", async () => {
    const cookie = await t.signIn("acme", "owner");
    const mine = await t.request("acme.localhost", { url: "/api/trpc/tenant.getCurrentConfig", cookie });
    expect(mine.status).toBe(200);
    const res = await t.request("other.localhost", { url: "/api/trpc/tenant.getCurrentConfig", cookie });
    expect(res.status).toBe(401);
  });
});

describe("healthz", () => {
  it("answers 200 when the database answers", async () => {
    const res = await t.request("localhost", { url: "/healthz" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});

describe("batched calls", () => {
  it("answers a batch naming many procedures in one path", async () => {
    const cookie = await t.signIn("acme", "owner");
    const names = ["warehouse.getAll", "paymentMethod.getAll", "tenant.getCurrentConfig", "permissions.getUserModules", "permissions.getUserPermissions"];
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(names.map((_, i) => [i, { json: null }]))));
    const res = await t.request("acme.localhost", { url: `/api/trpc/${names.join(",")}?batch=1&input=${input}`, cookie });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(names.length);
  });
});
