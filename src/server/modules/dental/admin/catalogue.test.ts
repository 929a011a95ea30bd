import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, errorOf, type TestContext } from "../../../test/harness";
import { enableDental } from "../test-fixture";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await enableDental(t, "acme");
  await enableDental(t, "other");
});
afterAll(() => t.close());

describe("dental procedure catalogue", () => {
  it("create makes an ITBIS-exempt service product (SKU DEN-<code>) and its entry; list by name, inactive hidden unless asked", async () => {
    const owner = await t.client("acme", "owner");
    const resina = await owner.dental.createProcedureType.mutate({ code: "res", name: "Resina compuesta", price: "3500", scope: "surface", resultStatus: "filling" });
    expect(resina).toMatchObject({ code: "RES", name: "Resina compuesta", price: "3500.00", scope: "surface", resultStatus: "filling", isActive: true });
    const product = await owner.product.getById.query({ id: resina.productId });
    expect(product).toMatchObject({ name: "Resina compuesta", sku: "DEN-RES", productType: "service", isTaxable: false, price: "3500.00" });
    const cons = await owner.dental.createProcedureType.mutate({ code: "CONS", name: "Consulta y diagnóstico", price: 1500, scope: "mouth", resultStatus: null });
    const list = await owner.dental.getProcedureTypes.query();
    expect(list.map((p) => p.code)).toEqual(["CONS", "RES"]);
    expect(list[0]).toEqual({ id: cons.id, code: "CONS", name: "Consulta y diagnóstico", price: "1500.00", scope: "mouth", resultStatus: null, productId: cons.productId, isActive: true });

    const off = await owner.dental.updateProcedureType.mutate({ id: cons.id, name: "Consulta", price: "1800.50", scope: "mouth", resultStatus: null, isActive: false });
    expect(off).toMatchObject({ name: "Consulta", price: "1800.50", isActive: false });
    expect(await owner.product.getById.query({ id: cons.productId })).toMatchObject({ name: "Consulta", price: "1800.50", isActive: false, sku: "DEN-CONS", isTaxable: false });
    expect((await owner.dental.getProcedureTypes.query()).map((p) => p.code)).toEqual(["RES"]);
    expect((await owner.dental.getProcedureTypes.query({ includeInactive: true })).map((p) => p.code)).toEqual(["CONS", "RES"]);
    const on = await owner.dental.updateProcedureType.mutate({ id: cons.id, name: "Consulta", price: "1800.50", scope: "tooth", resultStatus: "healthy", isActive: true });
    expect(on).toMatchObject({ scope: "tooth", resultStatus: "healthy", isActive: true });
    expect((await owner.product.getById.query({ id: cons.productId })).isActive).toBe(true);
  });

  it("refuses a taken code (any case), a bad code, a blank name, a bad price, an unknown status", async () => {
    const owner = await t.client("acme", "owner");
    await owner.dental.createProcedureType.mutate({ code: "EXT", name: "Extracción simple", price: "3000", scope: "tooth", resultStatus: "missing" });
    expect(await errorOf(owner.dental.createProcedureType.mutate({ code: "ext", name: "Otra", price: "1", scope: "tooth", resultStatus: null }))).toEqual({ code: "CONFLICT", message: "El código EXT ya existe en el catálogo" });
    expect((await errorOf(owner.dental.createProcedureType.mutate({ code: "a b", name: "X", price: "1", scope: "tooth", resultStatus: null }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.dental.createProcedureType.mutate({ code: "X1", name: "  ", price: "1", scope: "tooth", resultStatus: null }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.dental.createProcedureType.mutate({ code: "X1", name: "X", price: "1.234", scope: "tooth", resultStatus: null }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.dental.createProcedureType.mutate({ code: "X1", name: "X", price: "1", scope: "tooth", resultStatus: "gold" as never }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.dental.createProcedureType.mutate({ code: "X1", name: "X\u0000", price: "1", scope: "tooth", resultStatus: null }))).code).toBe("BAD_REQUEST");
  });

  it("another tenant's entry is NOT_FOUND; the cashier reads the catalogue but may not change it; the admin may not either by default", async () => {
    const owner = await t.client("acme", "owner");
    const entry = await owner.dental.createProcedureType.mutate({ code: "ENDO", name: "Endodoncia", price: "12000", scope: "tooth", resultStatus: "root_canal" });
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.dental.updateProcedureType.mutate({ id: entry.id, name: "X", price: "1", scope: "tooth", resultStatus: null, isActive: true }))).code).toBe("NOT_FOUND");
    expect((await outsider.dental.getProcedureTypes.query({ includeInactive: true })).map((p) => p.id)).not.toContain(entry.id);
    const cashier = await t.client("acme", "cashier");
    expect((await cashier.dental.getProcedureTypes.query()).map((p) => p.code)).toContain("ENDO");
    expect((await errorOf(cashier.dental.createProcedureType.mutate({ code: "C1", name: "X", price: "1", scope: "tooth", resultStatus: null }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.dental.updateProcedureType.mutate({ id: entry.id, name: "X", price: "1", scope: "tooth", resultStatus: null, isActive: true }))).code).toBe("FORBIDDEN");
    const admin = await t.client("acme", "admin");
    expect((await errorOf(admin.dental.createProcedureType.mutate({ code: "C1", name: "X", price: "1", scope: "tooth", resultStatus: null }))).code).toBe("FORBIDDEN");
  });
});

describe("dental settings", () => {
  it("defaults until saved; saving the rights takes effect at once (the cashier gains 'clinical'); the owner keeps every right", async () => {
    const owner = await t.client("acme", "owner");
    const defaults = await owner.dental.getSettings.query();
    expect(defaults.chartNotation).toBe("fdi");
    expect(defaults.roleRights.cashier).toEqual(["access", "patients", "billing"]);
    const cashier = await t.client("acme", "cashier");
    expect((await cashier.dental.getMyRights.query()).rights).toEqual(["access", "patients", "billing"]);
    const saved = await owner.dental.updateSettings.mutate({ roleRights: { admin: ["settings", "reports"], cashier: ["clinical", "billing", "patients", "clinical"] }, chartNotation: "universal" });
    expect(saved).toEqual({ roleRights: { admin: ["access", "reports", "settings"], cashier: ["access", "patients", "clinical", "billing"] }, chartNotation: "universal" });
    expect((await cashier.dental.getMyRights.query()).rights).toEqual(["access", "patients", "clinical", "billing"]);
    expect(await cashier.dental.getSettings.query()).toEqual(saved);
    expect((await owner.dental.getMyRights.query()).rights).toHaveLength(10);
    // The admin now holds 'settings' and may change the catalogue; a role with no rights has none.
    const admin = await t.client("acme", "admin");
    await admin.dental.createProcedureType.mutate({ code: "SELL", name: "Sellante", price: "1200", scope: "tooth", resultStatus: null });
    await owner.dental.updateSettings.mutate({ roleRights: { admin: ["access", "settings"], cashier: [] }, chartNotation: "palmer" });
    expect((await errorOf(cashier.dental.getMyRights.query())).code).toBe("FORBIDDEN");
    expect((await owner.dental.getSettings.query()).chartNotation).toBe("palmer");
    await owner.dental.updateSettings.mutate({ roleRights: { admin: ["access", "settings"], cashier: ["access", "patients", "billing"] }, chartNotation: "fdi" });
  });

  it("each tenant has its own settings; the cashier may not save them; bad input is a 400", async () => {
    const outsider = await t.client("other", "owner");
    await outsider.dental.updateSettings.mutate({ roleRights: { admin: [], cashier: ["access", "reports"] }, chartNotation: "palmer" });
    const owner = await t.client("acme", "owner");
    expect((await owner.dental.getSettings.query()).chartNotation).toBe("fdi");
    expect((await owner.dental.getSettings.query()).roleRights.cashier).toEqual(["access", "patients", "billing"]);
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.dental.updateSettings.mutate({ roleRights: { admin: [], cashier: ["settings"] }, chartNotation: "fdi" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(owner.dental.updateSettings.mutate({ roleRights: { admin: ["root" as never], cashier: [] }, chartNotation: "fdi" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.dental.updateSettings.mutate({ roleRights: { admin: [], cashier: [] }, chartNotation: "maya" as never }))).code).toBe("BAD_REQUEST");
  });
});
