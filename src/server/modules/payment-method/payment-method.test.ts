import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
});
afterAll(() => t.close());

async function byCode(code: string, client: Client = owner) {
  return (await client.paymentMethod.getAllForSettings.query()).find((m) => m.code === code)!;
}

describe("paymentMethod.getAllForSettings / getAll", () => {
  it("lists every method with its flags; the POS list keeps its shape", async () => {
    const all = await owner.paymentMethod.getAllForSettings.query();
    expect(all.map((m) => m.code)).toEqual(["CASH", "CARD", "TRANSFER", "CHECK", "CREDIT", "CREDIT_NOTE", "GIFT_VOUCHER", "POINTS"]);
    expect(all[0]).toMatchObject({ name: "Efectivo", order: 0, isDefault: true, useCurrencies: true, useCardProvider: false, availableForAppointments: true, isActive: true, isSystem: true });
    expect(all[1]).toMatchObject({ code: "CARD", useCardProvider: true, isDefault: false });
    const pos = await cashier.paymentMethod.getAll.query();
    expect(pos[0]).toEqual({ id: all[0]!.id, code: "CASH", name: "Efectivo", order: 0, isDefault: true, useCurrencies: true, useCardProvider: false, cardProviderId: null, availableForAppointments: true, availableForOnlineStore: false });
  });
});

