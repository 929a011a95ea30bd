import { describe, expect, it } from "vitest";
import { type PricingPlan, pricingCards, productPlans, staticCards } from "./pricing";

const plan = (id: PricingPlan["id"], monthlyPrice: string | null, annualPrice: string | null = null): PricingPlan => ({
  id,
  description: `d.${id}`,
  features: [`f.${id}`],
  monthlyPrice,
  annualPrice,
  badge: null,
});

describe("marketing pricing mapping", () => {
  it("a trial becomes a $0 free-trial card and a free plan a $0 free card", () => {
    const [trial, free] = pricingCards([plan("trial", null), plan("free", "0")], "forms");
    expect(trial).toMatchObject({ key: "trial", name: "marketing:pricing.names.freeTrial", price: "0.00", highlighted: false, description: "d.trial", features: ["f.trial"] });
    expect(free).toMatchObject({ key: "free", name: "marketing:pricing.names.free", price: "0.00" });
  });

  it("a monthly plan becomes the highlighted professional card at its monthly price", () => {
    const [card] = pricingCards([plan("monthly", "25")], "forms");
    expect(card).toMatchObject({ key: "monthly", name: "marketing:pricing.names.professional", price: "25.00", highlighted: true, billedAnnually: false });
  });

  it("an annual plan is priced at annualPrice / 12 rounded to 2 decimals, billed annually, with the yearly total", () => {
    const [card] = pricingCards([plan("annual", null, "250")], "forms");
    expect(card).toMatchObject({ key: "annual", price: "20.83", billedAnnually: true, yearlyTotal: "250.00", discountPercent: null, highlighted: false });
    expect(pricingCards([plan("annual", null, "100.01")], "forms")[0]!.price).toBe("8.33");
    expect(pricingCards([plan("annual", null, "0.06")], "forms")[0]!.price).toBe("0.01");
  });

  it("on the POS page the annual card's discount is computed against the monthly plan", () => {
    const cards = pricingCards([plan("monthly", "35"), plan("annual", null, "360")], "pos");
    expect(cards.map((c) => c.key)).toEqual(["monthly", "annual"]);
    // 360 / 12 = 30.00 against 35 -> 14.28...% -> 14
    expect(cards[1]).toMatchObject({ price: "30.00", yearlyTotal: "360.00", discountPercent: 14 });
  });

  it("without a monthly plan the POS discount uses the fallback monthly price 25", () => {
    const [card] = pricingCards([plan("annual", null, "240")], "pos");
    expect(card).toMatchObject({ price: "20.00", discountPercent: 20 });
    expect(pricingCards([plan("annual", null, "360")], "pos")[0]!.discountPercent).toBe(0);
  });

  it("plans that do not map (no price, or nothing) give the page's three static cards", () => {
    expect(pricingCards([], "forms")).toEqual(staticCards("forms"));
    expect(pricingCards([plan("monthly", null), plan("annual", null, null)], "pos")).toEqual(staticCards("pos"));
    const forms = staticCards("forms");
    expect(forms.map((c) => [c.key, c.price, c.priceFrom, c.highlighted])).toEqual([
      ["starter", "10.00", false, false],
      ["professional", "25.00", false, true],
      ["enterprise", "50.00", true, false],
    ]);
    const pos = staticCards("pos");
    expect(pos.map((c) => [c.key, c.price, c.action])).toEqual([
      ["starter", "15.00", "link"],
      ["professional", "35.00", "link"],
      ["enterprise", null, "none"],
    ]);
  });

  it("the server's plans match the displayed prices and an unknown key has none", () => {
    expect(pricingCards(productPlans("enzzo_pos"), "pos").map((c) => [c.key, c.price, c.discountPercent])).toEqual([
      ["trial", "0.00", null],
      ["monthly", "35.00", null],
      ["annual", "30.00", 14],
    ]);
    expect(pricingCards(productPlans("forms"), "forms").map((c) => [c.key, c.price])).toEqual([
      ["free", "0.00"],
      ["monthly", "25.00"],
      ["annual", "20.00"],
    ]);
    expect(productPlans("nothing")).toEqual([]);
  });
});
