import { describe, expect, it } from "vitest";
import { DEMO_DENTAL_CATALOGUE, normalizeRights, procedureSku, procedureTypeCreateInput, settingsUpdateInput } from "./catalogue";

describe("dental catalogue rules", () => {
  it("a code is upper-cased, letters, digits, - and _ only", () => {
    expect(procedureTypeCreateInput.parse({ code: " res-1 ", name: "Resina", price: 3500, scope: "surface", resultStatus: "filling" })).toEqual({ code: "RES-1", name: "Resina", price: "3500.00", scope: "surface", resultStatus: "filling" });
    expect(procedureTypeCreateInput.safeParse({ code: "re s", name: "Resina", price: "1", scope: "tooth", resultStatus: null }).success).toBe(false);
    expect(procedureTypeCreateInput.safeParse({ code: "R", name: "Resina", price: "-1", scope: "tooth", resultStatus: null }).success).toBe(false);
    expect(procedureSku("res")).toBe("DEN-RES");
  });

  it("rights are kept in the catalogue's order, without repeats, and any right implies access", () => {
    expect(normalizeRights(["billing", "patients", "billing"])).toEqual(["access", "patients", "billing"]);
    expect(normalizeRights([])).toEqual([]);
    expect(settingsUpdateInput.parse({ roleRights: { admin: ["settings"], cashier: [] }, chartNotation: "palmer" })).toEqual({ roleRights: { admin: ["access", "settings"], cashier: [] }, chartNotation: "palmer" });
  });

  it("the demo catalogue has unique codes and valid entries", () => {
    expect(new Set(DEMO_DENTAL_CATALOGUE.map((e) => e.code)).size).toBe(DEMO_DENTAL_CATALOGUE.length);
    for (const e of DEMO_DENTAL_CATALOGUE) expect(procedureTypeCreateInput.safeParse(e).success).toBe(true);
  });
});
