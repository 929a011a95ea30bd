import { sql } from "drizzle-orm";
import { boolean, foreignKey, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";
import { cashboxes } from "../pos/tables";

/**
 * The card-terminal services a shop charges cards through (src/shared/fiscal-settings/card-provider.ts):
 * a terminal lane (kind 'lane') or the local card service (kind 'card_service', the tenant's
 * configured payment interface). Never deleted: a provider no longer used is deactivated.
 */
export const cardProviders = pgTable(
  "card_providers",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** lane | card_service */
    kind: text("kind").notNull(),
    /** base URL on the shop's network, with a trailing slash (http://localhost:5000/) */
    apiUrl: text("api_url").notNull(),
    /** the cash box (lane) it serves; null: any cash box without its own */
    cashboxId: uuid("cashbox_id"),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("card_providers_code_key").on(t.tenantId, t.code),
    /** one default provider per tenant */
    uniqueIndex("card_providers_default_key").on(t.tenantId).where(sql`${t.isDefault}`),
    foreignKey({ columns: [t.tenantId, t.cashboxId], foreignColumns: [cashboxes.tenantId, cashboxes.id] }),
  ],
);