describe("paymentMethod.create / update", () => {
  it("creates a tenant's own method; codes are upper-cased and unique (BAD_REQUEST)", async () => {
    const created = await owner.paymentMethod.create.mutate({ code: " azul ", name: "Azul (link de pago)", order: 10, useCardProvider: true, availableForOnlineStore: true });
    expect(created).toMatchObject({
      code: "AZUL",
      name: "Azul (link de pago)",
      order: 10,
      isDefault: false,
      useCurrencies: false,
      useCardProvider: true,
      availableForAppointments: true,
      availableForOnlineStore: true,
      isActive: true,
      isSystem: false,
    });
    expect(await errorOf(owner.paymentMethod.create.mutate({ code: "azul", name: "Otro", order: 11 }))).toEqual({
      code: "BAD_REQUEST",
      message: "Ya existe un método de pago con el código AZUL",
    });
    expect((await errorOf(owner.paymentMethod.create.mutate({ code: "cash", name: "Efectivo 2", order: 11 }))).message).toBe("Ya existe un método de pago con el código CASH");
    // the POS sees it at once, in its order
    expect((await cashier.paymentMethod.getAll.query()).map((m) => m.code)).toEqual(["CASH", "CARD", "TRANSFER", "CHECK", "CREDIT", "CREDIT_NOTE", "GIFT_VOUCHER", "POINTS", "AZUL"]);
    // another tenant may use the code
    expect((await outsider.paymentMethod.create.mutate({ code: "AZUL", name: "Azul", order: 1 })).code).toBe("AZUL");
  });

  it("validates code, name and order (spec limits) with BAD_REQUEST and the field", async () => {
    const base = { code: "PAYPAL", name: "PayPal", order: 20 };
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "" }, "code: El código es requerido"],
      [{ code: "X".repeat(51) }, "code: El código debe tener como máximo 50 caracteres"],
      [{ name: "  " }, "name: El nombre es requerido"],
      [{ name: "n".repeat(101) }, "name: El nombre debe tener como máximo 100 caracteres"],
      [{ order: 1000 }, "order: El orden debe ser un número entre 0 y 999"],
      [{ order: -1 }, "order: El orden debe ser un número entre 0 y 999"],
      [{ order: 1.5 }, "order: El orden debe ser un número entre 0 y 999"],
      [{ order: undefined }, "order: El orden es requerido"],
    ];
    for (const [patch, message] of cases) {
      expect(await errorOf(owner.paymentMethod.create.mutate({ ...base, ...patch } as never))).toEqual({ code: "BAD_REQUEST", message });
    }
    expect((await owner.paymentMethod.create.mutate({ ...base, code: "X".repeat(50), name: "n".repeat(100), order: 999 })).order).toBe(999);
  });

  it("system methods keep their code; cash cannot be deactivated; others can", async () => {
    const card = await byCode("CARD");
    expect(await errorOf(owner.paymentMethod.update.mutate({ id: card.id, code: "TARJETA" }))).toEqual({
      code: "BAD_REQUEST",
      message: "CARD es un método del sistema: su código no se puede cambiar",
    });
    // name, order and flags may change; the same code is accepted
    expect(await owner.paymentMethod.update.mutate({ id: card.id, code: "card", name: "Tarjeta de crédito/débito", order: 1, availableForOnlineStore: true })).toMatchObject({
      code: "CARD",
      name: "Tarjeta de crédito/débito",
      availableForOnlineStore: true,
    });
    const cash = await byCode("CASH");
    expect(await errorOf(owner.paymentMethod.update.mutate({ id: cash.id, isActive: false }))).toEqual({ code: "BAD_REQUEST", message: "El efectivo no se puede desactivar" });
    const check = await byCode("CHECK");
    expect((await owner.paymentMethod.update.mutate({ id: check.id, isActive: false })).isActive).toBe(false);
    expect((await cashier.paymentMethod.getAll.query()).map((m) => m.code)).not.toContain("CHECK");
    expect((await owner.paymentMethod.getAllForSettings.query()).map((m) => m.code)).toContain("CHECK");
    // a tenant's own method may be renamed (to a free code)
    const azul = await byCode("AZUL");
    expect((await owner.paymentMethod.update.mutate({ id: azul.id, code: "AZUL-LINK" })).code).toBe("AZUL-LINK");
    expect((await errorOf(owner.paymentMethod.update.mutate({ id: azul.id, code: "TRANSFER" }))).message).toBe("Ya existe un método de pago con el código TRANSFER");
  });

  it("exactly one default, changed in one call; the default stays active", async () => {
    const transfer = await byCode("TRANSFER");
    await owner.paymentMethod.update.mutate({ id: transfer.id, isDefault: true });
    expect((await owner.paymentMethod.getAllForSettings.query()).filter((m) => m.isDefault).map((m) => m.code)).toEqual(["TRANSFER"]);
    expect(await errorOf(owner.paymentMethod.update.mutate({ id: transfer.id, isActive: false }))).toEqual({
      code: "BAD_REQUEST",
      message: "El método de pago predeterminado no se puede desactivar",
    });
    expect(await errorOf(owner.paymentMethod.update.mutate({ id: transfer.id, isDefault: false }))).toEqual({
      code: "BAD_REQUEST",
      message: "Debe haber un método de pago predeterminado: marque otro como predeterminado",
    });
    const created = await owner.paymentMethod.create.mutate({ code: "YAPE", name: "Yape", order: 30, isDefault: true });
    expect(created.isDefault).toBe(true);
    expect((await owner.paymentMethod.getAllForSettings.query()).filter((m) => m.isDefault).map((m) => m.code)).toEqual(["YAPE"]);
    await owner.paymentMethod.update.mutate({ id: (await byCode("CASH")).id, isDefault: true });
    expect((await owner.paymentMethod.getAllForSettings.query()).filter((m) => m.isDefault).map((m) => m.code)).toEqual(["CASH"]);
  });
});

describe("permissions and tenants", () => {
  it("a cashier without settings.fiscal is FORBIDDEN from the settings", async () => {
    const cash = await byCode("CASH");
    expect((await errorOf(cashier.paymentMethod.getAllForSettings.query())).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.paymentMethod.create.mutate({ code: "X1", name: "X", order: 1 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.paymentMethod.update.mutate({ id: cash.id, name: "Cash" }))).code).toBe("FORBIDDEN");
  });

  it("another tenant's method is not found", async () => {
    const cash = await byCode("CASH");
    expect((await errorOf(outsider.paymentMethod.update.mutate({ id: cash.id, name: "Mío" }))).code).toBe("NOT_FOUND");
    expect((await outsider.paymentMethod.getAllForSettings.query()).map((m) => m.id)).not.toContain(cash.id);
    expect((await errorOf(owner.paymentMethod.update.mutate({ id: "nope", name: "x" }))).code).toBe("BAD_REQUEST");
  });
});
