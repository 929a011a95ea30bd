import { sql } from "drizzle-orm";
import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenantKey, timestamps } from "../../db/columns";
import { warehouses } from "../warehouse/tables";

export const users = pgTable(
  "users",
  {
    ...tenantKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** owner | admin | cashier */
    role: text("role").notNull(),
    isOwner: boolean("is_owner").notNull().default(false),
    /** es | en */
    language: text("language").notNull().default("es"),
    warehouseId: uuid("warehouse_id"),
    imageUrl: text("image_url"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("users_email_key").on(t.tenantId, sql`lower(${t.email})`),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    ...tenantKey(),
    userId: uuid("user_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("sessions_token_key").on(t.tenantId, t.tokenHash),
    index("sessions_user_idx").on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** One-time tokens that sign a freshly registered owner in on the tenant's own host. */
export const loginTokens = pgTable(
  "login_tokens",
  {
    ...tenantKey(),
    userId: uuid("user_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("login_tokens_token_key").on(t.tenantId, t.tokenHash),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);
