import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/platform/dates";
import { likePattern, offsetOf, pageOf, searchKey } from "../../../shared/platform/pagination";
import { type LowStockCreateInput, type LowStockListInput, LS } from "../../../shared/purchasing/low-stock";
import { rowsOf, type Tx } from "../../db/client";
import { appError, notFound } from "../../trpc/errors";
import { products } from "../product/tables";
import { createPurchaseOrder, getProductDefaults, getPurchaseSettings, type PurchasingContext } from "./service";

/**
 * Low stock (issue 13 §4). Minimum and maximum are per product and warehouse
 * (product_stock.min_stock / max_stock, set on the product's warehouse rows): a row is low when
 * a minimum is set and the current quantity is under it. The partial index
 * product_stock_low_idx (migration 0032, written by hand: drizzle cannot declare a predicate
 * comparing two columns on another module's table) holds exactly those rows, so the listing
 * reads a few thousand index entries, not the 300,000 stock rows of a 100,000-product catalogue.
 * The suggested quantity is max − current, or min − current without a maximum, never below 0.
 */

export interface LowStockRow {
  productId: string;
  warehouseId: string;
  warehouseName: string;
  name: string;
  sku: string;
  unitOfMeasure: string;
  currentQuantity: string;
  minStock: string;
  maxStock: string | null;
  suggestedQuantity: string;
  providerId: string | null;
  providerName: string | null;
  lastCost: string;
}

/**
 * The low rows of live goods, walked in product name order: products_browse_idx (tenant, name,
 * id) gives the products in order and each is probed in product_stock_low_product_idx (migration
 * 0033: (tenant, product, warehouse) of the rows under their minimum only), so a page and its
 * capped count read a few hundred index entries however many rows are low.
 */
const lowRows = (tenantId: string) => sql`
  SELECT s.product_id, s.warehouse_id, s.current_quantity, s.min_stock, s.max_stock, p.name, p.sku, p.unit_of_measure, p.provider_id, p.cost_price
  FROM products p
  JOIN product_stock s ON s.tenant_id = p.tenant_id AND s.product_id = p.id AND s.min_stock IS NOT NULL AND s.current_quantity < s.min_stock
  WHERE p.tenant_id = ${tenantId} AND p.deleted_at IS NULL AND p.is_active AND p.product_type = 'product'`;

/** The count of a low-stock list stops one past this (or one past the page, when further): the pager then says 'más de 500'. */
export const LOW_STOCK_COUNT_CAP = 500;

/**
 * purchaseOrder.getLowStock: a page of low rows by warehouse, provider ('none' = without one) and
 * search, in product name then warehouse name order, and their count up to LOW_STOCK_COUNT_CAP,
 * in one statement. The last cost is the last unit cost ordered from the product's provider (not
 * cancelled), else the product's cost, looked up for the page's rows only.
 */
