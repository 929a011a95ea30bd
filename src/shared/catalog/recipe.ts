import { z } from "zod";
import { decimal, toBig } from "./decimal";
import { DEFAULT_PORTIONS, DEFAULT_YIELD } from "./recipe-cost";

/**
 * recipe.* inputs (spec 03 §3, §5, §7), shared by the recipe card and the server. Costs are
 * never part of the input: the server recomputes them from the products and units it stores.
 */

export const RECIPE_STATUSES = ["active"] as const;
export const MAX_RECIPE_INGREDIENTS = 200;
export const MAX_RECIPE_STEPS = 100;
/** The ingredient selector's search limit (spec 03 §9) and the all-products minimum (§5). */
export const INGREDIENT_SEARCH_LIMIT = 100;
export const ALL_PRODUCTS_MIN_SEARCH = 2;

const blank = (v: unknown) => v === "" || v === undefined || v === null;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const optionalUuid = z
  .union([z.string().uuid("errors:invalidId"), z.literal(""), z.literal("none"), z.null()], { error: "errors:invalidId" })
  .optional()
  .transform((v) => (v && v !== "none" ? v : null));

/** Minutes: blank is none; a whole number 0..100000 otherwise (numbers or numeric strings). */
const minutes = z.preprocess(
  (v) => (blank(v) ? null : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: "errors:recipeMinutesInvalid" }).int("errors:recipeMinutesInvalid").min(0, "errors:recipeMinutesInvalid").max(100_000, "errors:recipeMinutesInvalid").nullable(),
);

const positiveQuantity = (message: string) =>
  decimal({ scale: 4, min: 0, max: 9_999_999_999, message }).refine((v) => toBig(v).gt(0), message);

export const recipeIngredientInput = z.object({
  ingredientProductId: z.string({ error: "errors:invalidId" }).uuid("errors:invalidId"),
  quantity: z.preprocess((v) => (blank(v) ? "" : v), positiveQuantity("errors:recipeQuantityPositive")),
  unitId: optionalUuid,
  preparationNotes: optionalText(1000, "errors:recipeNotesTooLong"),
  isOptional: z.boolean().optional().default(false),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});

export const recipeUpsertInput = z
  .object({
    productId: z.string({ error: "errors:invalidId" }).uuid("errors:invalidId"),
    name: z.string({ error: "errors:nameRequired" }).trim().min(1, "errors:nameRequired").max(200, "errors:recipeNameTooLong"),
    description: optionalText(2000, "errors:recipeDescriptionTooLong"),
    instructions: z
      .array(z.string().max(2000, "errors:recipeStepTooLong"))
      .max(MAX_RECIPE_STEPS)
      .optional()
      .default([])
      .transform((steps) => steps.map((s) => s.trim()).filter((s) => s.length > 0)),
    prepTimeMinutes: minutes.optional().transform((v) => v ?? null),
    cookTimeMinutes: minutes.optional().transform((v) => v ?? null),
    totalTimeMinutes: minutes.optional().transform((v) => v ?? null),
    yieldQuantity: z
      .preprocess((v) => (blank(v) ? DEFAULT_YIELD : v), positiveQuantity("errors:recipeYieldPositive"))
      .optional()
      .transform((v) => v ?? toBig(DEFAULT_YIELD).toFixed(4)),
    yieldUnitId: optionalUuid,
    portions: z.preprocess(
      (v) => (blank(v) ? DEFAULT_PORTIONS : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z.number({ error: "errors:recipePortionsInvalid" }).int("errors:recipePortionsInvalid").min(1, "errors:recipePortionsInvalid").max(100_000, "errors:recipePortionsInvalid"),
    )
      .optional()
      .transform((v) => v ?? DEFAULT_PORTIONS),
    ingredients: z
      .array(recipeIngredientInput, { error: "errors:recipeIngredientsRequired" })
      .min(1, "errors:recipeIngredientsRequired")
      .max(MAX_RECIPE_INGREDIENTS),
  })
  .transform((r) => ({
    ...r,
    // Total time, when not given, is preparation plus cooking (when either is known).
    totalTimeMinutes: r.totalTimeMinutes ?? (r.prepTimeMinutes === null && r.cookTimeMinutes === null ? null : (r.prepTimeMinutes ?? 0) + (r.cookTimeMinutes ?? 0)),
  }));

export type RecipeUpsertInput = z.input<typeof recipeUpsertInput>;
export type RecipeUpsert = z.output<typeof recipeUpsertInput>;

export const recipeByProductInput = z.object({ productId: z.string({ error: "errors:invalidId" }).uuid("errors:invalidId") });
