import { integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantKey } from "../../db/columns";

/** Gap-free document numbers per tenant and key (movements, invoices…), taken under a row lock. */
export const documentSequences = pgTable(
  "document_sequences",
  {
    ...tenantKey(),
    key: text("key").notNull(),
    nextValue: integer("next_value").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("document_sequences_key").on(t.tenantId, t.key)],
);
