import { sql } from "drizzle-orm";
import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, money, percent, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { customers } from "../customer/tables";
import { employees } from "../employee/tables";
import { ncfTypes } from "../ncf/tables";
import { paymentMethods } from "../payment-method/tables";
import { products } from "../product/tables";

/**
 * An appointment: a customer, a schedulable product (the service) and an employee at a local
 * date and time. starts_at/ends_at are the instants (tenant time zone); busy_from/busy_until add
 * the service's buffers and are what availability counts against (src/shared/appointments).
 */
export const appointments = pgTable(
  "appointments",
  {
    ...tenantKey(),
    /** 000001: the payment link's order number is 'APT-' + this */
    appointmentNumber: text("appointment_number").notNull(),
    customerId: uuid("customer_id"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    serviceId: uuid("service_id").notNull(),
    serviceName: text("service_name").notNull(),
    employeeId: uuid("employee_id").notNull(),
    /** yyyy-MM-dd and HH:mm in the tenant's time zone */
    appointmentDate: date("appointment_date").notNull(),
    startTime: text("start_time").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    busyFrom: timestamp("busy_from", { withTimezone: true }).notNull(),
    busyUntil: timestamp("busy_until", { withTimezone: true }).notNull(),
    partySize: integer("party_size").notNull().default(1),
    customerNotes: text("customer_notes"),
    internalNotes: text("internal_notes"),
    /** pending | confirmed | cancelled | completed | no_show | rescheduled */
    status: text("status").notNull().default("pending"),
    /** the service's price for this booking (the employee's override, else the product's), as the invoice line takes it */
    unitPrice: money("unit_price").notNull(),
    totalAmount: money("total_amount").notNull(),
    amountPaid: money("amount_paid").notNull().default("0"),
    /** the deposit asked for (null: the policy's percentage, 30 % by default) */
    depositAmount: money("deposit_amount"),
    /**
     * The invoice issued for the appointment (through the POS invoice path). No foreign key: the
     * row is written before createInvoice inserts the order, in the same transaction (createInvoice
     * commits in its last round trip, so nothing can be written after it).
     */
    invoiceId: uuid("invoice_id"),
    /** staff | portal */
    source: text("source").notNull().default("staff"),
    idempotencyKey: text("idempotency_key").notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdBy: uuid("created_by"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("appointments_number_key").on(t.tenantId, t.appointmentNumber),
    uniqueIndex("appointments_idempotency_key").on(t.tenantId, t.idempotencyKey),
    index("appointments_employee_busy_idx").on(t.tenantId, t.employeeId, t.busyFrom).where(sql`status <> 'cancelled'`),
    index("appointments_date_idx").on(t.tenantId, t.appointmentDate),
    index("appointments_customer_idx").on(t.tenantId, t.customerId),
    /** the least-recently-booked employee: each one's latest booking */
    index("appointments_employee_created_idx").on(t.tenantId, t.employeeId, t.createdAt),
    index("appointments_reminder_idx").on(t.tenantId, t.startsAt).where(sql`reminder_sent_at IS NULL AND status IN ('pending', 'confirmed', 'rescheduled')`),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [products.tenantId, products.id] }),
    foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** Every status change of an appointment (who, when, from, to): the calendar's history. */
export const appointmentStatusChanges = pgTable(
  "appointment_status_changes",
  {
    ...childTenantKey(),
    appointmentId: uuid("appointment_id").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** a reschedule's old date and time, 'yyyy-MM-dd HH:mm' */
    note: text("note"),
    userId: uuid("user_id"),
    createdAt: timestamps().createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("appointment_status_changes_appointment_idx").on(t.tenantId, t.appointmentId),
    foreignKey({ columns: [t.tenantId, t.appointmentId], foreignColumns: [appointments.tenantId, appointments.id] }),
  ],
);

/**
 * A payment applied to an appointment (deposit, full, partial). With an invoice it went through the
 * invoice path (order_id). A deposit has its own life: pending, paid, refunded, forfeited, applied.
 */
export const appointmentPayments = pgTable(
  "appointment_payments",
  {
    ...childTenantKey(),
    appointmentId: uuid("appointment_id").notNull(),
    /** deposit | full | partial */
    paymentType: text("payment_type").notNull(),
    amount: money("amount").notNull(),
    paymentMethodId: uuid("payment_method_id").notNull(),
    ncfTypeId: uuid("ncf_type_id"),
    notes: text("notes"),
    generateInvoice: boolean("generate_invoice").notNull(),
    /** the invoice this payment is on (generated now, or the appointment's invoice it was recorded on); no foreign key, see appointments.invoice_id */
    orderId: uuid("order_id"),
    /** deposits only: pending | paid | refunded | forfeited | applied */
    depositStatus: text("deposit_status"),
    transactionId: text("transaction_id"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundReason: text("refund_reason"),
    idempotencyKey: text("idempotency_key").notNull(),
    userId: uuid("user_id"),
    createdAt: timestamps().createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("appointment_payments_idempotency_key").on(t.tenantId, t.idempotencyKey),
    index("appointment_payments_appointment_idx").on(t.tenantId, t.appointmentId),
    foreignKey({ columns: [t.tenantId, t.appointmentId], foreignColumns: [appointments.tenantId, appointments.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentMethodId], foreignColumns: [paymentMethods.tenantId, paymentMethods.id] }),
    foreignKey({ columns: [t.tenantId, t.ncfTypeId], foreignColumns: [ncfTypes.tenantId, ncfTypes.id] }),
  ],
);

/**
 * A refund request for what was paid on a cancelled (or no-show) appointment, one live request per
 * appointment: pending_review -> approved -> processing -> completed, or rejected.
 */
export const appointmentRefunds = pgTable(
  "appointment_refunds",
  {
    ...childTenantKey(),
    appointmentId: uuid("appointment_id").notNull(),
    /** the latest payment when the request was made (the refund covers all the appointment's payments) */
    paymentId: uuid("payment_id"),
    /** what goes back to the customer: original_amount x refund_percent - cancellation_fee - retention_amount, not below 0 */
    amount: money("amount").notNull(),
    refundPercent: integer("refund_percent").notNull().default(100),
    originalAmount: money("original_amount").notNull(),
    cancellationFee: money("cancellation_fee").notNull().default("0"),
    retentionAmount: money("retention_amount").notNull().default("0"),
    /** original_payment_method | store_credit | manual_processing */
    method: text("method").notNull(),
    /** pending_review | approved | processing | completed | rejected */
    status: text("status").notNull().default("pending_review"),
    processingNotes: text("processing_notes"),
    /** the credit note that gave the money back, when the payment was invoiced */
    creditNoteId: uuid("credit_note_id"),
    userId: uuid("user_id"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("appointment_refunds_live_key").on(t.tenantId, t.appointmentId).where(sql`status <> 'rejected'`),
    index("appointment_refunds_status_idx").on(t.tenantId, t.status),
    foreignKey({ columns: [t.tenantId, t.appointmentId], foreignColumns: [appointments.tenantId, appointments.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [appointmentPayments.tenantId, appointmentPayments.id] }),
  ],
);

/** An employee's weekly working hours from a date (until another date or open-ended). */
export const employeeSchedules = pgTable(
  "employee_schedules",
  {
    ...childTenantKey(),
    employeeId: uuid("employee_id").notNull(),
    effectiveFrom: date("effective_from").notNull(),
    effectiveUntil: date("effective_until"),
    /** 7 entries, index 0 = Sunday: {dayOff, start 'HH:mm', end 'HH:mm', breaks [{start, end}]} */
    days: jsonb("days").notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("employee_schedules_from_key").on(t.tenantId, t.employeeId, t.effectiveFrom),
    foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  ],
);

/** Time off (also the calendar's 'block time'): only approved entries take time out of the schedule. */
export const employeeTimeOff = pgTable(
  "employee_time_off",
  {
    ...childTenantKey(),
    employeeId: uuid("employee_id").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    startTime: text("start_time"),
    endTime: text("end_time"),
    /** vacation | sick | personal | training | other */
    type: text("type").notNull(),
    reason: text("reason"),
    /** pending | approved */
    status: text("status").notNull().default("pending"),
    approvedBy: uuid("approved_by"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("employee_time_off_employee_idx").on(t.tenantId, t.employeeId, t.startDate),
    foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  ],
);

/** The tenant's booking policy (one row): notice, advance, deposit, cancellation and refunds, reminders. */
export const appointmentPolicies = pgTable(
  "appointment_policies",
  {
    ...tenantKey(),
    minNoticeHours: integer("min_notice_hours").notNull().default(0),
    maxAdvanceDays: integer("max_advance_days").notNull().default(60),
    slotIntervalMinutes: integer("slot_interval_minutes").notNull().default(30),
    depositPercent: percent("deposit_percent").notNull().default("30"),
    cancellationFee: money("cancellation_fee").notNull().default("0"),
    retentionAmount: money("retention_amount").notNull().default("0"),
    /** hours before the start within which a cancellation is refunded in full */
    refundWindowHours: integer("refund_window_hours").notNull().default(24),
    /** [{hoursBefore, refundPercent}] applied inside the refund window */
    slidingScale: jsonb("sliding_scale").notNull().default(sql`'[]'::jsonb`),
    reminderHoursBefore: integer("reminder_hours_before").notNull().default(24),
    /** a new booking starts 'confirmed' (else 'pending' until staff confirm it) */
    autoConfirm: boolean("auto_confirm").notNull().default(false),
    /** whether a portal customer may cancel / reschedule (within the refund window) */
    allowCustomerCancel: boolean("allow_customer_cancel").notNull().default(true),
    allowCustomerReschedule: boolean("allow_customer_reschedule").notNull().default(true),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("appointment_policies_tenant_key").on(t.tenantId)],
);

/**
 * The business as its customers see it (the appointments area's 'Negocio'): the name, contacts and
 * opening hours shown by the portal and used by messages ({{business_name}}...), and the calendar's
 * working hours when no employee is filtered.
 */
export const appointmentBusinessProfiles = pgTable(
  "appointment_business_profiles",
  {
    ...tenantKey(),
    displayName: text("display_name"),
    phone: text("phone"),
    whatsapp: text("whatsapp"),
    email: text("email"),
    address: text("address"),
    city: text("city"),
    website: text("website"),
    about: text("about"),
    /** 7 entries, index 0 = Sunday: {closed, open 'HH:mm', close 'HH:mm'} */
    openingHours: jsonb("opening_hours").notNull().default(sql`'[]'::jsonb`),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("appointment_business_profiles_tenant_key").on(t.tenantId)],
);

/** A message template of the appointments area (confirmation, reminder or free), with {{variables}}. */
export const appointmentTemplates = pgTable(
  "appointment_templates",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    /** confirmation | reminder | custom */
    kind: text("kind").notNull(),
    /** email | sms | whatsapp */
    channel: text("channel").notNull().default("email"),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index("appointment_templates_kind_idx").on(t.tenantId, t.kind)],
);

/** A message sent from the communication center to a recipient group (each e-mail goes through the mail outbox). */
export const appointmentMessages = pgTable(
  "appointment_messages",
  {
    ...tenantKey(),
    /** email | sms | whatsapp */
    channel: text("channel").notNull(),
    /** all_customers | upcoming | past | custom */
    recipientGroup: text("recipient_group").notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    recipientCount: integer("recipient_count").notNull().default(0),
    sentCount: integer("sent_count").notNull().default(0),
    /** [{customer_id, name, email, phone, status}] */
    recipients: jsonb("recipients").notNull().default(sql`'[]'::jsonb`),
    idempotencyKey: text("idempotency_key").notNull(),
    createdBy: uuid("created_by"),
    createdAt: timestamps().createdAt,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("appointment_messages_idempotency_key").on(t.tenantId, t.idempotencyKey)],
);

/** The public booking portal's configuration (one row per tenant). */
export const appointmentPortals = pgTable(
  "appointment_portals",
  {
    ...tenantKey(),
    isEnabled: boolean("is_enabled").notNull().default(false),
    /** the path under the tenant's host: /book by default */
    subdomainPath: text("subdomain_path").notNull().default("book"),
    customDomain: text("custom_domain"),
    logoUrl: text("logo_url"),
    primaryColor: text("primary_color").notNull().default("#0f766e"),
    secondaryColor: text("secondary_color").notNull().default("#f59e0b"),
    fontFamily: text("font_family").notNull().default("system-ui"),
    customCss: text("custom_css"),
    /** {home, services, about, contact, booking}: each page shown or not, with its text */
    pages: jsonb("pages").notNull().default(sql`'{}'::jsonb`),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    keywords: text("keywords"),
    /** whether a customer must pay the deposit (through a payment link) to book */
    requireDeposit: boolean("require_deposit").notNull().default(false),
    termsText: text("terms_text"),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("appointment_portals_tenant_key").on(t.tenantId),
    // The host lookup of a portal on its own domain (one domain per portal is checked on save: a
    // unique index across tenants would break the tenant-first rule of src/server/db/schema-rules.test.ts).
    index("appointment_portals_domain_idx").on(sql`lower(${t.customDomain})`),
  ],
);

/** A portal customer's one-time sign-in link (e-mailed) and, once used, the session it opened. */
export const portalSessions = pgTable(
  "portal_sessions",
  {
    ...tenantKey(),
    customerId: uuid("customer_id").notNull(),
    email: text("email").notNull(),
    /** HMAC of the one-time link's token; used once */
    linkTokenHash: text("link_token_hash").notNull(),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** HMAC of the session cookie's token, set when the link is used */
    sessionTokenHash: text("session_token_hash"),
    sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true }),
    createdAt: timestamps().createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("portal_sessions_link_key").on(t.tenantId, t.linkTokenHash),
    uniqueIndex("portal_sessions_session_key").on(t.tenantId, t.sessionTokenHash),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
  ],
);
