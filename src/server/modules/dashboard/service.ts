import { sql } from "drizzle-orm";
import { type DashboardPeriod, type DashboardRange, dashboardPeriod, daysBetween } from "../../../shared/dashboard/range";
import { businessDate } from "../../../shared/platform/dates";
import { rowsOf, type Tx } from "../../db/client";

/**
 * The dashboard's six widgets (issue 14 §8). Every figure counts completed sales (status
 * 'completed': cancelled invoices, drafts and discarded drafts are left out) by their business
 * date in the tenant's time zone. Amounts are summed and divided by PostgreSQL's numeric and
 * answered as decimal strings; nothing passes through a JavaScript number.
 */
export interface DashboardContext {
  tx: Tx;
  tenant: { id: string; timezone: string };
}

export function periodOf(ctx: DashboardContext, range: DashboardRange, now = new Date()): DashboardPeriod {
  return dashboardPeriod(range, businessDate(now, ctx.tenant.timezone));
}

const RECENT_LIMIT = 8;
const TOP_PRODUCTS_LIMIT = 5;

/** Sales total, invoice count and average ticket of the period and of the one before, with the change in percent (null without a previous figure). */
export async function getStats(ctx: DashboardContext, range: DashboardRange) {
  const p = periodOf(ctx, range);
  const [row] = rowsOf<{
    total: string;
    count: number;
    average: string;
    previous_total: string;
    previous_count: number;
    previous_average: string;
    total_change: string | null;
    count_change: string | null;
    average_change: string | null;
  }>(
    await ctx.tx.execute(sql`
      with s as (
        select
          coalesce(sum(total) filter (where business_date >= ${p.from}::date), 0) as total,
          count(*) filter (where business_date >= ${p.from}::date)::int as count,
          coalesce(sum(total) filter (where business_date <= ${p.previousTo}::date), 0) as previous_total,
          count(*) filter (where business_date <= ${p.previousTo}::date)::int as previous_count
        from orders
        where tenant_id = ${ctx.tenant.id} and status = 'completed'
          and business_date between ${p.previousFrom}::date and ${p.to}::date
          and (business_date >= ${p.from}::date or business_date <= ${p.previousTo}::date)
      ), a as (
        select s.*,
          case when count > 0 then round(total / count, 2) else 0 end as average,
          case when previous_count > 0 then round(previous_total / previous_count, 2) else 0 end as previous_average
        from s
      )
      select
        total::numeric(14, 2)::text as total, count,
        average::numeric(14, 2)::text as average,
        previous_total::numeric(14, 2)::text as previous_total, previous_count,
        previous_average::numeric(14, 2)::text as previous_average,
        case when previous_total > 0 then round((total - previous_total) * 100 / previous_total, 1)::text end as total_change,
        case when previous_count > 0 then round((count - previous_count)::numeric * 100 / previous_count, 1)::text end as count_change,
        case when previous_average > 0 then round((average - previous_average) * 100 / previous_average, 1)::text end as average_change
      from a
    `),
  );
  const r = row!;
  return {
    period: p,
    salesTotal: r.total,
    invoiceCount: Number(r.count),
    averageTicket: r.average,
    previous: { salesTotal: r.previous_total, invoiceCount: Number(r.previous_count), averageTicket: r.previous_average },
    change: { salesTotal: r.total_change, invoiceCount: r.count_change, averageTicket: r.average_change },
  };
}

/** Sales by hour (0–23) for today, by day for the week or month; every bucket present, empty ones at zero. */
export async function getSalesOverview(ctx: DashboardContext, range: DashboardRange) {
  const p = periodOf(ctx, range);
  if (range === "today") {
    const rows = rowsOf<{ bucket: number; total: string; count: number }>(
      await ctx.tx.execute(sql`
        select extract(hour from created_at at time zone ${ctx.tenant.timezone})::int as bucket,
          sum(total)::numeric(14, 2)::text as total, count(*)::int as count
        from orders
        where tenant_id = ${ctx.tenant.id} and status = 'completed' and business_date = ${p.from}::date
        group by 1
      `),
    );
    const byHour = new Map(rows.map((r) => [Number(r.bucket), r]));
    return {
      period: p,
      granularity: "hour" as const,
      points: Array.from({ length: 24 }, (_, hour) => {
        const r = byHour.get(hour);
        return { key: String(hour).padStart(2, "0"), total: r?.total ?? "0.00", count: Number(r?.count ?? 0) };
      }),
    };
  }
  const rows = rowsOf<{ bucket: string; total: string; count: number }>(
    await ctx.tx.execute(sql`
      select business_date::text as bucket, sum(total)::numeric(14, 2)::text as total, count(*)::int as count
      from orders
      where tenant_id = ${ctx.tenant.id} and status = 'completed' and business_date between ${p.from}::date and ${p.to}::date
      group by business_date
    `),
  );
  const byDay = new Map(rows.map((r) => [r.bucket, r]));
  return {
    period: p,
    granularity: "day" as const,
    points: daysBetween(p.from, p.to).map((day) => {
      const r = byDay.get(day);
      return { key: day, total: r?.total ?? "0.00", count: Number(r?.count ?? 0) };
    }),
  };
}

