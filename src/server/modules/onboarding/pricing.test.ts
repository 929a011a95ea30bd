import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPlans } from "../../../shared/platform/pricing";
import { cachedPricingKeys, cachedProductPlans, PRICING_FRESH_MS, PRICING_KEPT_MS } from "../../public-site/marketing/pricing-cache";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("onboarding.getProductPricing", () => {
  it("answers the POS and form builder plans to an anonymous visitor, on the bare domain or a tenant's host", async () => {
    const bare = await t.client("www");
    const pos = await bare.onboarding.getProductPricing.query({ productKey: "enzzo_pos" });
    expect(pos.plans.map((p) => [p.id, p.monthlyPrice, p.annualPrice])).toEqual([
      ["trial", "0", null],
      ["monthly", "35", null],
      ["annual", "35", "360"],
    ]);
    expect(pos.plans[1]).toMatchObject({ description: "marketing:plans.pos.monthly.description", badge: "marketing:plans.pos.monthly.badge" });
    expect(pos.plans[1]!.features).toHaveLength(5);
    const forms = await (await t.client("acme")).onboarding.getProductPricing.query({ productKey: "forms" });
    expect(forms.plans.map((p) => p.id)).toEqual(["free", "monthly", "annual"]);
    expect(forms).toEqual({ plans: productPlans("forms") });
  });

  it("an unknown product has no plans (the page shows its static cards)", async () => {
    const anon = await t.client("other");
    expect(await anon.onboarding.getProductPricing.query({ productKey: "nothing" })).toEqual({ plans: [] });
  });

  it("refuses an empty or over-long key with a translated BAD_REQUEST", async () => {
    const anon = await t.client("www");
    const empty = await errorOf(anon.onboarding.getProductPricing.query({ productKey: "  " }));
    expect(empty.code).toBe("BAD_REQUEST");
    expect(empty.message).toContain("Datos inválidos");
    const long = await errorOf(anon.onboarding.getProductPricing.query({ productKey: "x".repeat(51) }));
    expect(long.code).toBe("BAD_REQUEST");
  });
});

describe("the pricing cache", () => {
  it("serves the same answer while fresh, reads again after 5 minutes, drops entries after 10 and keeps no unknown key", () => {
    const start = Date.now() + 3_600_000;
    const first = cachedProductPlans("enzzo_pos", start);
    expect(cachedProductPlans("enzzo_pos", start + PRICING_FRESH_MS - 1)).toBe(first);
    const again = cachedProductPlans("enzzo_pos", start + PRICING_FRESH_MS);
    expect(again).toEqual(first);
    cachedProductPlans("forms", start + PRICING_FRESH_MS);
    cachedProductPlans("made-up", start + PRICING_FRESH_MS);
    expect(cachedPricingKeys().sort()).toEqual(["enzzo_pos", "forms"]);
    cachedProductPlans("made-up", start + PRICING_FRESH_MS + PRICING_KEPT_MS);
    expect(cachedPricingKeys()).toEqual([]);
  });
});
