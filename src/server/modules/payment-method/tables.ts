import { boolean, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";

export const paymentMethods = pgTable(
  "payment_methods",
  {
    ...tenantKey(),
    /** CASH | CARD | TRANSFER | CHECK | CREDIT | CREDIT_NOTE, or a tenant's own code */
    code: text("code").notNull(),
    name: text("name").notNull(),
    order: integer("order").notNull().default(0),
    isDefault: boolean("is_default").notNull().default(false),
    /** the method may be paid in another currency than the tenant's (USD, EUR …) */
    useCurrencies: boolean("use_currencies").notNull().default(false),
    /** the amount is charged on a card terminal / provider */
    useCardProvider: boolean("use_card_provider").notNull().default(false),
    /** the card provider that charges this method (card_providers.id, checked by the service); null: the cash box's or the default one */
    cardProviderId: uuid("card_provider_id"),
    availableForAppointments: boolean("available_for_appointments").notNull().default(true),
    availableForOnlineStore: boolean("available_for_online_store").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("payment_methods_code_key").on(t.tenantId, t.code)],
);
