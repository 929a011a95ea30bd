import { boolean, foreignKey, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

export const productCategories = pgTable(
  "product_categories",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("product_categories_code_key").on(t.tenantId, t.code)],
);

export const productSubcategories = pgTable(
  "product_subcategories",
  {
    ...tenantKey(),
    categoryId: uuid("category_id").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("product_subcategories_code_key").on(t.tenantId, t.categoryId, t.code),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [productCategories.tenantId, productCategories.id] }),
  ],
);
