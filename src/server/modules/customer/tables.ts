import { boolean, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

export const customers = pgTable(
  "customers",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    taxId: text("tax_id"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    isDefault: boolean("is_default").notNull().default(false),
    eligibleForRewards: boolean("eligible_for_rewards").notNull().default(true),
    customerTypeId: uuid("customer_type_id"),
    points: integer("points").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("customers_code_key").on(t.tenantId, t.code)],
);
