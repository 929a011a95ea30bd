import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";
import { products } from "../product/tables";
import { unitsOfMeasure } from "../unit-of-measure/tables";
import { recipeIngredients, recipes } from "./tables";

let t: TestContext;
let owner: Client;
/** Units of acme by code, and one unit of the other tenant. */
const unit: Record<string, string> = {};
let otherGram: string;
/** Products of acme. */
let pan: string;
let harina: string;
let leche: string;
let sal: string;
let huevos: string;
let otherIngredient: string;

const UNITS = [
  { code: "g", name: "Gramo", symbol: "g", dimension: "mass", factor: "1" },
  { code: "kg", name: "Kilogramo", symbol: "kg", dimension: "mass", factor: "1000" },
  { code: "lb", name: "Libra", symbol: "lb", dimension: "mass", factor: "453.59237" },
  { code: "ml", name: "Mililitro", symbol: "ml", dimension: "volume", factor: "1" },
  { code: "gal", name: "Galón", symbol: "gal", dimension: "volume", factor: "3785.411784" },
  { code: "unit", name: "Unidad", symbol: "u", dimension: "count", factor: "1" },
];

async function insertUnits(tenantId: string) {
  const ids: Record<string, string> = {};
  await withTenant(t.db, tenantId, async (tx) => {
    for (const u of UNITS) {
      ids[u.code] = newId();
      await tx.insert(unitsOfMeasure).values({ tenantId, id: ids[u.code]!, ...u });
    }
  });
  return ids;
}

const prices = { price: "100", price2: "0", price3: "0" };

beforeAll(async () => {
  t = await createTestContext();
  Object.assign(unit, await insertUnits(t.acme.tenant.id));
  otherGram = (await insertUnits(t.other.tenant.id)).g!;
  owner = await t.client("acme", "owner");
  pan = (await owner.product.create.mutate({ name: "Pan sobao", sku: "PAN-1", ...prices, price: "25" })).id;
  // 25 lb sack of flour for RD$1,250; a gallon of milk for RD$285; eggs by the tray of 30.
  harina = (await owner.product.create.mutate({ name: "Harina de trigo", sku: "ING-HAR", ...prices, costPrice: "1250", costPerUnitQuantity: "25", costPerUnitId: unit.lb, unitOfMeasure: "lb", isRecipeItem: true })).id;
  leche = (await owner.product.create.mutate({ name: "Leche entera", sku: "ING-LEC", ...prices, costPrice: "285", costPerUnitQuantity: "1", costPerUnitId: unit.gal, unitOfMeasure: "gal", isRecipeItem: true })).id;
  sal = (await owner.product.create.mutate({ name: "Sal", sku: "ING-SAL", ...prices, costPrice: "3.50", isRecipeItem: true })).id;
  huevos = (await owner.product.create.mutate({ name: "Huevos", sku: "ING-HUE", ...prices, costPrice: "150", costPerUnitQuantity: "30", costPerUnitId: unit.unit, isRecipeItem: true })).id;
  const outsider = await t.client("other", "owner");
  otherIngredient = (await outsider.product.create.mutate({ name: "Azúcar", sku: "ING-AZU", ...prices, costPrice: "60", isRecipeItem: true })).id;
});
afterAll(() => t.close());

const recipeInput = () => ({
  productId: pan,
  name: "Pan sobao",
  description: "Masa suave",
  instructions: ["Mezclar la harina con la sal", "  ", "Hornear 25 minutos a 180 °C"],
  prepTimeMinutes: 20,
  cookTimeMinutes: 25,
  yieldQuantity: "12",
  yieldUnitId: unit.unit,
  portions: 4,
  ingredients: [
    { ingredientProductId: harina, quantity: "500", unitId: unit.g, preparationNotes: "Tamizada", isOptional: false, sortOrder: 0 },
    { ingredientProductId: leche, quantity: "250", unitId: unit.ml, preparationNotes: null, isOptional: false, sortOrder: 1 },
    { ingredientProductId: huevos, quantity: "2", unitId: unit.unit, preparationNotes: null, isOptional: true, sortOrder: 2 },
    { ingredientProductId: sal, quantity: "1", unitId: null, preparationNotes: null, isOptional: false, sortOrder: 3 },
  ],
});

