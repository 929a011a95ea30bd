import { boolean, numeric, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

/**
 * A unit in one dimension (mass, volume, count, length). factor converts to the dimension's
 * base unit (g, ml, unit, cm): value_in_base = value * factor.
 */
export const unitsOfMeasure = pgTable(
  "units_of_measure",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
    dimension: text("dimension").notNull(),
    factor: numeric("factor", { precision: 26, scale: 12 }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("units_of_measure_code_key").on(t.tenantId, t.code)],
);
