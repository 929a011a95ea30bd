import { and, eq, inArray, sql } from "drizzle-orm";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError } from "../../trpc/errors";
import { products } from "../product/tables";
import { tenantConfigs } from "../tenant/tables";
import { warehouses } from "../warehouse/tables";
import { productStock, stockLedger } from "./tables";

export type StockSource = "initial" | "adjustment" | "movement" | "movement_cancel" | "sale" | "sale_cancel" | "return" | "purchase";

export interface StockChange {
  productId: string;
  warehouseId: string;
  /** signed decimal string */
  delta: string;
}

export interface StockContext {
  tenantId: string;
  userId: string | null;
  sourceType: StockSource;
  sourceId?: string | null;
  note?: string | null;
  /** Overrides the tenant's allow_negative_stock setting (e.g. POS sales always allowed). */
  allowNegative?: boolean;
  /** The caller already made sure the stock rows exist (ensureStockRows): the change is then one statement. */
  stockRowsExist?: boolean;
}

export async function tenantAllowsNegativeStock(tx: Tx, tenantId: string): Promise<boolean> {
  const [c] = await tx.select({ allow: tenantConfigs.allowNegativeStock }).from(tenantConfigs).where(eq(tenantConfigs.tenantId, tenantId)).limit(1);
  return c?.allow ?? true;
}

/**
 * Applies stock changes in the caller's transaction. Each (product, warehouse) row is locked
 * (FOR UPDATE, in a fixed order so two documents never deadlock), its quantity moves by the
 * change and one append-only ledger row records the change and the balance after it — all in
 * one statement, so a 10-line sale costs two round trips, not thirty. The quantity and the
 * ledger therefore always agree, under any concurrency. Returns the balances after the change.
 */
export async function applyStockChanges(tx: Tx, ctx: StockContext, changes: StockChange[]): Promise<Map<string, string>> {
  const balances = new Map<string, string>();
  const merged = new Map<string, StockChange>();
  for (const c of changes) {
    const key = `${c.productId}:${c.warehouseId}`;
    const prev = merged.get(key);
    merged.set(key, prev ? { ...c, delta: toBig(prev.delta).plus(toBig(c.delta)).toString() } : c);
  }
  const nonZero = [...merged.values()].filter((c) => !toBig(c.delta).eq(0));
  if (nonZero.length === 0) return balances;
  const allowNegative = ctx.allowNegative ?? (await tenantAllowsNegativeStock(tx, ctx.tenantId));
  const ordered = nonZero.sort((a, b) => (a.productId + a.warehouseId).localeCompare(b.productId + b.warehouseId));

  if (!ctx.stockRowsExist) await ensureStockRows(tx, ctx.tenantId, ordered);

  const input = JSON.stringify(ordered.map((c) => ({ product_id: c.productId, warehouse_id: c.warehouseId, delta: toBig(c.delta).toFixed(4), ledger_id: newId() })));
  const rows = rowsOf<{ product_id: string; warehouse_id: string; before: string; delta: string; balance: string }>(
    await tx.execute(sql`
      WITH d AS (
        SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS x(product_id uuid, warehouse_id uuid, delta numeric, ledger_id uuid)
      ), locked AS (
        SELECT ps.id, ps.product_id, ps.warehouse_id, ps.current_quantity
        FROM ${productStock} ps JOIN d ON d.product_id = ps.product_id AND d.warehouse_id = ps.warehouse_id
        WHERE ps.tenant_id = ${ctx.tenantId}
        ORDER BY ps.product_id, ps.warehouse_id
        FOR UPDATE OF ps
      ), moved AS (
        UPDATE ${productStock} ps SET current_quantity = l.current_quantity + d.delta, updated_at = now()
        FROM locked l JOIN d ON d.product_id = l.product_id AND d.warehouse_id = l.warehouse_id
        WHERE ps.tenant_id = ${ctx.tenantId} AND ps.id = l.id
        RETURNING ps.product_id, ps.warehouse_id, l.current_quantity AS before, d.delta, ps.current_quantity AS balance, d.ledger_id
      ), ledger AS (
        INSERT INTO ${stockLedger} (tenant_id, id, product_id, warehouse_id, quantity, balance_after, source_type, source_id, note, user_id)
        SELECT ${ctx.tenantId}, ledger_id, product_id, warehouse_id, delta, balance, ${ctx.sourceType}, ${ctx.sourceId ?? null}, ${ctx.note ?? null}, ${ctx.userId}
        FROM moved
      )
      SELECT product_id, warehouse_id, before::text, delta::text, balance::text FROM moved`),
  );
  for (const r of rows) {
    if (!allowNegative && toBig(r.balance).lt(0) && toBig(r.delta).lt(0)) {
      const names = await namesOf(tx, ctx.tenantId, r.product_id, r.warehouse_id);
      throw appError("BAD_REQUEST", "insufficientStock", { ...names, available: toBig(r.before).toString() });
    }
    balances.set(`${r.product_id}:${r.warehouse_id}`, toBig(r.balance).toFixed(4));
  }
  return balances;
}

