import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { paymentMethods } from "../payment-method/tables";
import { orders } from "../pos/tables";

/**
 * The tenant's payment-link provider (issue 12 §5): one row per tenant. `paymentLink.checkConfig`
 * is true when it is enabled. Only the built-in 'sandbox' provider exists so far; a real one
 * plugs in behind src/server/integrations/payment-link (its credentials would live here).
 */
export const paymentLinkSettings = pgTable(
  "payment_link_settings",
  {
    ...tenantKey(),
    /** sandbox */
    provider: text("provider").notNull().default("sandbox"),
    isEnabled: boolean("is_enabled").notNull().default(false),
    /** days a new link can be paid */
    ttlDays: integer("ttl_days").notNull().default(7),
    /** the payment method a paid link is recorded with on its invoice (null: the tenant's CARD method) */
    paymentMethodId: uuid("payment_method_id"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("payment_link_settings_tenant_key").on(t.tenantId),
    foreignKey({ columns: [t.tenantId, t.paymentMethodId], foreignColumns: [paymentMethods.tenantId, paymentMethods.id] }),
  ],
);

/**
 * A payment link: a hosted page where the customer pays an amount by card. Stored status is
 * pending, paid or cancelled; 'expired' is a pending link past expires_at (src/shared/payment-link/status.ts).
 * Never deleted: a link no longer wanted is cancelled.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    ...tenantKey(),
    provider: text("provider").notNull(),
    /** the invoice it pays, when it pays one (an appointment's deposit has none) */
    orderId: uuid("order_id"),
    /** the merchant order number sent to the provider: INV-{number}-{timestamp}, APT-… */
    orderNumber: text("order_number").notNull(),
    /** pesos; the provider receives them × 100 */
    amount: money("amount").notNull(),
    itbis: money("itbis").notNull(),
    currency: text("currency").notNull().default("DOP"),
    language: text("language").notNull().default("ES"),
    clientContractNumber: text("client_contract_number").notNull(),
    customerName: text("customer_name"),
    email: text("email"),
    description: text("description"),
    /** pending | paid | cancelled */
    status: text("status").notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    linkUrl: text("link_url").notNull(),
    /** the provider's transaction and the card it was paid with */
    providerReference: text("provider_reference"),
    authorizationCode: text("authorization_code"),
    cardLast4: text("card_last4"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** the invoice payment the link recorded */
    paymentId: uuid("payment_id"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by"),
    createdBy: uuid("created_by").notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("payment_links_order_number_key").on(t.tenantId, t.orderNumber),
    index("payment_links_list_idx").on(t.tenantId, t.createdAt),
    index("payment_links_order_idx").on(t.tenantId, t.orderId),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
