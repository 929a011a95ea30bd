import { type SQL, sql } from "drizzle-orm";
import { PLAN_STATUSES, type PlanStatus } from "../../../../shared/dental/constants";
import {
  type DentalDashboard,
  type DentalReport,
  EMPTY_FIGURES,
  fillPeriods,
  type ReportFigures,
  type ReportGrouping,
  type ReportInput,
  type ReportPeriod,
  type RevenueByProcedure,
  type StatusCount,
} from "../../../../shared/dental/reports";
import { businessDate } from "../../../../shared/platform/dates";
import { rowsOf, type Tx } from "../../../db/client";

/**
 * The dental dashboard and reports (issue 18 §2): SQL over the module's tables (written by the
 * other areas) and the invoice tables. Dates are business dates in the tenant's time zone; a
 * timestamp counts on the calendar day it fell on there. Amounts are summed by PostgreSQL.
 */
export interface FiguresContext {
  tx: Tx;
  tenant: { id: string; timezone: string };
}

interface Range {
  from: string;
  to: string;
}

/** A timestamp column's calendar date in the tenant's time zone. */
const localDate = (ctx: FiguresContext, column: SQL) => sql`(${column} at time zone ${ctx.tenant.timezone})::date`;
/** The first instant of a business date, and the first instant after another. */
const startOf = (ctx: FiguresContext, date: string) => sql`(${date}::date::timestamp at time zone ${ctx.tenant.timezone})`;
const endOf = (ctx: FiguresContext, date: string) => sql`((${date}::date + 1)::timestamp at time zone ${ctx.tenant.timezone})`;
const bucket = (unit: ReportGrouping, d: SQL) => sql`date_trunc(${unit}, ${d}::timestamp)::date::text`;

type Counted = { period: string | null; n: number };

/** One figure per period and over the whole range (grouping sets: the total row has period null). */
async function countByPeriod(ctx: FiguresContext, unit: ReportGrouping, source: SQL, value = sql`count(*)`) {
  const rows = rowsOf<Counted>(
    await ctx.tx.execute(sql`
      with src as (${source}), b as (select *, ${bucket(unit, sql`d`)} as period from src)
      select period, (${value})::int as n
      from b group by grouping sets ((period), ())`),
  );
  return rows;
}

/** Distinct patients with a clinical record or a done procedure on the day. */
function seenSource(ctx: FiguresContext, r: Range) {
  const t = ctx.tenant.id;
  return sql`
    select patient_id, visit_date as d from dental_clinical_records
      where tenant_id = ${t} and visit_date between ${r.from}::date and ${r.to}::date
    union
    select p.patient_id, ${localDate(ctx, sql`pp.done_at`)} as d
      from dental_plan_procedures pp
      join dental_treatment_plans p on p.tenant_id = pp.tenant_id and p.id = pp.plan_id
      where pp.tenant_id = ${t} and pp.status = 'done' and pp.done_at >= ${startOf(ctx, r.from)} and pp.done_at < ${endOf(ctx, r.to)}`;
}

/** Invoiced dental procedures: lines of catalogue products on completed invoices that bill plan procedures. */
function revenueLines(ctx: FiguresContext, r: Range) {
  const t = ctx.tenant.id;
  return sql`
    select o.business_date as d, pt.id as procedure_type_id, oi.quantity, oi.total
    from orders o
    join order_items oi on oi.tenant_id = o.tenant_id and oi.order_id = o.id
    join dental_procedure_types pt on pt.tenant_id = oi.tenant_id and pt.product_id = oi.product_id
    where o.tenant_id = ${t} and o.status = 'completed' and o.business_date between ${r.from}::date and ${r.to}::date
      and exists (select 1 from dental_plan_procedures pp where pp.tenant_id = o.tenant_id and pp.order_id = o.id)`;
}

export async function revenueByProcedure(ctx: FiguresContext, r: Range): Promise<RevenueByProcedure[]> {
  const rows = rowsOf<{ procedure_type_id: string; code: string; name: string; count: number; revenue: string }>(
    await ctx.tx.execute(sql`
      with lines as (${revenueLines(ctx, r)})
      select l.procedure_type_id, pt.code, pr.name, sum(l.quantity)::int as count, sum(l.total)::numeric(14, 2)::text as revenue
      from lines l
      join dental_procedure_types pt on pt.tenant_id = ${ctx.tenant.id} and pt.id = l.procedure_type_id
      join products pr on pr.tenant_id = pt.tenant_id and pr.id = pt.product_id
      group by l.procedure_type_id, pt.code, pr.name
      order by sum(l.total) desc, pr.name`),
  );
  return rows.map((x) => ({ procedureTypeId: x.procedure_type_id, code: x.code, name: x.name, count: Number(x.count), revenue: x.revenue }));
}

/** Plans by current status (all of them, or those created in the range), in the status order. */
export async function plansByStatus(ctx: FiguresContext, r?: Range): Promise<StatusCount[]> {
  const within = r ? sql` and created_at >= ${startOf(ctx, r.from)} and created_at < ${endOf(ctx, r.to)}` : sql``;
  const rows = rowsOf<{ status: PlanStatus; count: number }>(
    await ctx.tx.execute(sql`select status, count(*)::int as count from dental_treatment_plans where tenant_id = ${ctx.tenant.id}${within} group by status`),
  );
  const by = new Map(rows.map((x) => [x.status, Number(x.count)]));
  return PLAN_STATUSES.map((status) => ({ status, count: by.get(status) ?? 0 }));
}

