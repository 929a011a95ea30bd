import { sql } from "drizzle-orm";
import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** The tenant registry (a Citus reference table): one row per business. */
export const tenants = pgTable(
  "tenants",
  {
    id: uuid("id").primaryKey(),
    subdomain: text("subdomain").notNull(),
    name: text("name").notNull(),
    taxId: text("tax_id"),
    product: text("product").notNull().default("pos"),
    /** active | suspended */
    status: text("status").notNull().default("active"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    address: text("address"),
    phone: text("phone"),
    email: text("email"),
    timezone: text("timezone").notNull().default("America/Santo_Domingo"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("tenants_subdomain_key").on(t.subdomain)],
);

export const tenantConfigs = pgTable(
  "tenant_configs",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    id: uuid("id").notNull(),
    /** Not read nor written any more: the default currency is `currencies.is_default` (kept, not dropped). */
    defaultCurrencyCode: text("default_currency_code").notNull().default("DOP"),
    theme: text("theme").notNull().default("theme-enzzo"),
    forceCompanyTheme: boolean("force_company_theme").notNull().default(false),
    roundedSidebar: boolean("rounded_sidebar").notNull().default(true),
    roundedCards: boolean("rounded_cards").notNull().default(true),
    roundedNavbar: boolean("rounded_navbar").notNull().default(true),
    roundedButtons: boolean("rounded_buttons").notNull().default(true),
    /** Whether stock may go below zero (POS sales are allowed and warned by default). */
    allowNegativeStock: boolean("allow_negative_stock").notNull().default(true),
    /** A shop that does not count cash sells at the POS without an open cash box session (off: every POS sale needs the cashier's session). */
    sellWithoutCashbox: boolean("sell_without_cashbox").notNull().default(false),
    /** Rewards rule: points earned per `rewards_amount_per_point` pesos of an eligible sale (0 = off). */
    rewardsPointsPerUnit: integer("rewards_points_per_unit").notNull().default(1),
    rewardsAmountPerPoint: numeric("rewards_amount_per_point", { precision: 14, scale: 2 }).notNull().default("100"),
    /** Rewards redemption: pesos a point pays at checkout (the POINTS payment method); 0 = redemption off. */
    rewardsPointValue: numeric("rewards_point_value", { precision: 14, scale: 2 }).notNull().default("0"),
    /** Return policy printed on receipts, in days. */
    returnPolicyDays: integer("return_policy_days").notNull().default(2),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("tenant_configs_tenant_key").on(t.tenantId)],
);

export const tenantModules = pgTable(
  "tenant_modules",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    id: uuid("id").notNull(),
    moduleCode: text("module_code").notNull(),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("tenant_modules_code_key").on(t.tenantId, t.moduleCode)],
);
