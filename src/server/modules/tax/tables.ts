import { boolean, numeric, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

export const taxes = pgTable(
  "taxes",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** percentage, e.g. 18.00 */
    rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("taxes_code_key").on(t.tenantId, t.code)],
);
