import { sql } from "drizzle-orm";
import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, tenantKey, timestamps } from "../../db/columns";

/**
 * An NCF type (B01, B02, B04 …). Its numbers come from the DGII authorizations entered for it
 * (ncf_ranges); the type's row is the lock a document takes before it takes a number, so the
 * ranges of one type are used one at a time, in order.
 */
export const ncfTypes = pgTable(
  "ncf_types",
  {
    ...tenantKey(),
    /** B01, B02, B04, B14, B15 ... */
    code: text("code").notNull(),
    description: text("description").notNull(),
    requiresTaxId: boolean("requires_tax_id").notNull().default(false),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** Warn when this many numbers or fewer remain (besides the 10% rule); null: only the 10% rule. */
    warnRemaining: integer("warn_remaining"),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex("ncf_types_code_key").on(t.tenantId, t.code)],
);

/**
 * One DGII authorization of an NCF type: numbers range_from..range_to, valid until expires_on.
 * next_number is the next one to issue; numbers are taken with UPDATE … SET next_number =
 * next_number + 1 RETURNING inside the document's transaction (never a SEQUENCE). Ranges of a
 * type never overlap; a range is never shrunk below what it issued; a cancelled range issues no more.
 */
export const ncfRanges = pgTable(
  "ncf_ranges",
  {
    ...childTenantKey(),
    ncfTypeId: uuid("ncf_type_id").notNull(),
    rangeFrom: integer("range_from").notNull(),
    rangeTo: integer("range_to").notNull(),
    nextNumber: integer("next_number").notNull(),
    expiresOn: date("expires_on").notNull(),
    /** the DGII authorization's reference (solicitud / oficio number) */
    authorizationRef: text("authorization_ref"),
    authorizedOn: date("authorized_on"),
    /** active | cancelled */
    status: text("status").notNull().default("active"),
    createdBy: uuid("created_by"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("ncf_ranges_from_key").on(t.tenantId, t.ncfTypeId, t.rangeFrom),
    index("ncf_ranges_usable_idx").on(t.tenantId, t.ncfTypeId, t.rangeFrom).where(sql`status = 'active' and next_number <= range_to`),
    foreignKey({ columns: [t.tenantId, t.ncfTypeId], foreignColumns: [ncfTypes.tenantId, ncfTypes.id] }),
  ],
);