/** The period's latest completed sales, newest first. */
export async function getRecentSales(ctx: DashboardContext, range: DashboardRange) {
  const p = periodOf(ctx, range);
  const rows = rowsOf<{ id: string; number: string; ncf: string | null; total: string; created_at: string | Date; business_date: string; payment_status: string; customer_name: string | null }>(
    await ctx.tx.execute(sql`
      select o.id, o.number, o.ncf, o.total::text as total, o.created_at, o.business_date::text as business_date, o.payment_status, c.name as customer_name
      from orders o
      left join customers c on c.tenant_id = o.tenant_id and c.id = o.customer_id
      where o.tenant_id = ${ctx.tenant.id} and o.status = 'completed' and o.business_date between ${p.from}::date and ${p.to}::date
      order by o.business_date desc, o.created_at desc, o.id desc
      limit ${RECENT_LIMIT}
    `),
  );
  return {
    period: p,
    sales: rows.map((r) => ({
      id: r.id,
      number: r.number,
      ncf: r.ncf,
      total: r.total,
      createdAt: new Date(r.created_at),
      businessDate: r.business_date,
      paymentStatus: r.payment_status,
      customerName: r.customer_name,
    })),
  };
}

/**
 * The lines of the period's completed sales, for the three item widgets: `with o … select … from
 * o join order_items oi`. The period's orders come from orders_list_idx; their lines are read as
 * one range of order_items by order id, from the smallest to the largest id among those orders,
 * joined back to the orders so the result is exact whatever the ids. Order ids are UUID v7 (time
 * first), so a period's orders have neighbouring ids and the range holds little else: one index
 * range scan instead of a probe per order (which PostgreSQL, under the RLS role without parallel
 * workers, turned into a scan of every line of the tenant: 1 s for a month of 500,000 orders).
 * uuid has no min/max in PostgreSQL 15: its text under the C collation sorts the same way.
 */
function periodLines(ctx: DashboardContext, p: DashboardPeriod, join = sql``) {
  return {
    with: sql`
      o as materialized (
        select id from orders
        where tenant_id = ${ctx.tenant.id} and status = 'completed' and business_date between ${p.from}::date and ${p.to}::date
      ),
      b as (select min(id::text collate "C")::uuid as lo, max(id::text collate "C")::uuid as hi from o)`,
    from: sql`
      from o
      join order_items oi on oi.tenant_id = ${ctx.tenant.id} and oi.order_id = o.id
      ${join}
      where oi.order_id >= (select lo from b) and oi.order_id <= (select hi from b)`,
  };
}

/** The five products that sold the most (amount with ITBIS, then units) in the period. */
export async function getTopProducts(ctx: DashboardContext, range: DashboardRange) {
  const p = periodOf(ctx, range);
  const lines = periodLines(ctx, p);
  const rows = rowsOf<{ product_id: string; name: string; quantity: string; total: string }>(
    await ctx.tx.execute(sql`
      with ${lines.with}, agg as (
        select oi.product_id, sum(oi.quantity) as quantity, sum(oi.total) as total
        ${lines.from}
        group by oi.product_id
        order by total desc, quantity desc, oi.product_id
        limit ${TOP_PRODUCTS_LIMIT}
      )
      select agg.product_id, pr.name, agg.quantity::text as quantity, agg.total::numeric(14, 2)::text as total
      from agg
      join products pr on pr.tenant_id = ${ctx.tenant.id} and pr.id = agg.product_id
      order by agg.total desc, agg.quantity desc, agg.product_id
    `),
  );
  return { period: p, products: rows.map((r) => ({ productId: r.product_id, name: r.name, quantity: r.quantity, total: r.total })) };
}

/** Sales by the products' category (null: products without one), largest first, with each one's share of the period in percent. */
export async function getSalesByCategory(ctx: DashboardContext, range: DashboardRange) {
  const p = periodOf(ctx, range);
  const lines = periodLines(ctx, p, sql`join products pr on pr.tenant_id = oi.tenant_id and pr.id = oi.product_id`);
  const rows = rowsOf<{ category_id: string | null; name: string | null; quantity: string; total: string; share: string }>(
    await ctx.tx.execute(sql`
      with ${lines.with}, agg as (
        select pr.category_id, sum(oi.quantity) as quantity, sum(oi.total) as total
        ${lines.from}
        group by pr.category_id
      )
      select agg.category_id, c.name, agg.quantity::text as quantity, agg.total::numeric(14, 2)::text as total,
        case when sum(agg.total) over () > 0 then round(agg.total * 100 / sum(agg.total) over (), 1) else 0 end::text as share
      from agg
      left join product_categories c on c.tenant_id = ${ctx.tenant.id} and c.id = agg.category_id
      order by agg.total desc, c.name nulls last
    `),
  );
  return { period: p, categories: rows.map((r) => ({ categoryId: r.category_id, name: r.name, quantity: r.quantity, total: r.total, share: r.share })) };
}

/** Sales credited to each seller (the line's seller; null: lines with none), largest first, with how many invoices each took part in. */
export async function getEmployeeSales(ctx: DashboardContext, range: DashboardRange) {
  const p = periodOf(ctx, range);
  const lines = periodLines(ctx, p);
  const rows = rowsOf<{ employee_id: string | null; name: string | null; code: string | null; invoice_count: number; total: string }>(
    await ctx.tx.execute(sql`
      with ${lines.with}, agg as (
        select oi.seller_employee_id as employee_id, count(distinct o.id)::int as invoice_count, sum(oi.total) as total
        ${lines.from}
        group by oi.seller_employee_id
      )
      select agg.employee_id, e.name, e.code, agg.invoice_count, agg.total::numeric(14, 2)::text as total
      from agg
      left join employees e on e.tenant_id = ${ctx.tenant.id} and e.id = agg.employee_id
      order by agg.total desc, e.name nulls last
    `),
  );
  return {
    period: p,
    employees: rows.map((r) => ({ employeeId: r.employee_id, name: r.name, code: r.code, invoiceCount: Number(r.invoice_count), total: r.total })),
  };
}
