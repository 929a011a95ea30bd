import { and, eq, inArray, sql } from "drizzle-orm";
import { Big, toBig } from "../../../shared/catalog/decimal";
import type { Tx } from "../../db/client";
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
}

export async function tenantAllowsNegativeStock(tx: Tx, tenantId: string): Promise<boolean> {
  const [c] = await tx.select({ allow: tenantConfigs.allowNegativeStock }).from(tenantConfigs).where(eq(tenantConfigs.tenantId, tenantId)).limit(1);
  return c?.allow ?? true;
}

/**
 * Applies stock changes in the caller's transaction. Each (product, warehouse) row is locked
 * (SELECT … FOR UPDATE, in a fixed order so two documents never deadlock), the new balance is
 * computed from the locked quantity, and one append-only ledger row records the change and the
 * balance after it. The quantity and the ledger therefore always agree, under any concurrency.
 * Returns the balances after the change.
 */
export async function applyStockChanges(tx: Tx, ctx: StockContext, changes: StockChange[]): Promise<Map<string, string>> {
  const balances = new Map<string, string>();
  const nonZero = changes.filter((c) => !toBig(c.delta).eq(0));
  if (nonZero.length === 0) return balances;
  const allowNegative = ctx.allowNegative ?? (await tenantAllowsNegativeStock(tx, ctx.tenantId));
  const ordered = [...nonZero].sort((a, b) => (a.productId + a.warehouseId).localeCompare(b.productId + b.warehouseId));

  await tx
    .insert(productStock)
    .values(ordered.map((c) => ({ tenantId: ctx.tenantId, id: newId(), productId: c.productId, warehouseId: c.warehouseId })))
    .onConflictDoNothing();

  for (const change of ordered) {
    const [row] = await tx
      .select({ id: productStock.id, current: productStock.currentQuantity })
      .from(productStock)
      .where(and(eq(productStock.tenantId, ctx.tenantId), eq(productStock.productId, change.productId), eq(productStock.warehouseId, change.warehouseId)))
      .for("update");
    const after = toBig(row!.current).plus(toBig(change.delta));
    if (after.lt(0) && toBig(change.delta).lt(0) && !allowNegative) {
      const names = await namesOf(tx, ctx.tenantId, change.productId, change.warehouseId);
      throw appError("BAD_REQUEST", "insufficientStock", { ...names, available: toBig(row!.current).toString() });
    }
    const balance = after.toFixed(4);
    await tx
      .update(productStock)
      .set({ currentQuantity: balance, updatedAt: new Date() })
      .where(and(eq(productStock.tenantId, ctx.tenantId), eq(productStock.id, row!.id)));
    await tx.insert(stockLedger).values({
      tenantId: ctx.tenantId,
      id: newId(),
      productId: change.productId,
      warehouseId: change.warehouseId,
      quantity: toBig(change.delta).toFixed(4),
      balanceAfter: balance,
      sourceType: ctx.sourceType,
      sourceId: ctx.sourceId ?? null,
      note: ctx.note ?? null,
      userId: ctx.userId,
    });
    balances.set(`${change.productId}:${change.warehouseId}`, balance);
  }
  return balances;
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
