import { sql } from "drizzle-orm";
import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, quantity, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { customers } from "../customer/tables";
import { ncfTypes } from "../ncf/tables";
import { cashboxSessions, orderItems, orderPayments, orders } from "../pos/tables";
import { products } from "../product/tables";
import { warehouses } from "../warehouse/tables";

/**
 * A credit note (nota de crédito, NCF B04) against an invoice: a return of some lines, or the
 * cancellation of all that is left. Never deleted. Refunded in cash (from the open cash box) or
 * kept as store credit, spent later as a tender at checkout (available decreases), or paid back
 * to the card the invoice was paid with through the card terminal (status pending until the
 * terminal approves the return, then used).
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    ...tenantKey(),
    /** NC-000001, gap-free per tenant */
    number: text("number").notNull(),
    /** the client's idempotency key */
    clientKey: uuid("client_key").notNull(),
    orderId: uuid("order_id").notNull(),
    customerId: uuid("customer_id").notNull(),
    /** where returned goods went back */
    warehouseId: uuid("warehouse_id").notNull(),
    ncfTypeId: uuid("ncf_type_id"),
    /** B0400000001 */
    ncf: text("ncf"),
    ncfExpiresOn: date("ncf_expires_on"),
    /** the NCF of the invoice it modifies */
    modifiedNcf: text("modified_ncf"),
    /** return | cancel */
    kind: text("kind").notNull().default("return"),
    /** product_return | cancellation | price_adjustment | damaged_product | other */
    reason: text("reason").notNull(),
    notes: text("notes"),
    /** pending | approved | rejected | used | partially_used */
    status: text("status").notNull().default("approved"),
    /** cash | store_credit | card */
    refundMethod: text("refund_method").notNull(),
    subtotal: money("subtotal").notNull(),
    taxTotal: money("tax_total").notNull(),
    total: money("total").notNull(),
    /** what went to the invoice's own balance due (a return of goods not yet paid for) */
    appliedAmount: money("applied_amount").notNull().default("0"),
    /** what was given back to the customer: cash from the box, or store credit */
    refundAmount: money("refund_amount").notNull().default("0"),
    /** store credit still to spend (0 for a cash refund) */
    available: money("available").notNull().default("0"),
    /** issued within 30 days of the invoice: its ITBIS may still be claimed (dr-fiscal 1) */
    itbisCreditable: boolean("itbis_creditable").notNull().default(true),
    /** the cash box session that paid a cash refund or returned a card refund */
    cashboxSessionId: uuid("cashbox_session_id"),
    /** a card refund: the card payment method it goes back through (the cash count takes it off that method) */
    refundPaymentMethodId: uuid("refund_payment_method_id"),
    /** a card refund: the provider whose terminal returns it, and the terminal's key of the return once approved */
    cardProviderId: uuid("card_provider_id"),
    cardTransactionId: text("card_transaction_id"),
    /** a card refund: the original sale's terminal invoice number, and once approved the terminal's answer */
    card: jsonb("card"),
    userId: uuid("user_id").notNull(),
    businessDate: date("business_date").notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("credit_notes_number_key").on(t.tenantId, t.number),
    uniqueIndex("credit_notes_client_key").on(t.tenantId, t.clientKey),
    uniqueIndex("credit_notes_ncf_key").on(t.tenantId, t.ncf),
    index("credit_notes_order_idx").on(t.tenantId, t.orderId),
    index("credit_notes_customer_idx").on(t.tenantId, t.customerId, t.createdAt),
    index("credit_notes_created_idx").on(t.tenantId, t.createdAt),
    // The reports and the DGII files read a period's notes by business date (issue 14).
    index("credit_notes_business_date_idx").on(t.tenantId, t.businessDate),
    /** creditNote.getAll's search by the start of a number or an NCF (byte-wise ranges, usable under row-level security where LIKE is not) */
    index("credit_notes_number_prefix_idx").on(t.tenantId, t.number.op("text_pattern_ops")),
    index("credit_notes_ncf_prefix_idx").on(t.tenantId, t.ncf.op("text_pattern_ops")),
    index("credit_notes_modified_ncf_prefix_idx").on(t.tenantId, t.modifiedNcf.op("text_pattern_ops")),
    uniqueIndex("credit_notes_card_transaction_key").on(t.tenantId, t.cardProviderId, t.cardTransactionId).where(sql`card_transaction_id is not null`),
    index("credit_notes_cashbox_session_idx").on(t.tenantId, t.cashboxSessionId).where(sql`cashbox_session_id is not null`),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
    foreignKey({ columns: [t.tenantId, t.ncfTypeId], foreignColumns: [ncfTypes.tenantId, ncfTypes.id] }),
    foreignKey({ columns: [t.tenantId, t.cashboxSessionId], foreignColumns: [cashboxSessions.tenantId, cashboxSessions.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

export const creditNoteItems = pgTable(
  "credit_note_items",
  {
    ...tenantKey(),
    creditNoteId: uuid("credit_note_id").notNull(),
    lineNo: integer("line_no").notNull(),
    orderItemId: uuid("order_item_id").notNull(),
    productId: uuid("product_id").notNull(),
    productName: text("product_name").notNull(),
    quantity: quantity("quantity").notNull(),
    /** the invoice line's unit price */
    unitPrice: money("unit_price").notNull(),
    /** base net of the line's discount, its ITBIS and the total given back */
    subtotal: money("subtotal").notNull(),
    taxAmount: money("tax_amount").notNull(),
    total: money("total").notNull(),
    reason: text("reason"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("credit_note_items_line_key").on(t.tenantId, t.creditNoteId, t.lineNo),
    index("credit_note_items_order_item_idx").on(t.tenantId, t.orderItemId),
    foreignKey({ columns: [t.tenantId, t.creditNoteId], foreignColumns: [creditNotes.tenantId, creditNotes.id] }),
    foreignKey({ columns: [t.tenantId, t.orderItemId], foreignColumns: [orderItems.tenantId, orderItems.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
  ],
);

/** Each spend of a credit note's store credit (a tender at checkout). */
export const creditNoteUsages = pgTable(
  "credit_note_usages",
  {
    ...tenantKey(),
    creditNoteId: uuid("credit_note_id").notNull(),
    orderId: uuid("order_id").notNull(),
    paymentId: uuid("payment_id"),
    amount: money("amount").notNull(),
    /** completed | reversed (the order was cancelled: the credit came back) */
    status: text("status").notNull().default("completed"),
    userId: uuid("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("credit_note_usages_note_idx").on(t.tenantId, t.creditNoteId, t.createdAt),
    index("credit_note_usages_order_idx").on(t.tenantId, t.orderId),
    foreignKey({ columns: [t.tenantId, t.creditNoteId], foreignColumns: [creditNotes.tenantId, creditNotes.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [orderPayments.tenantId, orderPayments.id] }),
  ],
);
