import { describe, expect, it } from "vitest";
import { STANDARD_UNITS } from "./catalog/units";
import { SEEDED_NAMES_EN, withSeededNames } from "./seeded-names";

describe("seeded names in the reader's language", () => {
  const result = {
    items: [
      { id: "1", code: "CASH", name: "Efectivo", isDefault: true },
      { id: "2", code: "CARD", name: "Visa empresarial" },
    ],
    order: { customerName: "Contado", warehouseName: "Principal", note: "Efectivo", total: "100.00", lines: [{ productName: "Cerveza Presidente 650 ml", unitName: "Unidad" }] },
    at: new Date("2026-11-25T12:00:00Z"),
  };

  it("shows the seeded Spanish names in English, in nested records and …Name fields", () => {
    const en = withSeededNames(result, "en");
    expect(en.items[0]).toEqual({ id: "1", code: "CASH", name: "Cash", isDefault: true });
    expect(en.order.customerName).toBe("Cash customer");
    expect(en.order.warehouseName).toBe("Main");
    expect(en.order.lines[0]).toEqual({ productName: "Cerveza Presidente 650 ml", unitName: "Unit" });
  });

  it("also in snake_case …_name fields (the appointments' method_name)", () => {
    expect(withSeededNames({ method_name: "Efectivo", customer_name: "Efectivo Pérez" }, "en")).toEqual({ method_name: "Cash", customer_name: "Efectivo Pérez" });
  });

  it("leaves renamed records, other fields, dates and amounts as stored", () => {
    const en = withSeededNames(result, "en");
    expect(en.items[1]!.name).toBe("Visa empresarial");
    expect(en.order.note).toBe("Efectivo");
    expect(en.order.total).toBe("100.00");
    expect(en.at).toBeInstanceOf(Date);
    expect(en.at.getTime()).toBe(result.at.getTime());
    // The original is not changed (React Query may hold it).
    expect(result.items[0]!.name).toBe("Efectivo");
  });

  it("is the stored data itself in Spanish", () => {
    expect(withSeededNames(result, "es")).toBe(result);
  });

  it("tells the payment term Contado (Cash) from the Contado customer (Cash customer)", () => {
    expect(withSeededNames({ code: "CONTADO", name: "Contado", days: 0 }, "en").name).toBe("Cash");
    expect(withSeededNames({ code: "C-0001", name: "Contado" }, "en").name).toBe("Cash customer");
  });

  it("has an English name for every standard unit", () => {
    for (const unit of STANDARD_UNITS) expect(SEEDED_NAMES_EN[unit.name], unit.name).toBeTruthy();
  });
});
