import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, money, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { products } from "../product/tables";
import { productCategories } from "../product-category/tables";

/**
 * A promotion (spec 03 §3 Promotion): percentage_discount, fixed_amount_discount, buy_x_get_y,
 * bundle_discount, second_unit_discount on the products and categories it names, from start_date
 * to end_date (business dates, America/Santo_Domingo). Never deleted: switched off (is_active).
 */
export const promotions = pgTable(
  "promotions",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    type: text("type").notNull(),
    /** a percent (percentage, bundle, second unit) or an amount in pesos (fixed); 0 for buy X get Y */
    discount: money("discount").notNull().default("0"),
    /** buy_x_get_y: X (units bought) and Y (units free); bundle: param1 = units in the bundle */
    param1: integer("param1"),
    param2: integer("param2"),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** whether it may add to another promotion on the same line (else the best one for the customer wins) */
    stackable: boolean("stackable").notNull().default(false),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("promotions_code_key").on(t.tenantId, t.code),
    index("promotions_active_idx").on(t.tenantId, t.isActive, t.endDate),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

export const promotionProducts = pgTable(
  "promotion_products",
  {
    ...childTenantKey(),
    promotionId: uuid("promotion_id").notNull(),
    productId: uuid("product_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("promotion_products_key").on(t.tenantId, t.promotionId, t.productId),
    index("promotion_products_product_idx").on(t.tenantId, t.productId),
    foreignKey({ columns: [t.tenantId, t.promotionId], foreignColumns: [promotions.tenantId, promotions.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
  ],
);

export const promotionCategories = pgTable(
  "promotion_categories",
  {
    ...childTenantKey(),
    promotionId: uuid("promotion_id").notNull(),
    categoryId: uuid("category_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("promotion_categories_key").on(t.tenantId, t.promotionId, t.categoryId),
    index("promotion_categories_category_idx").on(t.tenantId, t.categoryId),
    foreignKey({ columns: [t.tenantId, t.promotionId], foreignColumns: [promotions.tenantId, promotions.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [productCategories.tenantId, productCategories.id] }),
  ],
);
