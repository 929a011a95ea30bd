import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { rowsOf, sqlErrorDetail, sqlStateOf, type Tx } from "../../db/client";
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
 * Applies stock changes in the caller's transaction, in ONE statement (stockChangeStatement):
 * each (product, warehouse) row is locked in a fixed order (two documents never deadlock), its
 * quantity moves by the change and one append-only ledger row records the change and the balance
 * after it, so the quantity and the ledger always agree under any concurrency. Going below zero
 * where the tenant does not allow it is refused ('insufficientStock'). Returns the balances after
 * the change, by "productId:warehouseId".
 */
export async function applyStockChanges(tx: Tx, ctx: StockContext, changes: StockChange[]): Promise<Map<string, string>> {
  const allowNegative = ctx.allowNegative ?? (await tenantAllowsNegativeStock(tx, ctx.tenantId));
  const statement = stockChangeStatement({ ...ctx, allowNegative }, changes);
  if (!statement) return new Map();
  try {
    return balancesOf(rowsOf(await tx.execute(statement)));
  } catch (e) {
    throw stockRefusal(e) ?? e;
  }
}

/**
 * The statement that applies stock changes (enzzo_apply_stock, migration 0022), for a batch sent
 * with commitWith; null when nothing moves. Read its rows with balancesOf, its error with
 * stockRefusal.
 */
export function stockChangeStatement(ctx: StockContext & { allowNegative: boolean }, changes: StockChange[]): SQL | null {
  const merged = new Map<string, StockChange>();
  for (const c of changes) {
    const key = `${c.productId}:${c.warehouseId}`;
    const prev = merged.get(key);
    merged.set(key, prev ? { ...c, delta: toBig(prev.delta).plus(toBig(c.delta)).toString() } : c);
  }
  const nonZero = [...merged.values()].filter((c) => !toBig(c.delta).eq(0));
  if (nonZero.length === 0) return null;
  const ordered = nonZero.sort((a, b) => (a.productId + a.warehouseId).localeCompare(b.productId + b.warehouseId));
  const input = JSON.stringify(ordered.map((c) => ({ product_id: c.productId, warehouse_id: c.warehouseId, delta: toBig(c.delta).toFixed(4), ledger_id: newId() })));
  return sql`SELECT enzzo_apply_stock(${ctx.tenantId}, ${input}::jsonb, ${ctx.sourceType}, ${ctx.sourceId ?? null}, ${ctx.note ?? null}, ${ctx.userId}, ${ctx.allowNegative}) AS moved`;
}

/** The balances after a stockChangeStatement, by "productId:warehouseId". */
export function balancesOf(rows: unknown[]): Map<string, string> {
  const [row] = rows as { moved: unknown }[];
  const moved = (typeof row?.moved === "string" ? JSON.parse(row.moved) : (row?.moved ?? [])) as { product_id: string; warehouse_id: string; balance: string }[];
  return new Map(moved.map((r) => [`${r.product_id}:${r.warehouse_id}`, toBig(r.balance).toFixed(4)]));
}

/** A stockChangeStatement's refusal to go below zero (SQLSTATE EZ002) as 'insufficientStock'; null for any other error. */
export function stockRefusal(error: unknown) {
  if (sqlStateOf(error) !== "EZ002") return null;
  const short = sqlErrorDetail<{ product: string; warehouse: string; available: string }>(error);
  return appError("BAD_REQUEST", "insufficientStock", { product: short?.product ?? "", warehouse: short?.warehouse ?? "", available: toBig(short?.available ?? "0").toString() });
}

/**
 * Gives goods a stock row (at 0) in every warehouse of the tenant, made when a product or a
 * warehouse is created so that no sale has to insert one: pass productIds, or a warehouseId for
 * every good of the tenant. Rows that exist are left alone.
 */
export async function createStockRows(tx: Tx, tenantId: string, scope: { productIds: string[] } | { warehouseId: string }) {
  if ("productIds" in scope && scope.productIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO ${productStock} (tenant_id, id, product_id, warehouse_id)
    SELECT ${tenantId}, gen_random_uuid(), p.id, w.id
    FROM ${products} p JOIN ${warehouses} w ON w.tenant_id = p.tenant_id
    WHERE p.tenant_id = ${tenantId} AND p.product_type = 'product' AND p.deleted_at IS NULL
      AND ${"productIds" in scope ? sql`p.id = ANY(${`{${scope.productIds.join(",")}}`}::uuid[])` : sql`w.id = ${scope.warehouseId}`}
    ON CONFLICT DO NOTHING`);
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
