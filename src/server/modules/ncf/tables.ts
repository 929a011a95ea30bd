import { boolean, date, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

/**
 * An NCF type with its authorized range. Numbers are taken inside the document's transaction
 * with UPDATE ... SET next_number = next_number + 1 RETURNING, never from a SEQUENCE.
 */
export const ncfTypes = pgTable(
  "ncf_types",
  {
    ...tenantKey(),
    /** B01, B02, B04, B14, B15 ... */
    code: text("code").notNull(),
    description: text("description").notNull(),
    rangeFrom: integer("range_from").notNull(),
    rangeTo: integer("range_to").notNull(),
    nextNumber: integer("next_number").notNull(),
    expiresOn: date("expires_on").notNull(),
    requiresTaxId: boolean("requires_tax_id").notNull().default(false),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("ncf_types_code_key").on(t.tenantId, t.code)],
);
