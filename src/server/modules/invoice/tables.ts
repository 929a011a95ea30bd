import { boolean, foreignKey, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";
import { ncfTypes } from "../ncf/tables";

/** Payment terms of an invoice: Contado (0 days), Crédito 15/30/45 días … the days set the due date. */
export const invoiceConditions = pgTable(
  "invoice_conditions",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** days from the invoice date to its due date; 0 = paid at once (cash) */
    days: integer("days").notNull().default(0),
    order: integer("order").notNull().default(0),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("invoice_conditions_code_key").on(t.tenantId, t.code)],
);

/** Kinds of invoice a shop issues (consumer, tax credit, government …), each with the NCF type it takes by default. */
export const invoiceTypes = pgTable(
  "invoice_types",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    ncfTypeId: uuid("ncf_type_id"),
    order: integer("order").notNull().default(0),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("invoice_types_code_key").on(t.tenantId, t.code),
    foreignKey({ columns: [t.tenantId, t.ncfTypeId], foreignColumns: [ncfTypes.tenantId, ncfTypes.id] }),
  ],
);