/** Creates the missing (product, warehouse) stock rows at 0 (no lock is taken on existing ones). */
export async function ensureStockRows(tx: Tx, tenantId: string, pairs: readonly { productId: string; warehouseId: string }[]) {
  if (pairs.length === 0) return;
  await tx
    .insert(productStock)
    .values(pairs.map((c) => ({ tenantId, id: newId(), productId: c.productId, warehouseId: c.warehouseId })))
    .onConflictDoNothing();
}

async function namesOf(tx: Tx, tenantId: string, productId: string, warehouseId: string) {
  const [p] = await tx.select({ name: products.name }).from(products).where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
  const [w] = await tx.select({ name: warehouses.name }).from(warehouses).where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, warehouseId)));
  return { product: p?.name ?? productId, warehouse: w?.name ?? warehouseId };
}

/** Current quantities of some products, by "productId:warehouseId". */
export async function stockOf(tx: Tx, tenantId: string, productIds: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (productIds.length === 0) return map;
  const rows = await tx
    .select({ productId: productStock.productId, warehouseId: productStock.warehouseId, current: productStock.currentQuantity })
    .from(productStock)
    .where(and(eq(productStock.tenantId, tenantId), inArray(productStock.productId, productIds)));
  for (const r of rows) map.set(`${r.productId}:${r.warehouseId}`, r.current);
  return map;
}

/** The sum of the ledger for a product in a warehouse (what current_quantity must equal). */
export async function ledgerBalance(tx: Tx, tenantId: string, productId: string, warehouseId: string): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${stockLedger.quantity}), 0)::text` })
    .from(stockLedger)
    .where(and(eq(stockLedger.tenantId, tenantId), eq(stockLedger.productId, productId), eq(stockLedger.warehouseId, warehouseId)));
  return new Big(row?.total ?? "0").toFixed(4);
}

/**
 * Initial stock of products created in this same transaction (nobody else can see them yet, so
 * no row lock is needed): the stock rows and their 'initial' ledger rows in two multi-row
 * INSERTs. Used by the Excel import, where one applyStockChanges per row would take too long.
 */
export async function recordInitialStock(
  tx: Tx,
  ctx: { tenantId: string; userId: string | null },
  entries: { productId: string; warehouseId: string; quantity: string; minStock?: string | null }[],
): Promise<void> {
  if (entries.length === 0) return;
  const { tenantId, userId } = ctx;
  await tx.insert(productStock).values(
    entries.map((e) => ({ tenantId, id: newId(), productId: e.productId, warehouseId: e.warehouseId, initialQuantity: e.quantity, currentQuantity: e.quantity, minStock: e.minStock ?? null })),
  );
  const moved = entries.filter((e) => !toBig(e.quantity).eq(0));
  if (moved.length === 0) return;
  await tx.insert(stockLedger).values(
    moved.map((e) => ({
      tenantId,
      id: newId(),
      productId: e.productId,
      warehouseId: e.warehouseId,
      quantity: e.quantity,
      balanceAfter: e.quantity,
      sourceType: "initial" satisfies StockSource,
      // As the product form does: the source of a product's initial stock is the product.
      sourceId: e.productId,
      note: null,
      userId,
    })),
  );
}
