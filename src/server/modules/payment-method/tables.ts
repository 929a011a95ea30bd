import { boolean, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

export const paymentMethods = pgTable(
  "payment_methods",
  {
    ...tenantKey(),
    /** CASH | CARD | TRANSFER | CHECK | CREDIT, or a tenant's own code */
    code: text("code").notNull(),
    name: text("name").notNull(),
    order: integer("order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("payment_methods_code_key").on(t.tenantId, t.code)],
);
