import { sql } from "drizzle-orm";
import { date, foreignKey, index, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { childTenantKey, tenantKey, timestamps } from "../../db/columns";
import { users } from "../auth/tables";
import { products } from "../product/tables";
import { warehouses } from "../warehouse/tables";

const qty = (name: string) => numeric(name, { precision: 14, scale: 4 });

/**
 * Stock per product and warehouse. current_quantity is the sum of the ledger rows for the pair;
 * it changes only in the same transaction that appends to stock_ledger, under a row lock.
 */
export const productStock = pgTable(
  "product_stock",
  {
    ...childTenantKey(),
    productId: uuid("product_id").notNull(),
    warehouseId: uuid("warehouse_id").notNull(),
    initialQuantity: qty("initial_quantity").notNull().default("0"),
    currentQuantity: qty("current_quantity").notNull().default("0"),
    minStock: qty("min_stock"),
    maxStock: qty("max_stock"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("product_stock_key").on(t.tenantId, t.productId, t.warehouseId),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
  ],
);

/** Append-only: every change of stock, with its source document. Never updated or deleted. */
export const stockLedger = pgTable(
  "stock_ledger",
  {
    ...childTenantKey(),
    productId: uuid("product_id").notNull(),
    warehouseId: uuid("warehouse_id").notNull(),
    /** signed change */
    quantity: qty("quantity").notNull(),
    balanceAfter: qty("balance_after").notNull(),
    /** initial | adjustment | movement | movement_cancel | sale | sale_cancel | return | purchase */
    sourceType: text("source_type").notNull(),
    sourceId: uuid("source_id"),
    note: text("note"),
    userId: uuid("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("stock_ledger_product_idx").on(t.tenantId, t.productId, t.warehouseId),
    index("stock_ledger_source_idx").on(t.tenantId, t.sourceType, t.sourceId),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
  ],
);

export const warehouseMovements = pgTable(
  "warehouse_movements",
  {
    ...tenantKey(),
    number: text("number").notNull(),
    /** entry | exit | transfer | adjustment */
    type: text("type").notNull(),
    warehouseId: uuid("warehouse_id").notNull(),
    destinationWarehouseId: uuid("destination_warehouse_id"),
    date: date("date").notNull(),
    reference: text("reference"),
    notes: text("notes"),
    /** damaged | expired | lost | found | correction | other (adjustments) */
    reason: text("reason"),
    /** pending | completed | cancelled */
    status: text("status").notNull().default("pending"),
    userId: uuid("user_id"),
    idempotencyKey: text("idempotency_key"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex("warehouse_movements_number_key").on(t.tenantId, t.number),
    uniqueIndex("warehouse_movements_idempotency_key").on(t.tenantId, t.idempotencyKey),
    index("warehouse_movements_list_idx").on(t.tenantId, t.date),
    foreignKey({ columns: [t.tenantId, t.warehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
    foreignKey({ columns: [t.tenantId, t.destinationWarehouseId], foreignColumns: [warehouses.tenantId, warehouses.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

export const warehouseMovementLines = pgTable(
  "warehouse_movement_lines",
  {
    ...tenantKey(),
    movementId: uuid("movement_id").notNull(),
    productId: uuid("product_id").notNull(),
    /** positive; for adjustments the counted quantity replaces the stock (new_stock) */
    quantity: qty("quantity").notNull(),
    cost: numeric("cost", { precision: 14, scale: 2 }),
    currentStock: qty("current_stock"),
    newStock: qty("new_stock"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index("warehouse_movement_lines_movement_idx").on(t.tenantId, t.movementId),
    foreignKey({ columns: [t.tenantId, t.movementId], foreignColumns: [warehouseMovements.tenantId, warehouseMovements.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
  ],
);