async function storedRecipe(productId: string) {
  return withTenant(t.db, t.acme.tenant.id, async (tx) => {
    const [r] = await tx.select().from(recipes).where(and(eq(recipes.tenantId, t.acme.tenant.id), eq(recipes.productId, productId)));
    const lines = r ? await tx.select().from(recipeIngredients).where(and(eq(recipeIngredients.tenantId, t.acme.tenant.id), eq(recipeIngredients.recipeId, r.id))) : [];
    return { recipe: r, lines };
  });
}

describe("recipe.upsert / getByProductId", () => {
  it("a product without a recipe answers null", async () => {
    expect(await owner.recipe.getByProductId.query({ productId: pan })).toBeNull();
  });

  it("saves an active recipe with every cost recomputed on the server, and marks the product", async () => {
    const input = recipeInput();
    // Costs sent by a client are ignored: the server reads the products and units.
    const tampered = { ...input, totalCost: "1", costPerPortion: "1", ingredients: input.ingredients.map((i) => ({ ...i, unitCost: "999", totalCost: "999" })) };
    const saved = await owner.recipe.upsert.mutate(tampered as typeof input);
    expect(saved).toMatchObject({
      productId: pan,
      name: "Pan sobao",
      description: "Masa suave",
      instructions: ["Mezclar la harina con la sal", "Hornear 25 minutos a 180 °C"],
      prepTimeMinutes: 20,
      cookTimeMinutes: 25,
      totalTimeMinutes: 45,
      yieldQuantity: "12.0000",
      yieldUnitId: unit.unit,
      portions: 4,
      status: "active",
      // 55.12 + 18.82 + 10.00 + 3.50 = 87.44; / 4 portions = 21.86
      totalCost: "87.44",
      costPerPortion: "21.86",
    });
    expect(saved.ingredients.map((i) => [i.product.name, i.quantity, i.unitName, i.unitCost, i.totalCost, i.isOptional])).toEqual([
      // RD$1,250 / 25 lb = RD$50 per lb = 0.110231 per g; 500 g = 55.12
      ["Harina de trigo", "500.0000", "Gramo", "0.110231", "55.12", false],
      // RD$285 per gallon = 0.075289 per ml; 250 ml = 18.82
      ["Leche entera", "250.0000", "Mililitro", "0.075289", "18.82", false],
      ["Huevos", "2.0000", "Unidad", "5.000000", "10.00", true],
      // No cost unit: the cost price as is.
      ["Sal", "1.0000", null, "3.500000", "3.50", false],
    ]);
    const product = await owner.product.getById.query({ id: pan });
    expect([product.hasRecipe, product.recipeYieldQuantity]).toEqual([true, "12.0000"]);
    const stored = await storedRecipe(pan);
    expect(stored.recipe?.status).toBe("active");
    expect(stored.lines.map((l) => l.totalCost).sort()).toEqual(["10.00", "18.82", "3.50", "55.12"]);
  });

  it("reads the recipe back with each ingredient's product cost fields and unit name", async () => {
    const cashier = await t.client("acme", "cashier");
    const recipe = await cashier.recipe.getByProductId.query({ productId: pan });
    expect(recipe?.ingredients[0]).toMatchObject({
      ingredientProductId: harina,
      quantity: "500.0000",
      unitId: unit.g,
      unitName: "Gramo",
      unitCode: "g",
      preparationNotes: "Tamizada",
      sortOrder: 0,
      product: { id: harina, name: "Harina de trigo", sku: "ING-HAR", costPrice: "1250.00", costPerUnitQuantity: "25.0000", costPerUnitId: unit.lb, unitOfMeasure: "lb" },
    });
    expect(recipe?.ingredients.map((i) => i.sortOrder)).toEqual([0, 1, 2, 3]);
    expect(recipe).not.toHaveProperty("tenantId");
  });

  it("saving again replaces the ingredients of the same recipe and recomputes from current costs", async () => {
    const before = await storedRecipe(pan);
    // Flour now costs RD$1,500 the sack: RD$60 per lb.
    const flour = await owner.product.getById.query({ id: harina });
    await owner.product.update.mutate({ id: harina, name: flour.name, sku: flour.sku, ...prices, costPrice: "1500", costPerUnitQuantity: "25", costPerUnitId: unit.lb, unitOfMeasure: "lb", isRecipeItem: true });
    const saved = await owner.recipe.upsert.mutate({
      productId: pan,
      name: "Pan sobao (doble)",
      portions: 1,
      yieldQuantity: "",
      ingredients: [
        { ingredientProductId: harina, quantity: "1", unitId: unit.kg },
        { ingredientProductId: harina, quantity: "0.5", unitId: unit.lb, preparationNotes: "Para espolvorear" },
      ],
    });
    expect(saved.id).toBe(before.recipe!.id);
    // 1 kg at RD$60/lb = 132.277357 (1000 / 453.59237 x 60); 0.5 lb = 30.00
    expect(saved.ingredients.map((i) => [i.unitCost, i.totalCost, i.sortOrder])).toEqual([
      ["132.277357", "132.28", 0],
      ["60.000000", "30.00", 1],
    ]);
    expect(saved).toMatchObject({ name: "Pan sobao (doble)", totalCost: "162.28", costPerPortion: "162.28", portions: 1, yieldQuantity: "1.0000", yieldUnitId: null, instructions: [], totalTimeMinutes: null });
    expect((await storedRecipe(pan)).lines).toHaveLength(2);
    expect((await owner.product.getById.query({ id: pan })).recipeYieldQuantity).toBe("1.0000");
  });

  it("units of different dimensions are not converted: the base cost is used", async () => {
    const other = (await owner.product.create.mutate({ name: "Batida", sku: "BAT-1", ...prices })).id;
    const saved = await owner.recipe.upsert.mutate({ productId: other, name: "Batida", ingredients: [{ ingredientProductId: leche, quantity: "2", unitId: unit.g }] });
    // RD$285 per gallon, used as is.
    expect(saved.ingredients.map((i) => [i.unitCost, i.totalCost])).toEqual([["285.000000", "570.00"]]);
    expect([saved.totalCost, saved.costPerPortion, saved.portions]).toEqual(["570.00", "570.00", 1]);
  });
});

