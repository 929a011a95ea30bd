import { boolean, foreignKey, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, tenantKey, timestamps } from "../../db/columns";
import { accounts } from "../accounting/tables";

/** The tenant's taxes (issue 14 §1): ITBIS 18/16/0 on sales and purchases, and the withholdings. */
export const taxes = pgTable(
  "taxes",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** percentage, e.g. 18.00 */
    rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
    /** percentage | fixed (then `amount`) */
    type: text("type").notNull().default("percentage"),
    amount: money("amount"),
    /** sales | purchases | both */
    appliesTo: text("applies_to").notNull().default("both"),
    /** itbis | itbis_withholding | isr_withholding | other */
    kind: text("kind").notNull().default("itbis"),
    accountId: uuid("account_id"),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("taxes_code_key").on(t.tenantId, t.code),
    foreignKey({ columns: [t.tenantId, t.accountId], foreignColumns: [accounts.tenantId, accounts.id] }),
  ],
);
