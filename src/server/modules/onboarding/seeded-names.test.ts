import { describe, expect, it } from "vitest";
import { SEEDED_NAMES_EN, withSeededNames } from "../../../shared/seeded-names";
import { DEMO_CATEGORIES } from "../../db/seed/demo-catalog";
import { DEFAULT_CURRENCIES, DEFAULT_INVOICE_CONDITIONS, DEFAULT_INVOICE_TYPES, DEFAULT_NCF_TYPES, DEFAULT_PAYMENT_METHODS } from "./service";

/** Names that read the same in English. */
const SAME_IN_ENGLISH = new Set(["Euro"]);

describe("every name a new business is seeded with has its English", () => {
  it("payment methods, currencies, NCF types, payment terms, invoice types and the demo's categories", () => {
    const names = [
      ...DEFAULT_PAYMENT_METHODS.map((m) => m.name),
      ...DEFAULT_CURRENCIES.map((c) => c.name),
      ...DEFAULT_NCF_TYPES.map((n) => n.description),
      ...DEFAULT_INVOICE_CONDITIONS.map((c) => c.name),
      ...DEFAULT_INVOICE_TYPES.map((t) => t.name),
      ...DEMO_CATEGORIES.map((c) => c.name),
      "Principal",
      "Caja 1",
      "Contado",
    ];
    for (const name of names) if (!SAME_IN_ENGLISH.has(name)) expect(SEEDED_NAMES_EN[name], name).toBeTruthy();
  });

  it("the payment term Contado reads 'Cash'", () => {
    const contado = DEFAULT_INVOICE_CONDITIONS.find((c) => c.days === 0)!;
    expect(withSeededNames(contado, "en").name).toBe("Cash");
  });
});

