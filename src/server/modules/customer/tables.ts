import { sql } from "drizzle-orm";
import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, money, tenantKey, timestamps } from "../../db/columns";

export const customerTypes = pgTable(
  "customer_types",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("customer_types_name_key").on(t.tenantId, t.name)],
);

export const customers = pgTable(
  "customers",
  {
    ...tenantKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    taxId: text("tax_id"),
    /** The tax id is a known DGII exception whose check digit does not verify; accepted as typed. */
    taxIdOverride: boolean("tax_id_override").notNull().default(false),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    isDefault: boolean("is_default").notNull().default(false),
    eligibleForRewards: boolean("eligible_for_rewards").notNull().default(true),
    customerTypeId: uuid("customer_type_id"),
    /** most the customer may owe on credit sales (null: no credit limit) */
    creditLimit: money("credit_limit"),
    /** Current rewards balance; equals the sum of customer_point_movements for the customer. */
    points: integer("points").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** Lower-cased name, code, tax id (digits only too) and phone: one trigram index serves customer.search. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`translate(lower(name || ' ' || code || ' ' || coalesce(tax_id, '') || ' ' || coalesce(regexp_replace(tax_id, '[^0-9]', '', 'g'), '') || ' ' || coalesce(phone, '') || ' ' || coalesce(regexp_replace(phone, '[^0-9]', '', 'g'), '')), 'áàâäéèêëíìîïóòôöúùûüñç', 'aaaaeeeeiiiioooouuuunc')`,
    ),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("customers_code_key").on(t.tenantId, t.code),
    index("customers_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    /** customer.search walks active customers in folded-name order (see enzzo_customer_search, migration 0017). */
    index("customers_search_order_idx")
      .on(t.tenantId, sql`(${t.searchText} collate "C")`, t.id)
      .where(sql`deleted_at is null`),
    /** A number typed lists the phones and tax ids starting with it first (enzzo_customer_search). */
    index("customers_phone_digits_idx")
      .on(t.tenantId, sql`(regexp_replace(${t.phone}, '[^0-9]', '', 'g') collate "C")`, t.id)
      .where(sql`deleted_at is null and phone is not null`),
    index("customers_tax_id_digits_idx")
      .on(t.tenantId, sql`(regexp_replace(${t.taxId}, '[^0-9]', '', 'g') collate "C")`, t.id)
      .where(sql`deleted_at is null and tax_id is not null`),
    index("customers_recent_idx").on(t.tenantId, t.lastUsedAt),
    /** customer.getRecent fills with the newest customers never used yet. */
    index("customers_created_idx").on(t.tenantId, t.createdAt),
    /** Lists and short searches walk customers in name order (see enzzo_customer_page). */
    index("customers_browse_idx").on(t.tenantId, t.name, t.id),
    /** One default customer ('Contado') per tenant. */
    uniqueIndex("customers_default_key").on(t.tenantId).where(sql`is_default`),
    foreignKey({ columns: [t.tenantId, t.customerTypeId], foreignColumns: [customerTypes.tenantId, customerTypes.id] }),
  ],
);

/** Append-only rewards points ledger (earned on sales, reversed on cancellation, adjusted by hand). */
export const customerPointMovements = pgTable(
  "customer_point_movements",
  {
    ...childTenantKey(),
    customerId: uuid("customer_id").notNull(),
    /** signed */
    points: integer("points").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    /** sale | sale_cancel | adjustment | redemption */
    sourceType: text("source_type").notNull(),
    sourceId: uuid("source_id"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("customer_point_movements_customer_idx").on(t.tenantId, t.customerId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
  ],
);

/** The legal-client data of a customer (one row per customer; id = the customer's id). */
export const legalClients = pgTable(
  "legal_clients",
  {
    ...tenantKey(),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    country: text("country"),
    jurisdiction: text("jurisdiction"),
    industry: text("industry"),
    industrySector: text("industry_sector"),
    companyRegistrationNumber: text("company_registration_number"),
    companyRegistrationDate: date("company_registration_date"),
    employeeCount: integer("employee_count"),
    annualRevenue: money("annual_revenue"),
    legalRepresentativeName: text("legal_representative_name"),
    legalRepresentativeId: text("legal_representative_id"),
    legalRepresentativePosition: text("legal_representative_position"),
    billingType: text("billing_type"),
    hourlyRate: money("hourly_rate"),
    retainerAmount: money("retainer_amount"),
    retainerFrequency: text("retainer_frequency"),
    paymentTerms: integer("payment_terms").notNull().default(30),
    creditLimit: money("credit_limit"),
    preferredPaymentMethod: text("preferred_payment_method"),
    billingAddressLine1: text("billing_address_line1"),
    billingAddressLine2: text("billing_address_line2"),
    billingCity: text("billing_city"),
    billingState: text("billing_state"),
    billingPostalCode: text("billing_postal_code"),
    billingCountry: text("billing_country"),
    status: text("status").notNull().default("prospect"),
    clientSince: date("client_since"),
    referralSource: text("referral_source"),
    referralDetails: text("referral_details"),
    riskLevel: text("risk_level"),
    amlCheckCompleted: boolean("aml_check_completed").notNull().default(false),
    kycVerified: boolean("kyc_verified").notNull().default(false),
    conflictCheckCompleted: boolean("conflict_check_completed").notNull().default(false),
    conflictCheckNotes: text("conflict_check_notes"),
    preferredLanguage: text("preferred_language"),
    preferredCommunicationMethod: text("preferred_communication_method"),
    preferredContactTime: text("preferred_contact_time"),
    sendReminders: boolean("send_reminders").notNull().default(true),
    sendNewsletters: boolean("send_newsletters").notNull().default(false),
    sendBillingNotifications: boolean("send_billing_notifications").notNull().default(true),
    portalAccessEnabled: boolean("portal_access_enabled").notNull().default(false),
    portalUsername: text("portal_username"),
    documentRetentionPolicy: text("document_retention_policy"),
    preferredDocumentFormat: text("preferred_document_format"),
    notes: text("notes"),
    internalNotes: text("internal_notes"),
    tags: jsonb("tags").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.id], foreignColumns: [customers.tenantId, customers.id] }),
  ],
);
