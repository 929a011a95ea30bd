import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, money, percent, quantity, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { invoiceConditions } from "../invoice/tables";
import { products } from "../product/tables";
import { providers } from "../provider/tables";
import { warehouses } from "../warehouse/tables";

/**
 * Purchase orders and receiving at cost (issue 13 §1, §2, §5). Orders are never deleted, only
 * cancelled; receipts are append-only and each one moves stock through the stock ledger.
 */

/** One row per tenant: the purchasing configuration (made on first save; defaults until then). */
export const purchaseSettings = pgTable(
  "purchase_settings",
  {
    ...tenantKey(),
    approvalThreshold: money("approval_threshold").notNull().default("25000.00"),
    receivingTolerancePercent: percent("receiving_tolerance_percent").notNull().default("0"),
    defaultPaymentTermId: uuid("default_payment_term_id"),
    numberPrefix: text("number_prefix").notNull().default("OC-"),
    numberWidth: integer("number_width").notNull().default(6),
    digestEnabled: boolean("digest_enabled").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("purchase_settings_tenant_key").on(t.tenantId),
    foreignKey({ columns: [t.tenantId, t.defaultPaymentTermId], foreignColumns: [invoiceConditions.tenantId, invoiceConditions.id] }),
  ],
);

export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    ...tenantKey(),
    number: text("number").notNull(),
    providerId: uuid("provider_id").notNull(),
    warehouseId: uuid("warehouse_id").notNull(),
    /** draft | pending_approval | approved | sent | partially_received | received | cancelled */
    status: text("status").notNull().default("draft"),
    orderDate: date("order_date").notNull(),
    expectedDate: date("expected_date"),
    paymentTermId: uuid("payment_term_id"),
    notes: text("notes"),
    subtotal: money("subtotal").notNull().default("0"),
    taxTotal: money("tax_total").notNull().default("0"),
    total: money("total").notNull().default("0"),
    idempotencyKey: text("idempotency_key"),
    createdBy: uuid("created_by"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    submittedBy: uuid("submitted_by"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: uuid("approved_by"),
    /** approved on submit because its total was at or under the threshold */
    autoApproved: boolean("auto_approved").notNull().default(false),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentBy: uuid("sent_by"),
    /** email | whatsapp: how it was last sent */
    sentVia: text("sent_via"),
    sentTo: text("sent_to"),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by"),
    cancelReason: text("cancel_reason"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("purchase_orders_number_key").on(t.tenantId, t.number),
    uniqueIndex("purchase_orders_idempotency_key").on(t.tenantId, t.idempotencyKey),
    index("purchase_orders_list_idx").on(t.tenantId, t.orderDate, t.number),
    index("purchase_orders_status_idx").on(t.tenantId, t.status),
    index("purchase_orders_provider_idx").on(t.tenantId, t.providerId),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentTermId], foreignColumns: [invoiceConditions.tenantId, invoiceConditions.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

export const purchaseOrderLines = pgTable(
  "purchase_order_lines",
  {
    ...childTenantKey(),
    orderId: uuid("order_id").notNull(),
    lineNo: integer("line_no").notNull(),
    productId: uuid("product_id").notNull(),
    /** the provider's own code for the product */
    providerCode: text("provider_code"),
    quantity: quantity("quantity").notNull(),
    receivedQuantity: quantity("received_quantity").notNull().default("0"),
    /** without ITBIS */
    unitCost: money("unit_cost").notNull(),
    taxPercent: percent("tax_percent").notNull().default("0"),
    subtotal: money("subtotal").notNull(),
    taxAmount: money("tax_amount").notNull(),
    total: money("total").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("purchase_order_lines_order_idx").on(t.tenantId, t.orderId, t.lineNo),
    index("purchase_order_lines_product_idx").on(t.tenantId, t.productId),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [purchaseOrders.tenantId, purchaseOrders.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
  ],
);

/** A delivery received against an order: its lines moved stock (stock_ledger source 'purchase', source_id = the receipt). */
export const purchaseReceipts = pgTable(
  "purchase_receipts",
  {
    ...childTenantKey(),
    orderId: uuid("order_id").notNull(),
    warehouseId: uuid("warehouse_id").notNull(),
    /** client-generated: the same key returns this receipt */
    clientKey: text("client_key").notNull(),
    notes: text("notes"),
    userId: uuid("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("purchase_receipts_client_key").on(t.tenantId, t.clientKey),
    index("purchase_receipts_order_idx").on(t.tenantId, t.orderId),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [purchaseOrders.tenantId, purchaseOrders.id] }),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
  ],
);

export const purchaseReceiptLines = pgTable(
  "purchase_receipt_lines",
  {
    ...childTenantKey(),
    receiptId: uuid("receipt_id").notNull(),
    orderLineId: uuid("order_line_id").notNull(),
    productId: uuid("product_id").notNull(),
    quantity: quantity("quantity").notNull(),
    unitCost: money("unit_cost").notNull(),
    /** stock on hand across warehouses before this line, and the product's cost before and after */
    onHandBefore: quantity("on_hand_before").notNull(),
    costBefore: money("cost_before").notNull(),
    costAfter: money("cost_after").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("purchase_receipt_lines_receipt_idx").on(t.tenantId, t.receiptId),
    foreignKey({ columns: [t.tenantId, t.receiptId], foreignColumns: [purchaseReceipts.tenantId, purchaseReceipts.id] }),
    foreignKey({ columns: [t.tenantId, t.orderLineId], foreignColumns: [purchaseOrderLines.tenantId, purchaseOrderLines.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
  ],
);

/**
 * The daily purchasing digest (issue 13 §4): one row per tenant and Santo Domingo date, inserted
 * (on conflict do nothing) before the mail is sent in the same transaction, so the digest goes out
 * once a day however many times or instances run the scheduler.
 */
export const purchaseDigests = pgTable(
  "purchase_digests",
  {
    ...tenantKey(),
    digestDate: date("digest_date").notNull(),
    /** administrators mailed (0 when there was nothing to report) */
    recipients: integer("recipients").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("purchase_digests_date_key").on(t.tenantId, t.digestDate)],
);
