import { sql } from "drizzle-orm";
import { date, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, money, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { invoiceConditions } from "../invoice/tables";
import { ncfTypes } from "../ncf/tables";
import { paymentMethods } from "../payment-method/tables";
import { cashboxSessions } from "../pos/tables";
import { providers } from "../provider/tables";
import { purchaseReceipts } from "../purchasing/tables";

/**
 * Supplier bills (facturas de suplidor, the 606's source) and their payments (issue 13 §3).
 * Never deleted: a bill is cancelled, a payment reversed.
 */
export const supplierBills = pgTable(
  "supplier_bills",
  {
    ...tenantKey(),
    /** FP-000001, gap-free per tenant: our own reference of the bill */
    number: text("number").notNull(),
    /** the client's idempotency key: the same key returns the first bill */
    clientKey: uuid("client_key").notNull(),
    providerId: uuid("provider_id").notNull(),
    /** the purchase receipt it bills, when made from one */
    receiptId: uuid("receipt_id"),
    /** B01 (the supplier's) | B11 | B13 (ours, taken from our authorized ranges) */
    ncfType: text("ncf_type").notNull(),
    ncf: text("ncf").notNull(),
    /** our NCF type the number was taken from (B11 / B13) */
    ncfTypeId: uuid("ncf_type_id"),
    ncfDate: date("ncf_date").notNull(),
    /** the supplier's RNC or cédula as it was on the bill (digits only); null for a B13 without one */
    supplierTaxId: text("supplier_tax_id"),
    paymentTermId: uuid("payment_term_id"),
    dueDate: date("due_date").notNull(),
    /** before ITBIS */
    goodsAmount: money("goods_amount").notNull().default("0"),
    servicesAmount: money("services_amount").notNull().default("0"),
    itbis: money("itbis").notNull().default("0"),
    itbisWithheld: money("itbis_withheld").notNull().default("0"),
    /** 606 ISR withholding type (1–8), when ISR was withheld */
    isrWithholdingType: text("isr_withholding_type"),
    isrWithheld: money("isr_withheld").notNull().default("0"),
    /** 606 expense type 01–11 */
    expenseType: text("expense_type").notNull(),
    /** 606 payment form 01–07 */
    paymentForm: text("payment_form").notNull(),
    /** goods + services + ITBIS: what the supplier invoiced */
    total: money("total").notNull(),
    /** total − ITBIS withheld − ISR withheld: what is owed to the supplier */
    payable: money("payable").notNull(),
    paidTotal: money("paid_total").notNull().default("0"),
    balance: money("balance").notNull(),
    /** open | partially_paid | paid | cancelled */
    status: text("status").notNull().default("open"),
    notes: text("notes"),
    userId: uuid("user_id").notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by"),
    cancelReason: text("cancel_reason"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("supplier_bills_number_key").on(t.tenantId, t.number),
    uniqueIndex("supplier_bills_client_key").on(t.tenantId, t.clientKey),
    /** the same supplier NCF once per provider (a cancelled bill frees it, so a mistyped bill can be entered again) */
    uniqueIndex("supplier_bills_provider_ncf_key").on(t.tenantId, t.providerId, t.ncf).where(sql`status <> 'cancelled'`),
    index("supplier_bills_list_idx").on(t.tenantId, t.ncfDate, t.number),
    index("supplier_bills_provider_idx").on(t.tenantId, t.providerId, t.ncfDate),
    index("supplier_bills_open_idx").on(t.tenantId, t.dueDate).where(sql`status in ('open', 'partially_paid')`),
    index("supplier_bills_receipt_idx").on(t.tenantId, t.receiptId).where(sql`receipt_id is not null`),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }),
    foreignKey({ columns: [t.tenantId, t.receiptId], foreignColumns: [purchaseReceipts.tenantId, purchaseReceipts.id] }),
    foreignKey({ columns: [t.tenantId, t.ncfTypeId], foreignColumns: [ncfTypes.tenantId, ncfTypes.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentTermId], foreignColumns: [invoiceConditions.tenantId, invoiceConditions.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** A payment of a supplier bill: cash from the payer's open cash box, transfer, check or card. */
export const supplierBillPayments = pgTable(
  "supplier_bill_payments",
  {
    ...childTenantKey(),
    billId: uuid("bill_id").notNull(),
    /** the client's idempotency key */
    clientKey: uuid("client_key").notNull(),
    paymentMethodId: uuid("payment_method_id").notNull(),
    /** cash: the session whose drawer it left (the cash count subtracts it) */
    cashboxSessionId: uuid("cashbox_session_id"),
    amount: money("amount").notNull(),
    /** check number, transfer reference … */
    reference: text("reference"),
    paidOn: date("paid_on").notNull(),
    /** completed | reversed */
    status: text("status").notNull().default("completed"),
    userId: uuid("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversedBy: uuid("reversed_by"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("supplier_bill_payments_client_key").on(t.tenantId, t.clientKey),
    index("supplier_bill_payments_bill_idx").on(t.tenantId, t.billId, t.createdAt),
    index("supplier_bill_payments_session_idx").on(t.tenantId, t.cashboxSessionId).where(sql`cashbox_session_id is not null`),
    foreignKey({ columns: [t.tenantId, t.billId], foreignColumns: [supplierBills.tenantId, supplierBills.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentMethodId], foreignColumns: [paymentMethods.tenantId, paymentMethods.id] }),
    foreignKey({ columns: [t.tenantId, t.cashboxSessionId], foreignColumns: [cashboxSessions.tenantId, cashboxSessions.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);