export async function findLowStock(tx: Tx, tenantId: string, input: LowStockListInput) {
  const filters = sql.join(
    [
      input.warehouseId ? sql`AND s.warehouse_id = ${input.warehouseId}` : sql``,
      input.providerId === "none" ? sql`AND p.provider_id IS NULL` : input.providerId ? sql`AND p.provider_id = ${input.providerId}` : sql``,
      // the trigram index through enzzo_product_ids_matching (migration 0034): LIKE cannot use it under the RLS role
      input.search ? sql`AND p.id IN (SELECT enzzo_product_ids_matching(${likePattern(searchKey(input.search))}))` : sql``,
    ],
    sql` `,
  );
  const limit = Math.max(LOW_STOCK_COUNT_CAP, input.page * input.pageSize) + 1;
  const rows = rowsOf<Record<string, string | null> & { total: number }>(
    await tx.execute(sql`
      WITH page AS (
        SELECT low.*, w.name AS warehouse_name
        FROM (${lowRows(tenantId)} ${filters}) low
        JOIN warehouses w ON w.tenant_id = ${tenantId} AND w.id = low.warehouse_id
        ORDER BY low.name, low.product_id, w.name
        LIMIT ${input.pageSize} OFFSET ${offsetOf(input.page, input.pageSize)}
      ),
      counted AS (SELECT count(*)::int AS n FROM (${lowRows(tenantId)} ${filters} ORDER BY p.name LIMIT ${limit}) x)
      SELECT page.product_id, page.warehouse_id, page.warehouse_name, page.name, page.sku, page.unit_of_measure,
        page.current_quantity::text, page.min_stock::text, page.max_stock::text,
        greatest(coalesce(page.max_stock, page.min_stock) - page.current_quantity, 0)::numeric(14,4)::text AS suggested_quantity,
        page.provider_id, pr.name AS provider_name,
        coalesce(last.unit_cost, page.cost_price)::text AS last_cost,
        counted.n AS total
      FROM counted
      LEFT JOIN page ON true
      LEFT JOIN providers pr ON pr.tenant_id = ${tenantId} AND pr.id = page.provider_id
      LEFT JOIN LATERAL (
        SELECT l.unit_cost FROM purchase_order_lines l
        JOIN purchase_orders o ON o.tenant_id = l.tenant_id AND o.id = l.order_id
        WHERE l.tenant_id = ${tenantId} AND l.product_id = page.product_id AND o.provider_id = page.provider_id AND o.status <> 'cancelled'
        ORDER BY o.order_date DESC, o.created_at DESC LIMIT 1
      ) last ON page.product_id IS NOT NULL
      ORDER BY page.name, page.product_id, page.warehouse_name`),
  );
  const data: LowStockRow[] = rows
    .filter((r) => r.product_id)
    .map((r) => ({
      productId: r.product_id!,
      warehouseId: r.warehouse_id!,
      warehouseName: r.warehouse_name!,
      name: r.name!,
      sku: r.sku!,
      unitOfMeasure: r.unit_of_measure!,
      currentQuantity: r.current_quantity!,
      minStock: r.min_stock!,
      maxStock: r.max_stock ?? null,
      suggestedQuantity: r.suggested_quantity!,
      providerId: r.provider_id ?? null,
      providerName: r.provider_name ?? null,
      lastCost: r.last_cost!,
    }));
  const counted = rows[0]?.total ?? 0;
  if (counted < limit) return pageOf(data, counted, input.page, input.pageSize);
  return { data, pagination: { page: input.page, pageSize: input.pageSize, total: limit - 1, capped: true, pageCount: Math.max(input.page + 1, Math.ceil((limit - 1) / input.pageSize)) } };
}

/**
 * Low rows per warehouse (notifications and the digest), each counted up to
 * LOW_STOCK_COUNT_CAP + 1 (capped: 'más de 500'), so a catalogue with thousands of low rows is
 * not joined whole on every visit.
 */
export async function lowStockByWarehouse(tx: Tx, tenantId: string) {
  const rows = rowsOf<{ warehouseId: string; warehouseName: string; count: number }>(
    await tx.execute(sql`
      SELECT w.id AS "warehouseId", w.name AS "warehouseName",
        (SELECT count(*)::int FROM (${lowRows(tenantId)} AND s.warehouse_id = w.id LIMIT ${LOW_STOCK_COUNT_CAP + 1}) x) AS count
      FROM warehouses w WHERE w.tenant_id = ${tenantId}
      ORDER BY w.name`),
  );
  return rows.filter((r) => r.count > 0).map((r) => ({ ...r, count: Math.min(r.count, LOW_STOCK_COUNT_CAP), capped: r.count > LOW_STOCK_COUNT_CAP }));
}

/** The idempotency key of one (provider, warehouse) order of a selection: the client's key and the group. */
function groupKey(clientKey: string, providerId: string, warehouseId: string): string {
  return `ls:${clientKey}:${createHash("sha256").update(`${providerId}:${warehouseId}`).digest("hex").slice(0, 20)}`;
}

