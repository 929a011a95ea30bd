import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { RecipeUpsert } from "../../../shared/catalog/recipe";
import { costLine, recipeTotals, type UnitDescriptor } from "../../../shared/catalog/recipe-cost";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, notFound } from "../../trpc/errors";
import { ingredientColumns } from "../product/service";
import { products } from "../product/tables";
import { unitsOfMeasure } from "../unit-of-measure/tables";
import { recipeIngredients, recipes } from "./tables";

const unitColumns = {
  id: unitsOfMeasure.id,
  code: unitsOfMeasure.code,
  name: unitsOfMeasure.name,
  dimension: unitsOfMeasure.dimension,
  factor: unitsOfMeasure.factor,
};

async function requireProduct(tx: Tx, tenantId: string, productId: string, lock: boolean) {
  const query = tx
    .select({ id: products.id, deletedAt: products.deletedAt })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * The product's recipe with its ingredients (each with its product's name and cost fields and
 * the unit's name), or null when it has none. NOT_FOUND for a product the tenant does not have.
 */
export async function getRecipeByProductId(tx: Tx, tenantId: string, productId: string) {
  await requireProduct(tx, tenantId, productId, false);
  const [recipe] = await tx
    .select()
    .from(recipes)
    .where(and(eq(recipes.tenantId, tenantId), eq(recipes.productId, productId)))
    .limit(1);
  if (!recipe) return null;
  const rows = await tx
    .select({
      id: recipeIngredients.id,
      ingredientProductId: recipeIngredients.ingredientProductId,
      quantity: recipeIngredients.quantity,
      unitId: recipeIngredients.unitId,
      unitCost: recipeIngredients.unitCost,
      totalCost: recipeIngredients.totalCost,
      preparationNotes: recipeIngredients.preparationNotes,
      isOptional: recipeIngredients.isOptional,
      sortOrder: recipeIngredients.sortOrder,
      product: ingredientColumns,
      unitName: unitsOfMeasure.name,
      unitCode: unitsOfMeasure.code,
    })
    .from(recipeIngredients)
    .innerJoin(products, and(eq(products.tenantId, recipeIngredients.tenantId), eq(products.id, recipeIngredients.ingredientProductId)))
    .leftJoin(unitsOfMeasure, and(eq(unitsOfMeasure.tenantId, recipeIngredients.tenantId), eq(unitsOfMeasure.id, recipeIngredients.unitId)))
    .where(and(eq(recipeIngredients.tenantId, tenantId), eq(recipeIngredients.recipeId, recipe.id)))
    .orderBy(asc(recipeIngredients.sortOrder), asc(recipeIngredients.id));
  const { tenantId: _tenant, ...fields } = recipe;
  return { ...fields, ingredients: rows };
}

export type RecipeWithIngredients = NonNullable<Awaited<ReturnType<typeof getRecipeByProductId>>>;

/**
 * Creates or replaces the product's recipe. Unit costs, line totals, the total and the cost per
 * portion are recomputed here from the stored products and units (client costs are never
 * read); the recipe is saved active and the product is marked as having a recipe with its
 * yield. Runs in the procedure's transaction, with the product row locked.
 */
export async function upsertRecipe(tx: Tx, tenantId: string, input: RecipeUpsert) {
  const product = await requireProduct(tx, tenantId, input.productId, true);
  if (product.deletedAt) throw appError("BAD_REQUEST", "productDeleted");
  if (input.ingredients.length === 0) throw appError("BAD_REQUEST", "recipeIngredientsRequired");
  if (input.ingredients.some((i) => i.ingredientProductId === input.productId)) throw appError("BAD_REQUEST", "recipeSelfIngredient");

  const ingredientIds = [...new Set(input.ingredients.map((i) => i.ingredientProductId))];
  const sources = await tx
    .select({
      id: products.id,
      costPrice: products.costPrice,
      costPerUnitQuantity: products.costPerUnitQuantity,
      costPerUnitId: products.costPerUnitId,
      unitOfMeasure: products.unitOfMeasure,
    })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, ingredientIds)));
  const byProduct = new Map(sources.map((p) => [p.id, p]));
  if (ingredientIds.some((id) => !byProduct.has(id))) throw notFound();

  const requestedUnits = new Set<string>([...input.ingredients.flatMap((i) => (i.unitId ? [i.unitId] : [])), ...(input.yieldUnitId ? [input.yieldUnitId] : [])]);
  const unitIds = [...new Set([...requestedUnits, ...sources.flatMap((p) => (p.costPerUnitId ? [p.costPerUnitId] : []))])];
  const units: UnitDescriptor[] = unitIds.length ? await tx.select(unitColumns).from(unitsOfMeasure).where(and(eq(unitsOfMeasure.tenantId, tenantId), inArray(unitsOfMeasure.id, unitIds))) : [];
  const byUnit = new Map(units.map((u) => [u.id, u]));
  if ([...requestedUnits].some((id) => !byUnit.has(id))) throw notFound();

  const lines = input.ingredients.map((line, index) => {
    const source = byProduct.get(line.ingredientProductId)!;
    const costPerUnit = source.costPerUnitId ? (byUnit.get(source.costPerUnitId) ?? null) : null;
    const cost = costLine({ ...source, costPerUnit }, line.unitId ? byUnit.get(line.unitId)! : null, line.quantity);
    return {
      tenantId,
      id: newId(),
      ingredientProductId: line.ingredientProductId,
      quantity: line.quantity,
      unitId: line.unitId,
      unitCost: cost.unitCost,
      totalCost: cost.totalCost,
      preparationNotes: line.preparationNotes,
      isOptional: line.isOptional,
      sortOrder: line.sortOrder ?? index,
    };
  });
  const totals = recipeTotals(lines, input.portions);

  const values = {
    name: input.name,
    description: input.description,
    instructions: input.instructions,
    prepTimeMinutes: input.prepTimeMinutes,
    cookTimeMinutes: input.cookTimeMinutes,
    totalTimeMinutes: input.totalTimeMinutes,
    yieldQuantity: input.yieldQuantity,
    yieldUnitId: input.yieldUnitId,
    portions: input.portions,
    totalCost: totals.totalCost,
    costPerPortion: totals.costPerPortion,
    status: "active",
  };
  const [existing] = await tx
    .select({ id: recipes.id })
    .from(recipes)
    .where(and(eq(recipes.tenantId, tenantId), eq(recipes.productId, input.productId)))
    .limit(1);
  const recipeId = existing?.id ?? newId();
  if (existing) {
    await tx
      .update(recipes)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(recipes.tenantId, tenantId), eq(recipes.id, recipeId)));
    await tx.delete(recipeIngredients).where(and(eq(recipeIngredients.tenantId, tenantId), eq(recipeIngredients.recipeId, recipeId)));
  } else {
    await tx.insert(recipes).values({ tenantId, id: recipeId, productId: input.productId, ...values });
  }
  await tx.insert(recipeIngredients).values(lines.map((l) => ({ ...l, recipeId })));
  await tx
    .update(products)
    .set({ hasRecipe: true, recipeYieldQuantity: input.yieldQuantity, updatedAt: sql`now()` })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, input.productId)));

  return (await getRecipeByProductId(tx, tenantId, input.productId))!;
}
