import { sql } from "drizzle-orm";
import { businessDate } from "../../../shared/platform/dates";
import { BILLS_DUE_DAYS } from "../../../shared/purchasing/low-stock";
import { rowsOf, type Tx } from "../../db/client";
import { lowStockByWarehouse } from "./low-stock";

/** The business's "today": purchase dates are Santo Domingo dates (the tenant's time zone is the country's). */
export const PURCHASING_TIME_ZONE = "America/Santo_Domingo";

/** How many overdue orders and due bills the tab and the digest list (their counts are exact). */
const LIST_LIMIT = 50;

/**
 * purchaseOrder.getNotifications (issue 13 §4): low stock counted per warehouse, deliveries
 * overdue (approved, sent or partially received orders whose expected date is before today in
 * Santo Domingo) and supplier bills (payables, issue 13 §3) open with a due date up to 7 days
 * ahead, the already overdue ones included and marked.
 */
export async function getPurchasingNotifications(tx: Tx, tenantId: string, now = new Date()) {
  const today = businessDate(now, PURCHASING_TIME_ZONE);
  const [lowStock, overdue, bills] = await Promise.all([
    lowStockByWarehouse(tx, tenantId),
    tx.execute(sql`
      SELECT o.id, o.number, o.status, o.expected_date::text AS "expectedDate", o.total::text AS total,
        (${today}::date - o.expected_date)::int AS "daysLate", p.name AS "providerName", w.name AS "warehouseName",
        count(*) OVER ()::int AS "totalCount"
      FROM purchase_orders o
      JOIN providers p ON p.tenant_id = o.tenant_id AND p.id = o.provider_id
      JOIN warehouses w ON w.tenant_id = o.tenant_id AND w.id = o.warehouse_id
      WHERE o.tenant_id = ${tenantId} AND o.status IN ('approved', 'sent', 'partially_received')
        AND o.expected_date < ${today}::date
      ORDER BY o.expected_date, o.number LIMIT ${LIST_LIMIT}`),
    tx.execute(sql`
      SELECT b.id, b.number, b.ncf, b.due_date::text AS "dueDate", b.balance::text AS balance,
        (b.due_date < ${today}::date) AS overdue, p.name AS "providerName", count(*) OVER ()::int AS "totalCount"
      FROM supplier_bills b JOIN providers p ON p.tenant_id = b.tenant_id AND p.id = b.provider_id
      WHERE b.tenant_id = ${tenantId} AND b.status IN ('open', 'partially_paid') AND b.balance > 0
        AND b.due_date <= ${today}::date + ${BILLS_DUE_DAYS}::int
      ORDER BY b.due_date, b.number LIMIT ${LIST_LIMIT}`),
  ]);
  type Counted = { totalCount: number };
  const overdueRows = rowsOf<{ id: string; number: string; status: string; expectedDate: string; total: string; daysLate: number; providerName: string; warehouseName: string } & Counted>(overdue);
  const billRows = rowsOf<{ id: string; number: string; ncf: string; dueDate: string; balance: string; overdue: boolean; providerName: string } & Counted>(bills);
  const strip = <T extends Counted>({ totalCount: _, ...r }: T) => r;
  return {
    today,
    lowStock: { total: lowStock.reduce((n, w) => n + w.count, 0), capped: lowStock.some((w) => w.capped), warehouses: lowStock },
    overdueDeliveries: { total: overdueRows[0]?.totalCount ?? 0, orders: overdueRows.map(strip) },
    billsDue: { days: BILLS_DUE_DAYS, total: billRows[0]?.totalCount ?? 0, bills: billRows.map(strip) },
  };
}
export type PurchasingNotifications = Awaited<ReturnType<typeof getPurchasingNotifications>>;
