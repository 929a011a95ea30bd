import { boolean, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";
import { products } from "../product/tables";
import { unitsOfMeasure } from "../unit-of-measure/tables";

export const recipes = pgTable(
  "recipes",
  {
    ...tenantKey(),
    productId: uuid("product_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    instructions: jsonb("instructions").$type<string[]>().notNull().default([]),
    prepTimeMinutes: integer("prep_time_minutes"),
    cookTimeMinutes: integer("cook_time_minutes"),
    totalTimeMinutes: integer("total_time_minutes"),
    yieldQuantity: numeric("yield_quantity", { precision: 14, scale: 4 }).notNull().default("1"),
    yieldUnitId: uuid("yield_unit_id"),
    portions: integer("portions").notNull().default(1),
    totalCost: numeric("total_cost", { precision: 14, scale: 2 }).notNull().default("0"),
    costPerPortion: numeric("cost_per_portion", { precision: 14, scale: 2 }).notNull().default("0"),
    status: text("status").notNull().default("active"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("recipes_product_key").on(t.tenantId, t.productId),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    foreignKey({ columns: [t.tenantId, t.yieldUnitId], foreignColumns: [unitsOfMeasure.tenantId, unitsOfMeasure.id] }),
  ],
);

export const recipeIngredients = pgTable(
  "recipe_ingredients",
  {
    ...tenantKey(),
    recipeId: uuid("recipe_id").notNull(),
    ingredientProductId: uuid("ingredient_product_id").notNull(),
    quantity: numeric("quantity", { precision: 14, scale: 4 }).notNull(),
    unitId: uuid("unit_id"),
    unitCost: numeric("unit_cost", { precision: 20, scale: 6 }).notNull().default("0"),
    totalCost: numeric("total_cost", { precision: 14, scale: 2 }).notNull().default("0"),
    preparationNotes: text("preparation_notes"),
    isOptional: boolean("is_optional").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("recipe_ingredients_recipe_idx").on(t.tenantId, t.recipeId),
    foreignKey({ columns: [t.tenantId, t.recipeId], foreignColumns: [recipes.tenantId, recipes.id] }),
    foreignKey({ columns: [t.tenantId, t.ingredientProductId], foreignColumns: [products.tenantId, products.id] }),
    foreignKey({ columns: [t.tenantId, t.unitId], foreignColumns: [unitsOfMeasure.tenantId, unitsOfMeasure.id] }),
  ],
);
