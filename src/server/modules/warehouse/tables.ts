import { boolean, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

export const warehouses = pgTable(
  "warehouses",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    order: integer("order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("warehouses_code_key").on(t.tenantId, t.code)],
);
