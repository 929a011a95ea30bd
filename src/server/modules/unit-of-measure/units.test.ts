import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STANDARD_UNITS } from "../../../shared/catalog/units";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("unitOfMeasure.*", () => {
  it("a new tenant has no units", async () => {
    const cashier = await t.client("acme", "cashier");
    expect(await cashier.unitOfMeasure.getAll.query()).toEqual([]);
  });

  it("seedUnits needs settings.catalogs: a cashier is FORBIDDEN, anonymous UNAUTHORIZED", async () => {
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.unitOfMeasure.seedUnits.mutate())).code).toBe("FORBIDDEN");
    const anon = await t.client("acme");
    expect((await errorOf(anon.unitOfMeasure.seedUnits.mutate())).code).toBe("UNAUTHORIZED");
    expect((await errorOf(anon.unitOfMeasure.getAll.query())).code).toBe("UNAUTHORIZED");
  });

  it("seedUnits loads the standard set once, with a translated message; again it adds nothing", async () => {
    const owner = await t.client("acme", "owner");
    expect(await owner.unitOfMeasure.seedUnits.mutate()).toEqual({ message: "Se cargaron 18 unidades", created: 18 });
    expect(await owner.unitOfMeasure.seedUnits.mutate()).toEqual({ message: "Las unidades ya estaban cargadas", created: 0 });
    const cookie = await t.signIn("acme", "admin");
    const res = await t.request("acme.localhost", { method: "POST", url: "/api/trpc/unitOfMeasure.seedUnits", cookie, headers: { "x-locale": "en" }, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.result.data.json).toEqual({ message: "The units were already loaded", created: 0 });
  });

  it("getAll: every signed-in user reads the units, grouped by dimension, smallest first", async () => {
    const cashier = await t.client("acme", "cashier");
    const units = await cashier.unitOfMeasure.getAll.query();
    expect(units).toHaveLength(STANDARD_UNITS.length);
    expect(units.map((u) => u.code)).toEqual(["mg", "g", "oz", "lb", "kg", "ml", "tsp", "tbsp", "fl_oz", "cup", "l", "gal", "unit", "dozen", "portion", "cm", "in", "m"]);
    expect(units.find((u) => u.code === "kg")).toEqual({ id: expect.any(String), code: "kg", name: "Kilogramo", symbol: "kg", dimension: "mass", factor: "1000" });
    expect(units.find((u) => u.code === "gal")?.factor).toBe("3785.411784");
    expect(units.find((u) => u.code === "tsp")?.factor).toBe("4.92892159375");
  });

  it("the other tenant's units are its own", async () => {
    const outsider = await t.client("other", "owner");
    expect(await outsider.unitOfMeasure.getAll.query()).toEqual([]);
    expect((await outsider.unitOfMeasure.seedUnits.mutate()).created).toBe(18);
    const theirs = await outsider.unitOfMeasure.getAll.query();
    const owner = await t.client("acme", "owner");
    const mine = await owner.unitOfMeasure.getAll.query();
    expect(theirs.map((u) => u.id).filter((id) => mine.some((m) => m.id === id))).toEqual([]);
  });

  it("convert: exact decimal values between units of one dimension", async () => {
    const cashier = await t.client("acme", "cashier");
    const units = await cashier.unitOfMeasure.getAll.query();
    const id = (code: string) => units.find((u) => u.code === code)!.id;
    const kgToG = await cashier.unitOfMeasure.convert.query({ value: 1, fromUnitId: id("kg"), toUnitId: id("g") });
    expect(kgToG).toEqual({ value: "1000", toUnit: { id: id("g"), code: "g", name: "Gramo", symbol: "g", dimension: "mass", factor: "1" } });
    expect((await cashier.unitOfMeasure.convert.query({ value: 2, fromUnitId: id("lb"), toUnitId: id("kg") })).value).toBe("0.90718474");
    expect((await cashier.unitOfMeasure.convert.query({ value: "1", fromUnitId: id("gal"), toUnitId: id("ml") })).value).toBe("3785.411784");
    expect((await cashier.unitOfMeasure.convert.query({ value: "0.5", fromUnitId: id("dozen"), toUnitId: id("unit") })).value).toBe("6");
    expect((await cashier.unitOfMeasure.convert.query({ value: 3, fromUnitId: id("tsp"), toUnitId: id("tbsp") })).value).toBe("1");
    // Exact even where the stored factor (10 decimals) is rounded: 1 gal = 768 tsp.
    expect((await cashier.unitOfMeasure.convert.query({ value: 1, fromUnitId: id("gal"), toUnitId: id("tsp") })).value).toBe("768");
    expect((await cashier.unitOfMeasure.convert.query({ value: 1, fromUnitId: id("tbsp"), toUnitId: id("ml") })).value).toBe("14.7867647813");
  });

  it("convert across dimensions is BAD_REQUEST 'No existe conversión entre X y Y', in the user's language", async () => {
    const owner = await t.client("acme", "owner");
    const units = await owner.unitOfMeasure.getAll.query();
    const id = (code: string) => units.find((u) => u.code === code)!.id;
    expect(await errorOf(owner.unitOfMeasure.convert.query({ value: 1, fromUnitId: id("kg"), toUnitId: id("ml") }))).toEqual({
      code: "BAD_REQUEST",
      message: "No existe conversión entre Kilogramo y Mililitro",
    });
    expect((await errorOf(owner.unitOfMeasure.convert.query({ value: 1, fromUnitId: id("portion"), toUnitId: id("unit") }))).message).toBe(
      "No existe conversión entre Porción y Unidad",
    );
    const cookie = await t.signIn("acme", "owner");
    const input = encodeURIComponent(JSON.stringify({ json: { value: 1, fromUnitId: id("kg"), toUnitId: id("ml") } }));
    const res = await t.request("acme.localhost", { url: `/api/trpc/unitOfMeasure.convert?input=${input}`, cookie, headers: { "x-locale": "en" } });
    expect(res.status).toBe(400);
    expect(res.body.error.json.message).toBe("No conversion exists between Kilogram and Milliliter");
  });

  it("convert: bad input is BAD_REQUEST with the field; unknown and foreign unit ids are NOT_FOUND", async () => {
    const owner = await t.client("acme", "owner");
    const units = await owner.unitOfMeasure.getAll.query();
    const kg = units.find((u) => u.code === "kg")!.id;
    const g = units.find((u) => u.code === "g")!.id;
    expect(await errorOf(owner.unitOfMeasure.convert.query({ value: "abc", fromUnitId: kg, toUnitId: g }))).toEqual({
      code: "BAD_REQUEST",
      message: "value: Debe ser un número válido",
    });
    expect((await errorOf(owner.unitOfMeasure.convert.query({ value: 1, fromUnitId: "x", toUnitId: g }))).message).toBe("fromUnitId: Identificador inválido");
    const outsider = await t.client("other", "owner");
    const theirKg = (await outsider.unitOfMeasure.getAll.query()).find((u) => u.code === "kg")!.id;
    expect((await errorOf(owner.unitOfMeasure.convert.query({ value: 1, fromUnitId: theirKg, toUnitId: g }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.unitOfMeasure.convert.query({ value: 1, fromUnitId: kg, toUnitId: theirKg }))).code).toBe("NOT_FOUND");
  });
});
