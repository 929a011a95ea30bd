import { and, eq, sql } from "drizzle-orm";
import { toBig } from "../../../../shared/catalog/decimal";
import { rowsOf, type Tx } from "../../../db/client";
import { appError } from "../../../trpc/errors";
import { warehouses } from "../../warehouse/tables";
import type { StoreRow } from "../access";

/**
 * What the shop may still sell: the stock of the store's warehouse (or the tenant's default one)
 * minus the units held by pending online orders whose reservation has not lapsed. A reservation
 * needs no job to expire: one past expires_at simply stops counting.
 */

/** The warehouse online orders sell from: the store's, else the tenant's default (then first active). */
export async function storeWarehouseId(tx: Tx, tenantId: string, store: StoreRow): Promise<string> {
  const rows = await tx
    .select({ id: warehouses.id, isDefault: warehouses.isDefault })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.isActive, true), store.warehouseId ? eq(warehouses.id, store.warehouseId) : sql`true`))
    .orderBy(sql`${warehouses.isDefault} DESC`, warehouses.order)
    .limit(1);
  const found = rows[0];
  if (!found) throw appError("BAD_REQUEST", "storefrontCart:errors.noWarehouse");
  return found.id;
}

export interface Availability {
  /** services and other non-stock products: no limit */
  limited: boolean;
  /** units the shop may still sell (when limited) */
  available: string;
}

/**
 * Availability of each product in the warehouse, `now` deciding which reservations still hold.
 */
export async function availabilityOf(tx: Tx, tenantId: string, warehouseId: string, productIds: string[], now = new Date()): Promise<Map<string, Availability>> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return new Map();
  const rows = rowsOf<{ id: string; product_type: string; stock: string; reserved: string }>(
    await tx.execute(sql`
      SELECT p.id, p.product_type,
        coalesce((SELECT sum(s.current_quantity) FROM product_stock s WHERE s.tenant_id = p.tenant_id AND s.product_id = p.id AND s.warehouse_id = ${warehouseId}), 0)::text AS stock,
        coalesce((SELECT sum(r.quantity) FROM online_stock_reservations r WHERE r.tenant_id = p.tenant_id AND r.product_id = p.id AND r.warehouse_id = ${warehouseId}
          AND r.released_at IS NULL AND r.expires_at > ${now.toISOString()}::timestamptz), 0)::text AS reserved
      FROM products p WHERE p.tenant_id = ${tenantId} AND p.id = ANY(${`{${unique.join(",")}}`}::uuid[])`),
  );
  return new Map(
    rows.map((r) => {
      const left = toBig(r.stock).minus(r.reserved);
      return [r.id, { limited: r.product_type === "product", available: (left.lt(0) ? toBig(0) : left).toString() }];
    }),
  );
}

/** Whether `quantity` of the product may be sold; refused with what is left, naming the product. */
export function assertAvailable(availability: Map<string, Availability>, productId: string, name: string, quantity: number, key = "storefrontCart:errors.notEnoughStock") {
  const a = availability.get(productId);
  if (!a?.limited) return;
  if (toBig(a.available).lt(quantity)) throw appError("BAD_REQUEST", key, { name, available: toBig(a.available).round(0, 0).toString() });
}

/** Checkouts of one tenant take turns on its stock (reservations are checked and written under this lock). */
export async function lockOnlineStock(tx: Tx, tenantId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}:online-stock`}, 0))`);
}
