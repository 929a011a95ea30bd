import { sql } from "drizzle-orm";
import { numeric, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenants } from "../modules/tenant/tables";

/**
 * Columns every tenant-owned table starts with. Its primary key is (tenant_id, id), every
 * unique index starts with tenant_id and every foreign key to another tenant table
 * includes tenant_id (Citus co-location rules; checked by src/server/db/schema-rules.test.ts).
 */
export const tenantKey = () => ({
  tenantId: uuid("tenant_id")
    .notNull()
    .references(() => tenants.id),
  id: uuid("id").notNull(),
});

/**
 * tenantKey for a child table whose rows always name a parent row of the same tenant through a
 * NOT NULL foreign key that includes tenant_id (an order's lines, a product's stock): the parent
 * already proves the tenant exists, and a second foreign key to tenants would take a KEY SHARE
 * lock on the one tenant row for every row written (22 times per checkout), which every cashier
 * of the tenant then shares.
 */
export const childTenantKey = () => ({
  tenantId: uuid("tenant_id").notNull(),
  id: uuid("id").notNull(),
});

export const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/** Money: numeric(14,2), read and written as decimal strings (never binary floats). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** Quantities: numeric(14,4). */
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 4 });
/** Percentages 0–100 with 2 decimals. */
export const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });
