import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
let owner: Client;
let admin: Client;
let cashier: Client;
let outsider: Client;

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  admin = await t.client("acme", "admin");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
});
afterAll(() => t.close());

async function ncfTypeId(code: string, client: Client = owner) {
  return (await client.ncf.getAllTypes.query()).find((n) => n.code === code)!.id;
}

describe("invoiceCondition.*", () => {
  const condition = async (code: string) => (await owner.invoiceCondition.getAllForSettings.query()).find((c) => c.code === code)!;

  it("getAll lists the active conditions in their order (pickers, any signed-in user)", async () => {
    const list = await cashier.invoiceCondition.getAll.query();
    expect(list.map((c) => [c.code, c.name, c.days, c.isDefault])).toEqual([
      ["CONTADO", "Contado", 0, true],
      ["CR15", "Crédito 15 días", 15, false],
      ["CR30", "Crédito 30 días", 30, false],
      ["CR45", "Crédito 45 días", 45, false],
    ]);
  });

  it("create / update with validation; codes unique per tenant (BAD_REQUEST)", async () => {
    const cr60 = await admin.invoiceCondition.create.mutate({ code: "cr60", name: "Crédito 60 días", days: 60, order: 4 });
    expect(cr60).toMatchObject({ code: "CR60", name: "Crédito 60 días", days: 60, order: 4, isDefault: false, isActive: true });
    expect(await errorOf(owner.invoiceCondition.create.mutate({ code: "CR60", name: "Otra", days: 60, order: 5 }))).toEqual({
      code: "BAD_REQUEST",
      message: "Ya existe una condición de factura con el código CR60",
    });
    const base = { code: "CR90", name: "Crédito 90 días", days: 90, order: 6 };
    const cases: [Record<string, unknown>, string][] = [
      [{ days: 366 }, "days: Los días deben ser un número entero entre 0 y 365"],
      [{ days: -1 }, "days: Los días deben ser un número entero entre 0 y 365"],
      [{ days: 2.5 }, "days: Los días deben ser un número entero entre 0 y 365"],
      [{ code: "" }, "code: El código es requerido"],
      [{ name: "" }, "name: El nombre es requerido"],
      [{ order: 1000 }, "order: El orden debe ser un número entre 0 y 999"],
    ];
    for (const [patch, message] of cases) {
      expect(await errorOf(owner.invoiceCondition.create.mutate({ ...base, ...patch } as never))).toEqual({ code: "BAD_REQUEST", message });
    }
    expect(await owner.invoiceCondition.update.mutate({ id: cr60.id, name: "Crédito 60", days: 365 })).toMatchObject({ code: "CR60", name: "Crédito 60", days: 365 });
    expect((await errorOf(owner.invoiceCondition.update.mutate({ id: cr60.id, code: "cr30" }))).message).toBe("Ya existe una condición de factura con el código CR30");
    await owner.invoiceCondition.update.mutate({ id: cr60.id, isActive: false });
    expect((await cashier.invoiceCondition.getAll.query()).map((c) => c.code)).not.toContain("CR60");
    expect((await owner.invoiceCondition.getAllForSettings.query()).map((c) => [c.code, c.isActive])).toContainEqual(["CR60", false]);
  });

  it("exactly one default; the default cannot be deactivated or unset", async () => {
    const contado = await condition("CONTADO");
    expect(await errorOf(owner.invoiceCondition.update.mutate({ id: contado.id, isActive: false }))).toEqual({
      code: "BAD_REQUEST",
      message: "La condición predeterminada no se puede desactivar",
    });
    expect((await errorOf(owner.invoiceCondition.update.mutate({ id: contado.id, isDefault: false }))).message).toBe(
      "Debe haber una condición predeterminada: marque otra como predeterminada",
    );
    const cr30 = await condition("CR30");
    await owner.invoiceCondition.update.mutate({ id: cr30.id, isDefault: true });
    expect((await owner.invoiceCondition.getAllForSettings.query()).filter((c) => c.isDefault).map((c) => c.code)).toEqual(["CR30"]);
    const created = await owner.invoiceCondition.create.mutate({ code: "CR7", name: "Crédito 7 días", days: 7, order: 1, isDefault: true });
    expect((await owner.invoiceCondition.getAllForSettings.query()).filter((c) => c.isDefault).map((c) => c.id)).toEqual([created.id]);
    await owner.invoiceCondition.update.mutate({ id: contado.id, isDefault: true });
    expect((await owner.invoiceCondition.getAllForSettings.query()).filter((c) => c.isDefault).map((c) => c.code)).toEqual(["CONTADO"]);
  });

  it("permissions and tenants", async () => {
    const contado = await condition("CONTADO");
    expect((await errorOf(cashier.invoiceCondition.getAllForSettings.query())).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.invoiceCondition.create.mutate({ code: "X", name: "X", days: 1, order: 1 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.invoiceCondition.update.mutate({ id: contado.id, name: "X" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(outsider.invoiceCondition.update.mutate({ id: contado.id, name: "Mía" }))).code).toBe("NOT_FOUND");
    expect((await outsider.invoiceCondition.getAll.query()).map((c) => c.id)).not.toContain(contado.id);
    // the same code in another tenant is fine
    expect((await outsider.invoiceCondition.create.mutate({ code: "CR60", name: "Crédito 60 días", days: 60, order: 4 })).code).toBe("CR60");
  });
});

describe("invoiceType.*", () => {
  const type = async (code: string) => (await owner.invoiceType.getAllForSettings.query()).find((c) => c.code === code)!;

  it("getAll lists the active types with their NCF type", async () => {
    const list = await cashier.invoiceType.getAll.query();
    expect(list.map((x) => [x.code, x.ncfTypeCode, x.isDefault])).toEqual([
      ["CONSUMO", "B02", true],
      ["CREDITO_FISCAL", "B01", false],
      ["GUBERNAMENTAL", "B15", false],
      ["REGIMEN_ESPECIAL", "B14", false],
      ["EXPORTACION", "B16", false],
    ]);
    expect(list[0]).toMatchObject({ name: "Consumidor final", ncfTypeDescription: "Factura de Consumo" });
  });

  it("create / update: the NCF type must be the tenant's (NOT_FOUND), or none", async () => {
    const b13 = await ncfTypeId("B13");
    const created = await owner.invoiceType.create.mutate({ code: "gastos_menores", name: "Gastos menores", ncfTypeId: b13 });
    expect(created).toMatchObject({ code: "GASTOS_MENORES", ncfTypeId: b13, ncfTypeCode: "B13", order: 5, isDefault: false, isActive: true });
    const foreign = await ncfTypeId("B01", outsider);
    expect(await errorOf(owner.invoiceType.create.mutate({ code: "X", name: "X", ncfTypeId: foreign }))).toEqual({ code: "NOT_FOUND", message: "Tipo de comprobante (NCF) no encontrado" });
    expect((await errorOf(owner.invoiceType.update.mutate({ id: created.id, ncfTypeId: foreign }))).code).toBe("NOT_FOUND");
    expect(await errorOf(owner.invoiceType.create.mutate({ code: "X", name: "X", ncfTypeId: "B01" }))).toEqual({ code: "BAD_REQUEST", message: "ncfTypeId: Tipo de comprobante inválido" });
    expect(await errorOf(owner.invoiceType.create.mutate({ code: "consumo", name: "X", ncfTypeId: null }))).toEqual({
      code: "BAD_REQUEST",
      message: "Ya existe un tipo de factura con el código CONSUMO",
    });
    expect((await errorOf(owner.invoiceType.create.mutate({ code: "", name: "X", ncfTypeId: null }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.invoiceType.create.mutate({ code: "Y", name: "Y", ncfTypeId: null, order: 1000 }))).code).toBe("BAD_REQUEST");

    const b11 = await ncfTypeId("B11");
    expect(await owner.invoiceType.update.mutate({ id: created.id, name: "Compras y gastos", ncfTypeId: b11, order: 9 })).toMatchObject({ name: "Compras y gastos", ncfTypeCode: "B11", order: 9 });
    expect(await owner.invoiceType.update.mutate({ id: created.id, ncfTypeId: "" })).toMatchObject({ ncfTypeId: null, ncfTypeCode: null });
    await owner.invoiceType.update.mutate({ id: created.id, isActive: false });
    expect((await cashier.invoiceType.getAll.query()).map((x) => x.code)).not.toContain("GASTOS_MENORES");
  });

  it("exactly one default; the default cannot be deactivated", async () => {
    const consumo = await type("CONSUMO");
    expect((await errorOf(owner.invoiceType.update.mutate({ id: consumo.id, isActive: false }))).message).toBe("El tipo de factura predeterminado no se puede desactivar");
    expect((await errorOf(owner.invoiceType.update.mutate({ id: consumo.id, isDefault: false }))).code).toBe("BAD_REQUEST");
    const fiscal = await type("CREDITO_FISCAL");
    await owner.invoiceType.update.mutate({ id: fiscal.id, isDefault: true });
    expect((await owner.invoiceType.getAllForSettings.query()).filter((x) => x.isDefault).map((x) => x.code)).toEqual(["CREDITO_FISCAL"]);
    await owner.invoiceType.update.mutate({ id: consumo.id, isDefault: true });
    expect((await owner.invoiceType.getAllForSettings.query()).filter((x) => x.isDefault).map((x) => x.code)).toEqual(["CONSUMO"]);
  });

  it("permissions and tenants", async () => {
    const consumo = await type("CONSUMO");
    expect((await errorOf(cashier.invoiceType.getAllForSettings.query())).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.invoiceType.create.mutate({ code: "X", name: "X", ncfTypeId: null }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.invoiceType.update.mutate({ id: consumo.id, name: "X" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(outsider.invoiceType.update.mutate({ id: consumo.id, name: "Mío" }))).code).toBe("NOT_FOUND");
    expect((await outsider.invoiceType.getAllForSettings.query()).map((x) => x.id)).not.toContain(consumo.id);
  });
});