/**
 * purchaseOrder.createFromLowStock: the selected rows become draft orders, one per provider and
 * warehouse, each made by createPurchaseOrder (the one creation path: numbering, references,
 * totals), all in the procedure's one transaction. A row's provider is the one chosen in the row,
 * else the product's; a product with neither is refused, naming it. Each order's idempotency
 * key derives from the client's key and its group, and the selection takes a transaction lock on
 * the key first, so the same key sent twice (even at once) returns the first orders.
 */
export async function createFromLowStock(ctx: PurchasingContext, input: LowStockCreateInput, now = new Date()) {
  const { tx, tenantId } = ctx;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${tenantId}:low-stock:${input.clientKey}`}))`);
  const productIds = [...new Set(input.items.map((i) => i.productId))];
  const [found, stock] = await Promise.all([
    tx
      .select({ id: products.id, name: products.name, providerId: products.providerId })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), inArray(products.id, productIds))),
    rowsOf<{ product_id: string; warehouse_id: string; suggested: string; low: boolean }>(
      await tx.execute(sql`
        SELECT s.product_id, s.warehouse_id, greatest(coalesce(s.max_stock, s.min_stock, 0) - s.current_quantity, 0)::numeric(14,4)::text AS suggested,
          coalesce(s.current_quantity < s.min_stock, false) AS low
        FROM product_stock s WHERE s.tenant_id = ${tenantId} AND s.product_id IN ${sql`(${sql.join(
          productIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`}`),
    ),
  ]);
  if (found.length !== productIds.length) throw notFound();
  const groups = new Map<string, { providerId: string; warehouseId: string; items: { productId: string; quantity: string }[] }>();
  for (const item of input.items) {
    const product = found.find((p) => p.id === item.productId)!;
    const providerId = item.providerId ?? product.providerId;
    if (!providerId) throw appError("BAD_REQUEST", LS.productWithoutProvider, { product: product.name });
    let quantity = item.quantity;
    if (!quantity) {
      const s = stock.find((r) => r.product_id === item.productId && r.warehouse_id === item.warehouseId);
      if (!s?.low || Number(s.suggested) <= 0) throw appError("BAD_REQUEST", LS.notLowStock, { product: product.name });
      quantity = s.suggested;
    }
    const k = `${providerId}:${item.warehouseId}`;
    const g = groups.get(k) ?? { providerId, warehouseId: item.warehouseId, items: [] };
    g.items.push({ productId: item.productId, quantity });
    groups.set(k, g);
  }
  const settings = await getPurchaseSettings(tx, tenantId);
  const orderDate = businessDate(now, "America/Santo_Domingo");
  const orders = [];
  for (const g of [...groups.values()].sort((a, b) => a.providerId.localeCompare(b.providerId) || a.warehouseId.localeCompare(b.warehouseId))) {
    const defaults = await getProductDefaults(tx, tenantId, { providerId: g.providerId, productIds: g.items.map((i) => i.productId) });
    const order = await createPurchaseOrder(ctx, {
      providerId: g.providerId,
      warehouseId: g.warehouseId,
      orderDate,
      expectedDate: null,
      paymentTermId: settings.defaultPaymentTermId,
      notes: null,
      idempotencyKey: groupKey(input.clientKey, g.providerId, g.warehouseId),
      lines: g.items.map((i) => {
        const d = defaults.find((x) => x.productId === i.productId)!;
        return { productId: i.productId, quantity: i.quantity, unitCost: d.unitCost, taxPercent: d.taxPercent, providerCode: d.providerCode };
      }),
    });
    orders.push({ id: order.id, number: order.number, providerName: order.provider.name, warehouseName: order.warehouseName, lineCount: order.lines.length, total: order.total });
  }
  return { orders };
}
