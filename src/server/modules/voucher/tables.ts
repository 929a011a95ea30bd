import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, money, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { customers } from "../customer/tables";

/** A batch of gift vouchers (spec 03 §3 Batch): name, quantity, value, percentage or fixed, expiry. */
export const voucherBatches = pgTable(
  "voucher_batches",
  {
    ...tenantKey(),
    /** LOT-000001 */
    batchNumber: text("batch_number").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    quantity: integer("quantity").notNull(),
    /** pesos (fixed) or a percent (percentage) */
    value: money("value").notNull(),
    /** fixed | percentage */
    type: text("type").notNull(),
    validFrom: date("valid_from").notNull(),
    expiresOn: date("expires_on").notNull(),
    /** a fixed voucher worth more than the sale keeps the rest for another sale (else the rest is lost) */
    keepRemainder: boolean("keep_remainder").notNull().default(false),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("voucher_batches_number_key").on(t.tenantId, t.batchNumber),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** A gift voucher: active, used, expired, cancelled, lost, stolen (spec 03 §4). */
export const vouchers = pgTable(
  "vouchers",
  {
    ...childTenantKey(),
    batchId: uuid("batch_id").notNull(),
    /** unguessable, unique in the tenant; what the QR code holds */
    code: text("code").notNull(),
    amount: money("amount").notNull(),
    /** what is left to spend (a fixed voucher that keeps its remainder) */
    balance: money("balance").notNull(),
    status: text("status").notNull().default("active"),
    validFrom: date("valid_from").notNull(),
    validUntil: date("valid_until").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedByCustomerId: uuid("used_by_customer_id"),
    /** the sale it was spent on (no foreign key: orders are written by the checkout in one round trip) */
    usedInOrderId: uuid("used_in_order_id"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    reportNotes: text("report_notes"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("vouchers_code_key").on(t.tenantId, t.code),
    index("vouchers_batch_idx").on(t.tenantId, t.batchId, t.status),
    foreignKey({ columns: [t.tenantId, t.batchId], foreignColumns: [voucherBatches.tenantId, voucherBatches.id] }),
    foreignKey({ columns: [t.tenantId, t.usedByCustomerId], foreignColumns: [customers.tenantId, customers.id] }),
  ],
);

/** A voucher's history: created, used, restored (a cancelled sale), cancelled, reported, expired, reactivated. */
export const voucherEvents = pgTable(
  "voucher_events",
  {
    ...childTenantKey(),
    voucherId: uuid("voucher_id").notNull(),
    event: text("event").notNull(),
    amount: money("amount"),
    orderId: uuid("order_id"),
    notes: text("notes"),
    details: jsonb("details"),
    userId: uuid("user_id"),
    createdAt: timestamps().createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("voucher_events_voucher_idx").on(t.tenantId, t.voucherId),
    foreignKey({ columns: [t.tenantId, t.voucherId], foreignColumns: [vouchers.tenantId, vouchers.id] }),
  ],
);
