import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function defaults(client: Client) {
  return (await client.warehouse.getAllForSettings.query()).filter((w) => w.isDefault).map((w) => w.code);
}

describe("warehouse.*", () => {
  it("getAll keeps its shape: active warehouses in order, for any signed-in user", async () => {
    const cashier = await t.client("acme", "cashier");
    const list = await cashier.warehouse.getAll.query();
    expect(list).toEqual([{ id: expect.any(String), code: "PRIN", name: "Principal", order: 0, isDefault: true, isActive: true }]);
  });

  it("create: a second warehouse; getAllForSettings lists inactive ones too", async () => {
    const owner = await t.client("acme", "owner");
    const created = await owner.warehouse.create.mutate({ code: " alm2 ", name: " Almacén Santiago ", order: 2, isActive: true, isDefault: false });
    expect(created).toMatchObject({ code: "ALM2", name: "Almacén Santiago", order: 2, isActive: true, isDefault: false });
    const off = await owner.warehouse.create.mutate({ code: "VIEJO", name: "Depósito viejo", order: 9, isActive: false, isDefault: false });
    expect(off.isActive).toBe(false);
    expect((await owner.warehouse.getAll.query()).map((w) => w.code)).toEqual(["PRIN", "ALM2"]);
    expect((await owner.warehouse.getAllForSettings.query()).map((w) => w.code)).toEqual(["PRIN", "ALM2", "VIEJO"]);
    // Defaults of the input: active, not default.
    const plain = await owner.warehouse.create.mutate({ code: "ALM3", name: "Almacén 3", order: 3 });
    expect(plain).toMatchObject({ isActive: true, isDefault: false });
  });

  it("exactly one default: a new default clears the others in the same call", async () => {
    const owner = await t.client("acme", "owner");
    const bodega = await owner.warehouse.create.mutate({ code: "BOD", name: "Bodega", order: 1, isActive: true, isDefault: true });
    expect(bodega.isDefault).toBe(true);
    expect(await defaults(owner)).toEqual(["BOD"]);
    const principal = (await owner.warehouse.getAllForSettings.query()).find((w) => w.code === "PRIN")!;
    const back = await owner.warehouse.update.mutate({ id: principal.id, isDefault: true });
    expect(back.isDefault).toBe(true);
    expect(await defaults(owner)).toEqual(["PRIN"]);
  });

  it("the default cannot be deactivated nor simply un-defaulted; a new default may not be inactive", async () => {
    const owner = await t.client("acme", "owner");
    const principal = (await owner.warehouse.getAllForSettings.query()).find((w) => w.code === "PRIN")!;
    expect(await errorOf(owner.warehouse.update.mutate({ id: principal.id, isActive: false }))).toEqual({
      code: "BAD_REQUEST",
      message: "El almacén predeterminado no se puede desactivar",
    });
    expect(await errorOf(owner.warehouse.update.mutate({ id: principal.id, isDefault: false }))).toEqual({
      code: "BAD_REQUEST",
      message: "Debe haber un almacén predeterminado: marque otro almacén como predeterminado",
    });
    expect((await errorOf(owner.warehouse.create.mutate({ code: "X1", name: "X", order: 1, isActive: false, isDefault: true }))).message).toBe(
      "El almacén predeterminado no se puede desactivar",
    );
    const viejo = (await owner.warehouse.getAllForSettings.query()).find((w) => w.code === "VIEJO")!;
    expect((await errorOf(owner.warehouse.update.mutate({ id: viejo.id, isDefault: true }))).code).toBe("BAD_REQUEST");
    // Nothing changed by the refused calls (each runs in one transaction).
    expect(await defaults(owner)).toEqual(["PRIN"]);
    expect((await owner.warehouse.getAllForSettings.query()).find((w) => w.code === "PRIN")?.isActive).toBe(true);
    // Reactivating and defaulting in one call works, and clears the old default.
    const now = await owner.warehouse.update.mutate({ id: viejo.id, isActive: true, isDefault: true });
    expect(now).toMatchObject({ isActive: true, isDefault: true });
    expect(await defaults(owner)).toEqual(["VIEJO"]);
    // The former default may now be deactivated.
    expect((await owner.warehouse.update.mutate({ id: principal.id, isActive: false })).isActive).toBe(false);
    await owner.warehouse.update.mutate({ id: principal.id, isActive: true, isDefault: true });
    expect(await defaults(owner)).toEqual(["PRIN"]);
  });

  it("update: code, name and order", async () => {
    const owner = await t.client("acme", "owner");
    const w = (await owner.warehouse.getAllForSettings.query()).find((x) => x.code === "ALM3")!;
    const updated = await owner.warehouse.update.mutate({ id: w.id, code: "alm-3", name: "Almacén La Vega", order: 999 });
    expect(updated).toMatchObject({ code: "ALM-3", name: "Almacén La Vega", order: 999 });
    expect((await owner.warehouse.update.mutate({ id: w.id, code: "ALM-3", order: 0 })).order).toBe(0);
  });

  it("validation messages of the spec (code, name, order)", async () => {
    const owner = await t.client("acme", "owner");
    const empty = await errorOf(owner.warehouse.create.mutate({ code: "", name: "", order: 1 }));
    expect(empty).toEqual({ code: "BAD_REQUEST", message: "code: El código es requerido; name: El nombre es requerido" });
    const long = await errorOf(owner.warehouse.create.mutate({ code: "C".repeat(51), name: "N".repeat(101), order: 1 }));
    expect(long.message).toBe("code: El código debe tener como máximo 50 caracteres; name: El nombre debe tener como máximo 100 caracteres");
    expect((await owner.warehouse.create.mutate({ code: "C".repeat(50), name: "N".repeat(100), order: 1 })).code).toHaveLength(50);
    expect((await errorOf(owner.warehouse.create.mutate({ code: "O1", name: "O", order: 1000 }))).message).toBe("order: El orden debe ser un número entre 0 y 999");
    expect((await errorOf(owner.warehouse.create.mutate({ code: "O1", name: "O", order: -1 }))).message).toBe("order: El orden debe ser un número entre 0 y 999");
    expect((await errorOf(owner.warehouse.create.mutate({ code: "O1", name: "O", order: 1.5 }))).message).toBe("order: El orden debe ser un número entre 0 y 999");
    expect((await errorOf(owner.warehouse.create.mutate({ code: "O1", name: "O" } as never))).message).toBe("order: El orden es requerido");
    expect((await errorOf(owner.warehouse.create.mutate({ code: "O1", name: "O", order: "5" as never }))).message).toBe("order: El orden es requerido");
  });

  it("the code is unique per tenant -> CONFLICT; another tenant may reuse it", async () => {
    const owner = await t.client("acme", "owner");
    expect(await errorOf(owner.warehouse.create.mutate({ code: "prin", name: "Otro principal", order: 1 }))).toEqual({
      code: "CONFLICT",
      message: "Ya existe un almacén con el código PRIN",
    });
    const w = (await owner.warehouse.getAllForSettings.query()).find((x) => x.code === "ALM2")!;
    expect((await errorOf(owner.warehouse.update.mutate({ id: w.id, code: "BOD" }))).code).toBe("CONFLICT");
    const outsider = await t.client("other", "owner");
    expect((await outsider.warehouse.create.mutate({ code: "ALM2", name: "Su almacén 2", order: 1 })).code).toBe("ALM2");
  });

  it("a tenant's default is independent of another tenant's", async () => {
    const outsider = await t.client("other", "owner");
    await outsider.warehouse.create.mutate({ code: "NUEVO", name: "Nuevo", order: 1, isDefault: true });
    expect(await defaults(outsider)).toEqual(["NUEVO"]);
    const owner = await t.client("acme", "owner");
    expect(await defaults(owner)).toEqual(["PRIN"]);
  });

  it("another tenant's warehouse is NOT_FOUND and never listed", async () => {
    const owner = await t.client("acme", "owner");
    const outsider = await t.client("other", "owner");
    const theirs = (await outsider.warehouse.getAllForSettings.query())[0]!;
    expect((await owner.warehouse.getAllForSettings.query()).some((w) => w.id === theirs.id)).toBe(false);
    expect((await errorOf(owner.warehouse.update.mutate({ id: theirs.id, name: "Hackeado" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.warehouse.update.mutate({ id: theirs.id, isDefault: true }))).code).toBe("NOT_FOUND");
    expect((await outsider.warehouse.getAllForSettings.query()).find((w) => w.id === theirs.id)?.name).toBe(theirs.name);
  });

  it("a cashier may read warehouses but not manage them; anonymous is UNAUTHORIZED", async () => {
    const cashier = await t.client("acme", "cashier");
    const id = (await cashier.warehouse.getAll.query())[0]!.id;
    expect((await errorOf(cashier.warehouse.getAllForSettings.query())).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.warehouse.create.mutate({ code: "CJ", name: "Caja", order: 1 }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.warehouse.update.mutate({ id, name: "Caja" }))).code).toBe("FORBIDDEN");
    const anon = await t.client("acme");
    expect((await errorOf(anon.warehouse.getAllForSettings.query())).code).toBe("UNAUTHORIZED");
    expect((await errorOf(anon.warehouse.create.mutate({ code: "CJ", name: "Caja", order: 1 }))).code).toBe("UNAUTHORIZED");
  });

  it("an admin manages warehouses", async () => {
    const admin = await t.client("acme", "admin");
    const w = await admin.warehouse.create.mutate({ code: "ADM", name: "Admin", order: 5 });
    expect((await admin.warehouse.update.mutate({ id: w.id, name: "Almacén admin" })).name).toBe("Almacén admin");
  });

  it("concurrent 'make default' calls still leave exactly one default", async () => {
    const owner = await t.client("acme", "owner");
    const list = await owner.warehouse.getAllForSettings.query();
    const active = list.filter((w) => w.isActive).slice(0, 4);
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        ...active.map((w) => owner.warehouse.update.mutate({ id: w.id, isDefault: true })),
        owner.warehouse.create.mutate({ code: `RACE${round}`, name: `Carrera ${round}`, order: 50, isDefault: true }),
      ]);
      expect(await defaults(owner)).toHaveLength(1);
    }
    const principal = list.find((w) => w.code === "PRIN")!;
    await owner.warehouse.update.mutate({ id: principal.id, isDefault: true });
  });
});