/** Every figure of the report by period and over the range. */
export async function figuresByPeriod(ctx: FiguresContext, r: Range, unit: ReportGrouping): Promise<{ periods: ReportPeriod[]; totals: ReportFigures }> {
  const t = ctx.tenant.id;
  const [seen, patients, done, revenue, proposed, accepted, labs] = await Promise.all([
    countByPeriod(ctx, unit, seenSource(ctx, r), sql`count(distinct patient_id)`),
    countByPeriod(ctx, unit, sql`select ${localDate(ctx, sql`created_at`)} as d from dental_patients where tenant_id = ${t} and created_at >= ${startOf(ctx, r.from)} and created_at < ${endOf(ctx, r.to)}`),
    countByPeriod(
      ctx,
      unit,
      sql`select ${localDate(ctx, sql`done_at`)} as d from dental_plan_procedures where tenant_id = ${t} and status = 'done' and done_at >= ${startOf(ctx, r.from)} and done_at < ${endOf(ctx, r.to)}`,
    ),
    rowsOf<{ period: string | null; n: string }>(
      await ctx.tx.execute(sql`
        with src as (${revenueLines(ctx, r)}), b as (select *, ${bucket(unit, sql`d`)} as period from src)
        select period, sum(total)::numeric(14, 2)::text as n
        from b group by grouping sets ((period), ())`),
    ),
    countByPeriod(
      ctx,
      unit,
      sql`select ${localDate(ctx, sql`created_at`)} as d from dental_treatment_plans where tenant_id = ${t} and status <> 'draft' and created_at >= ${startOf(ctx, r.from)} and created_at < ${endOf(ctx, r.to)}`,
    ),
    countByPeriod(
      ctx,
      unit,
      sql`select ${localDate(ctx, sql`created_at`)} as d from dental_treatment_plans where tenant_id = ${t} and approved_at is not null and created_at >= ${startOf(ctx, r.from)} and created_at < ${endOf(ctx, r.to)}`,
    ),
    countByPeriod(ctx, unit, sql`select ${localDate(ctx, sql`created_at`)} as d from dental_lab_orders where tenant_id = ${t} and created_at >= ${startOf(ctx, r.from)} and created_at < ${endOf(ctx, r.to)}`),
  ]);
  const periods = new Map<string, ReportPeriod>();
  const totals: ReportFigures = { ...EMPTY_FIGURES };
  const put = (period: string | null, key: keyof ReportFigures, value: number | string) => {
    if (period === null) {
      (totals as unknown as Record<string, number | string>)[key] = value;
      return;
    }
    const row = periods.get(period) ?? { period, ...EMPTY_FIGURES };
    (row as unknown as Record<string, number | string>)[key] = value;
    periods.set(period, row);
  };
  for (const x of seen) put(x.period, "patientsSeen", Number(x.n));
  for (const x of patients) put(x.period, "newPatients", Number(x.n));
  for (const x of done) put(x.period, "proceduresDone", Number(x.n));
  for (const x of revenue) put(x.period, "revenue", x.n ?? "0.00");
  for (const x of proposed) put(x.period, "plansProposed", Number(x.n));
  for (const x of accepted) put(x.period, "plansAccepted", Number(x.n));
  for (const x of labs) put(x.period, "labOrders", Number(x.n));
  return { periods: fillPeriods(r.from, r.to, unit, [...periods.values()]), totals };
}

/** dental.getReports: the figures of a date range by day, week or month. */
export async function getReport(ctx: FiguresContext, input: ReportInput): Promise<DentalReport> {
  const [{ periods, totals }, revenue, statuses] = await Promise.all([figuresByPeriod(ctx, input, input.groupBy), revenueByProcedure(ctx, input), plansByStatus(ctx, input)]);
  // The first period starts at the range's start (a week or month may begin before it).
  if (periods[0]) periods[0] = { ...periods[0], period: periods[0].period < input.from ? input.from : periods[0].period };
  return { from: input.from, to: input.to, groupBy: input.groupBy, periods, totals, revenueByProcedure: revenue, treatmentsByStatus: statuses };
}

/** dental.getDashboard: today's and this month's figures, plans by status, lab orders pending and overdue. */
export async function getDashboard(ctx: FiguresContext, now = new Date()): Promise<DentalDashboard> {
  const today = businessDate(now, ctx.tenant.timezone);
  const monthStart = `${today.slice(0, 7)}-01`;
  const month = { from: monthStart, to: today };
  const [{ periods, totals }, revenue, statuses, labs] = await Promise.all([
    figuresByPeriod(ctx, month, "day"),
    revenueByProcedure(ctx, month),
    plansByStatus(ctx),
    ctx.tx.execute(sql`
      select count(*)::int as pending, (count(*) filter (where due_date < ${today}::date))::int as overdue
      from dental_lab_orders where tenant_id = ${ctx.tenant.id} and status in ('pending', 'sent', 'in_progress')`),
  ]);
  const [lab] = rowsOf<{ pending: number; overdue: number }>(labs);
  const todayRow = periods.find((p) => p.period === today);
  return {
    today,
    monthStart,
    patientsSeen: { today: todayRow?.patientsSeen ?? 0, month: totals.patientsSeen },
    treatmentsByStatus: statuses,
    revenueByProcedure: revenue,
    revenueMonth: totals.revenue,
    labOrders: { pending: Number(lab?.pending ?? 0), overdue: Number(lab?.overdue ?? 0) },
    plans: { proposed: totals.plansProposed, accepted: totals.plansAccepted },
  };
}
