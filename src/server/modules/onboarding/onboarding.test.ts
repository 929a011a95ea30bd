import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const input = {
  businessName: "Farmacia Los Prados",
  subdomain: "losprados",
  taxId: "1-01-85004-3",
  ownerName: "Rosa Almonte",
  email: "rosa@losprados.do",
  password: "prados2026",
  product: "pos" as const,
};

describe("onboarding.register", () => {
  it("creates a tenant with the default data, a 30-day trial and a sign-in link for the owner", async () => {
    const anon = await t.client("www");
    const res = await anon.onboarding.register.mutate(input);
    expect(res.subdomain).toBe("losprados");
    const days = (res.trialEndsAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(res.redirectUrl).toMatch(/^http:\/\/losprados\.localhost\/auth\/callback\?token=/);

    const counts = await withTenant(t.db, res.tenantId, async (tx) => {
      const r = await tx.execute(sql`select
        (select count(*)::int from warehouses) as warehouses,
        (select string_agg(code, ',' order by "order") from payment_methods) as methods,
        (select string_agg(code, ',' order by code) from currencies) as currencies,
        (select code from currencies where is_default) as default_currency,
        (select string_agg(code, ',' order by code) from ncf_types) as ncf,
        (select count(*)::int from ncf_ranges) as ncf_ranges,
        (select string_agg(name || ':' || days, ',' order by "order") from invoice_conditions) as conditions,
        (select name from customers where is_default) as default_customer,
        (select rate::text from taxes where code = 'ITBIS') as itbis,
        (select count(*)::int from users) as users`);
      return ((r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[]))[0];
    });
    expect(counts).toEqual({
      warehouses: 1,
      methods: "CASH,CARD,TRANSFER,CHECK,CREDIT,CREDIT_NOTE,GIFT_VOUCHER,POINTS",
      currencies: "DOP,EUR,USD",
      default_currency: "DOP",
      ncf: "B01,B02,B03,B04,B11,B12,B13,B14,B15,B16,B17",
      // No invented authorizations: the owner enters DGII's ranges.
      ncf_ranges: 0,
      conditions: "Contado:0,Crédito 15 días:15,Crédito 30 días:30,Crédito 45 días:45",
      default_customer: "Contado",
      itbis: "18.00",
      users: 1,
    });

    // The link signs the owner in on the tenant's own host, once.
    const token = new URL(res.redirectUrl).searchParams.get("token");
    const cb = await t.request("losprados.localhost", { method: "POST", url: "/api/auth/callback", body: { token } });
    expect(cb.status).toBe(200);
    const session = await t.request("losprados.localhost", { url: "/api/auth/get-session", cookie: cb.cookie });
    expect(session.body.user).toMatchObject({ email: "rosa@losprados.do", isOwner: true });
    const again = await t.request("losprados.localhost", { method: "POST", url: "/api/auth/callback", body: { token } });
    expect(again.status).toBe(400);
    // Nor on another tenant's host.
    const owner = await t.client("losprados", { email: "rosa@losprados.do", password: "prados2026" });
    expect((await owner.tenant.getCurrentConfig.query()).tenant.name).toBe("Farmacia Los Prados");
  });

  it("refuses a taken or reserved subdomain and a bad RNC", async () => {
    const anon = await t.client("www");
    expect(await errorOf(anon.onboarding.register.mutate({ ...input, subdomain: "acme" }))).toEqual({
      code: "CONFLICT",
      message: "Ese subdominio ya está en uso",
    });
    expect((await errorOf(anon.onboarding.register.mutate({ ...input, subdomain: "admin" }))).message).toBe("subdomain: Ese subdominio está reservado");
    expect((await errorOf(anon.onboarding.register.mutate({ ...input, subdomain: "nuevo", taxId: "101850042" }))).message).toBe(
      "taxId: RNC o cédula inválido (dígito verificador)",
    );
    expect((await errorOf(anon.onboarding.register.mutate({ ...input, subdomain: "nuevo", product: "shop" as never }))).code).toBe("BAD_REQUEST");
  });

  it("accepts a cédula and each product; dental gets the dental module", async () => {
    const anon = await t.client("www");
    const res = await anon.onboarding.register.mutate({ ...input, subdomain: "sonrisa", taxId: "001-1391820-5", product: "dental" });
    const info = await anon.onboarding.getOnboardingInfoByTenant.query({ tenantId: res.tenantId });
    expect(info.product).toBe("dental");
    expect(info.productName).toBe("Enzzo Dental");
    const owner = await t.client("sonrisa", { email: input.email, password: input.password });
    expect(await owner.permissions.hasModule.query({ module: "dental" })).toBe(true);
    expect(await owner.permissions.hasModule.query({ module: "legal" })).toBe(false);
  });
});
