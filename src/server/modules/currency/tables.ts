import { boolean, numeric, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

export const currencies = pgTable(
  "currencies",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    numericCode: text("numeric_code").notNull(),
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
    /** Pesos (DOP) per one unit of this currency. */
    rate: numeric("rate", { precision: 14, scale: 6 }).notNull().default("1"),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("currencies_code_key").on(t.tenantId, t.code)],
);