describe("validation", () => {
  it("needs at least one ingredient, in the user's language", async () => {
    const e = await errorOf(owner.recipe.upsert.mutate({ ...recipeInput(), ingredients: [] }));
    expect(e).toEqual({ code: "BAD_REQUEST", message: "ingredients: Agregue al menos un ingrediente a la receta" });
    const cookie = await t.signIn("acme", "owner");
    const res = await t.request("acme.localhost", {
      method: "POST",
      url: "/api/trpc/recipe.upsert",
      cookie,
      headers: { "x-locale": "en" },
      body: { json: { ...recipeInput(), ingredients: [] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.json.message).toBe("ingredients: Add at least one ingredient to the recipe");
  });

  it("refuses bad quantities, portions, times and names with the field", async () => {
    const line = recipeInput().ingredients[0]!;
    const bad = async (patch: Record<string, unknown>) => errorOf(owner.recipe.upsert.mutate({ ...recipeInput(), ...patch } as ReturnType<typeof recipeInput>));
    expect((await bad({ ingredients: [{ ...line, quantity: "0" }] })).message).toBe("ingredients.0.quantity: La cantidad debe ser mayor que cero");
    expect((await bad({ ingredients: [{ ...line, quantity: "abc" }] })).message).toBe("ingredients.0.quantity: La cantidad debe ser mayor que cero");
    expect((await bad({ ingredients: [{ ...line, quantity: "" }] })).message).toBe("ingredients.0.quantity: La cantidad debe ser mayor que cero");
    expect((await bad({ portions: 0 })).message).toBe("portions: Las porciones deben ser un número entero mayor que cero");
    expect((await bad({ portions: 1.5 })).message).toBe("portions: Las porciones deben ser un número entero mayor que cero");
    expect((await bad({ yieldQuantity: "-1" })).message).toBe("yieldQuantity: El rendimiento debe ser mayor que cero");
    expect((await bad({ prepTimeMinutes: -5 })).message).toBe("prepTimeMinutes: Los minutos deben ser un número entero no negativo");
    expect((await bad({ name: "  " })).message).toBe("name: El nombre es requerido");
    expect((await bad({ productId: "nope" })).code).toBe("BAD_REQUEST");
  });

  it("a product cannot be an ingredient of its own recipe", async () => {
    const e = await errorOf(owner.recipe.upsert.mutate({ ...recipeInput(), ingredients: [{ ingredientProductId: pan, quantity: "1" }] }));
    expect(e).toEqual({ code: "BAD_REQUEST", message: "Un producto no puede ser ingrediente de su propia receta" });
  });

  it("unknown product, ingredient or unit ids are NOT_FOUND and change nothing", async () => {
    const before = await storedRecipe(pan);
    expect((await errorOf(owner.recipe.getByProductId.query({ productId: newId() }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.recipe.upsert.mutate({ ...recipeInput(), productId: newId() }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.recipe.upsert.mutate({ ...recipeInput(), ingredients: [{ ingredientProductId: newId(), quantity: "1" }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.recipe.upsert.mutate({ ...recipeInput(), yieldUnitId: newId() }))).code).toBe("NOT_FOUND");
    const after = await storedRecipe(pan);
    expect(after.recipe).toEqual(before.recipe);
    expect(after.lines).toEqual(before.lines);
  });
});

describe("permissions and tenants", () => {
  it("a cashier may read but not save; anonymous may do neither", async () => {
    const cashier = await t.client("acme", "cashier");
    expect(await cashier.recipe.getByProductId.query({ productId: pan })).not.toBeNull();
    expect((await errorOf(cashier.recipe.upsert.mutate(recipeInput()))).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.recipe.getByProductId.query({ productId: pan }))).code).toBe("UNAUTHORIZED");
    expect((await errorOf(anonymous.recipe.upsert.mutate(recipeInput()))).code).toBe("UNAUTHORIZED");
  });

  it("another tenant can neither read nor write acme's recipe", async () => {
    const before = await storedRecipe(pan);
    const outsider = await t.client("other", "owner");
    expect((await errorOf(outsider.recipe.getByProductId.query({ productId: pan }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.recipe.upsert.mutate({ ...recipeInput(), ingredients: [{ ingredientProductId: otherIngredient, quantity: "1" }] }))).code).toBe("NOT_FOUND");
    expect((await storedRecipe(pan)).recipe).toEqual(before.recipe);
  });

  it("acme cannot use another tenant's ingredient or units", async () => {
    const line = { ingredientProductId: harina, quantity: "1", unitId: unit.g };
    expect((await errorOf(owner.recipe.upsert.mutate({ ...recipeInput(), ingredients: [{ ingredientProductId: otherIngredient, quantity: "1" }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.recipe.upsert.mutate({ ...recipeInput(), ingredients: [{ ...line, unitId: otherGram }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.recipe.upsert.mutate({ ...recipeInput(), ingredients: [line], yieldUnitId: otherGram }))).code).toBe("NOT_FOUND");
    // The other tenant's own recipe works with its own ingredient, and acme does not see it.
    const outsider = await t.client("other", "owner");
    const product = (await outsider.product.create.mutate({ name: "Dulce", sku: "DUL-1", ...prices })).id;
    const saved = await outsider.recipe.upsert.mutate({ productId: product, name: "Dulce", ingredients: [{ ingredientProductId: otherIngredient, quantity: "2" }] });
    expect([saved.totalCost, saved.ingredients[0]!.unitCost]).toEqual(["120.00", "60.000000"]);
    expect((await errorOf(owner.recipe.getByProductId.query({ productId: product }))).code).toBe("NOT_FOUND");
  });

  it("a deleted product's recipe cannot be saved", async () => {
    const gone = (await owner.product.create.mutate({ name: "Viejo", sku: "OLD-1", ...prices })).id;
    await owner.product.delete.mutate({ id: gone });
    const e = await errorOf(owner.recipe.upsert.mutate({ ...recipeInput(), productId: gone }));
    expect(e).toEqual({ code: "BAD_REQUEST", message: "El producto está eliminado" });
    await withTenant(t.db, t.acme.tenant.id, async (tx) => {
      const [p] = await tx.select({ hasRecipe: products.hasRecipe }).from(products).where(and(eq(products.tenantId, t.acme.tenant.id), eq(products.id, gone)));
      expect(p?.hasRecipe).toBe(false);
    });
  });
});
