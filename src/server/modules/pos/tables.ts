import { sql } from "drizzle-orm";
import { boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, money, percent, quantity, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { currencies } from "../currency/tables";
import { customers } from "../customer/tables";
import { employees } from "../employee/tables";
import { ncfTypes } from "../ncf/tables";
import { paymentMethods } from "../payment-method/tables";
import { products } from "../product/tables";
import { warehouses } from "../warehouse/tables";

/** A physical cash box (drawer) and how its receipts are printed. */
export const cashboxes = pgTable(
  "cashboxes",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    warehouseId: uuid("warehouse_id"),
    /** Base URL of the print service, e.g. http://localhost:8080/ */
    printServer: text("print_server"),
    willOpenDrawer: boolean("will_open_drawer").notNull().default(true),
    /** short code shown on reports (CAJA1) */
    code: text("code"),
    /** receipt template name (e.g. 80mm, 58mm) */
    template: text("template"),
    showNotifications: boolean("show_notifications").notNull().default(true),
    /** wait for the print service to answer before the next sale */
    waitForPrint: boolean("wait_for_print").notNull().default(false),
    /** open the drawer when a receipt is printed */
    openDrawerOnPrint: boolean("open_drawer_on_print").notNull().default(true),
    /** a separate service that opens the drawer (when it is not on the receipt printer) */
    drawerServiceUrl: text("drawer_service_url"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("cashboxes_name_key").on(t.tenantId, t.name),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
  ],
);

/** One opening of a cash box: opened with a float, sold against, closed with counted amounts. */
export const cashboxSessions = pgTable(
  "cashbox_sessions",
  {
    ...tenantKey(),
    cashboxId: uuid("cashbox_id").notNull(),
    /** open | closed */
    status: text("status").notNull().default("open"),
    openingAmount: money("opening_amount").notNull().default("0"),
    openedBy: uuid("opened_by").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().default(sql`now()`),
    closedBy: uuid("closed_by"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** per payment method: {paymentMethodId, name, expected, counted, difference} */
    closing: jsonb("closing"),
    totalExpected: money("total_expected"),
    totalCounted: money("total_counted"),
    totalDifference: money("total_difference"),
    comments: text("comments"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    /** at most one open session per cash box */
    uniqueIndex("cashbox_sessions_open_key").on(t.tenantId, t.cashboxId).where(sql`status = 'open'`),
    index("cashbox_sessions_user_idx").on(t.tenantId, t.openedBy, t.status),
    foreignKey({ columns: [t.tenantId, t.cashboxId], foreignColumns: [cashboxes.tenantId, cashboxes.id] }),
    foreignKey({ columns: [t.tenantId, t.openedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** A sale (invoice). Never deleted: a cancelled order keeps its number and NCF. */
export const orders = pgTable(
  "orders",
  {
    ...childTenantKey(),
    /** FAC-000001, gap-free per tenant */
    number: text("number").notNull(),
    /** the client's idempotency key */
    clientOrderId: uuid("client_order_id").notNull(),
    customerId: uuid("customer_id").notNull(),
    warehouseId: uuid("warehouse_id").notNull(),
    cashboxSessionId: uuid("cashbox_session_id"),
    ncfTypeId: uuid("ncf_type_id"),
    /** B0100000001 */
    ncf: text("ncf"),
    ncfExpiresOn: date("ncf_expires_on"),
    /** draft | completed | cancelled | discarded (a draft that was deleted) */
    status: text("status").notNull().default("completed"),
    /** paid | partial | pending: what completed payments cover of the total (only 'completed' payments count) */
    paymentStatus: text("payment_status").notNull().default("paid"),
    /** total − completed payments (net of change): what the customer still owes */
    balanceDue: money("balance_due").notNull().default("0"),
    /** sum of the credit notes issued against this invoice */
    creditedTotal: money("credited_total").notNull().default("0"),
    dueDate: date("due_date"),
    invoiceConditionId: uuid("invoice_condition_id"),
    invoiceTypeId: uuid("invoice_type_id"),
    /** the seller of a back-office invoice (POS sales credit a seller per line) */
    sellerEmployeeId: uuid("seller_employee_id"),
    /** pos | invoice (the back-office invoice form) */
    source: text("source").notNull().default("pos"),
    /** DGII 608 cancellation reason 01–10 */
    cancelReasonCode: text("cancel_reason_code"),
    /** unguessable token of the public read-only link; null when never shared or revoked */
    shareToken: text("share_token"),
    subtotal: money("subtotal").notNull(),
    discountTotal: money("discount_total").notNull(),
    taxTotal: money("tax_total").notNull(),
    total: money("total").notNull(),
    paidTotal: money("paid_total").notNull(),
    changeAmount: money("change_amount").notNull().default("0"),
    notes: text("notes"),
    pointsEarned: integer("points_earned").notNull().default(0),
    userId: uuid("user_id").notNull(),
    /** the business date in the tenant's time zone */
    businessDate: date("business_date").notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by"),
    cancelReason: text("cancel_reason"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("orders_number_key").on(t.tenantId, t.number),
    uniqueIndex("orders_client_order_key").on(t.tenantId, t.clientOrderId),
    uniqueIndex("orders_ncf_key").on(t.tenantId, t.ncf),
    uniqueIndex("orders_share_token_key").on(t.tenantId, t.shareToken).where(sql`share_token is not null`),
    /** invoice.getAll's totals by status (none, paid, pending, partial, cancelled) read from the index alone */
    index("orders_status_totals_idx").on(t.tenantId, t.status, t.paymentStatus, t.total, t.balanceDue, t.paidTotal, t.changeAmount),
    /** accounts receivable: a customer's open invoices by due date */
    index("orders_receivable_idx").on(t.tenantId, t.customerId, t.dueDate).where(sql`balance_due > 0 and status = 'completed'`),
    index("orders_ncf_type_idx").on(t.tenantId, t.ncfTypeId, t.businessDate, t.createdAt, t.id, t.status),
    index("orders_seller_idx").on(t.tenantId, t.sellerEmployeeId, t.businessDate, t.createdAt, t.id, t.status),
    index("orders_created_idx").on(t.tenantId, t.createdAt),
    /** invoice.getAll's order (newest date, then time, first) and its date ranges */
    index("orders_list_idx").on(t.tenantId, t.businessDate, t.createdAt, t.id, t.status),
    /** invoice.getAll's search by the start of a number or an NCF (byte-wise ranges, usable under row-level security where LIKE is not) */
    index("orders_number_prefix_idx").on(t.tenantId, t.number.op("text_pattern_ops")),
    index("orders_ncf_prefix_idx").on(t.tenantId, t.ncf.op("text_pattern_ops")),
    index("orders_customer_idx").on(t.tenantId, t.customerId, t.createdAt),
    index("orders_cashbox_session_idx").on(t.tenantId, t.cashboxSessionId),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
    foreignKey({ columns: [t.tenantId, t.cashboxSessionId], foreignColumns: [cashboxSessions.tenantId, cashboxSessions.id] }),
    foreignKey({ columns: [t.tenantId, t.ncfTypeId], foreignColumns: [ncfTypes.tenantId, ncfTypes.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    ...childTenantKey(),
    orderId: uuid("order_id").notNull(),
    lineNo: integer("line_no").notNull(),
    productId: uuid("product_id").notNull(),
    productName: text("product_name").notNull(),
    sku: text("sku"),
    quantity: quantity("quantity").notNull(),
    unitPrice: money("unit_price").notNull(),
    priceIncludesTax: boolean("price_includes_tax").notNull(),
    isTaxable: boolean("is_taxable").notNull(),
    taxRate: percent("tax_rate").notNull(),
    /** percentage_discount | bundle_discount | fixed … (null: no discount) */
    discountType: text("discount_type"),
    discountValue: money("discount_value").notNull().default("0"),
    discountDescription: text("discount_description"),
    /** the promotion that gave the line its discount (src/shared/promotions), its name as it was */
    promotionId: uuid("promotion_id"),
    promotionName: text("promotion_name"),
    /** the base before discount, the discount taken off the base, tax and line total */
    baseAmount: money("base_amount").notNull(),
    discountAmount: money("discount_amount").notNull(),
    taxAmount: money("tax_amount").notNull(),
    total: money("total").notNull(),
    costPrice: money("cost_price").notNull().default("0"),
    /** units given back through credit notes; never above quantity (checked in the UPDATE that adds to it) */
    returnedQuantity: quantity("returned_quantity").notNull().default("0"),
    /** the seller (employee) credited with this line, for commissions */
    sellerEmployeeId: uuid("seller_employee_id"),
    alternateCodeUsages: jsonb("alternate_code_usages"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("order_items_line_key").on(t.tenantId, t.orderId, t.lineNo),
    index("order_items_seller_idx").on(t.tenantId, t.sellerEmployeeId),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    foreignKey({ columns: [t.tenantId, t.sellerEmployeeId], foreignColumns: [employees.tenantId, employees.id] }),
  ],
);

export const orderPayments = pgTable(
  "order_payments",
  {
    ...childTenantKey(),
    orderId: uuid("order_id").notNull(),
    paymentMethodId: uuid("payment_method_id").notNull(),
    currencyId: uuid("currency_id").notNull(),
    /** in the payment's currency */
    amount: money("amount").notNull(),
    /** pesos per unit of the currency at the time of the sale */
    rate: numeric("rate", { precision: 14, scale: 6 }).notNull(),
    /** amount converted to the tenant's currency */
    baseAmount: money("base_amount").notNull(),
    reference: text("reference"),
    notes: text("notes"),
    /** completed | pending (a credit sale's amount owed) | cancelled */
    status: text("status").notNull().default("completed"),
    /** invoice.recordPayment's idempotency key */
    clientPaymentId: uuid("client_payment_id"),
    /** the cash box session that took the money (recordPayment at an open cash box) */
    cashboxSessionId: uuid("cashbox_session_id"),
    userId: uuid("user_id"),
    /** a card payment: the card provider that charged it and its transaction's own key */
    cardProviderId: uuid("card_provider_id"),
    cardTransactionId: text("card_transaction_id"),
    /** the terminal's answer: {reference, authorizationCode, maskedPan, entryMode, cardType, terminalId, merchantId, batchNumber} */
    card: jsonb("card"),
    createdAt: timestamps().createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("order_payments_order_idx").on(t.tenantId, t.orderId),
    uniqueIndex("order_payments_client_key").on(t.tenantId, t.clientPaymentId).where(sql`client_payment_id is not null`),
    index("order_payments_cashbox_session_idx").on(t.tenantId, t.cashboxSessionId).where(sql`cashbox_session_id is not null`),
    /** one terminal transaction pays one payment */
    uniqueIndex("order_payments_card_transaction_key").on(t.tenantId, t.cardProviderId, t.cardTransactionId).where(sql`card_transaction_id is not null`),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentMethodId], foreignColumns: [paymentMethods.tenantId, paymentMethods.id] }),
    foreignKey({ columns: [t.tenantId, t.currencyId], foreignColumns: [currencies.tenantId, currencies.id] }),
  ],
);

/** A cart saved under a name ('Guardar Factura'); loading it back marks it loaded. */
export const heldInvoices = pgTable(
  "held_invoices",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    customerId: uuid("customer_id"),
    items: jsonb("items").notNull(),
    itemCount: integer("item_count").notNull(),
    total: money("total").notNull(),
    userId: uuid("user_id").notNull(),
    /** held | loaded | deleted */
    status: text("status").notNull().default("held"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamps().createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("held_invoices_status_idx").on(t.tenantId, t.status, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
  ],
);

/** One-time codes that let a cashier apply a custom discount once an administrator reads the code. */
export const otpRequests = pgTable(
  "otp_requests",
  {
    ...tenantKey(),
    /** the client's request id */
    requestId: text("request_id").notNull(),
    /** 'custom_discount' or a product id */
    productId: text("product_id").notNull(),
    productName: text("product_name").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    requestedBy: uuid("requested_by").notNull(),
    createdAt: timestamps().createdAt,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("otp_requests_request_key").on(t.tenantId, t.requestId)],
);
