import { type SQL, sql } from "drizzle-orm";
import { type TimeOffEntry, type WeeklySchedule, workingIntervals } from "../../../../shared/appointments/availability";
import {
  averageOf,
  datesOf,
  emptyCounts,
  minutesOf,
  monthPeriod,
  type Period,
  REPORT_STATUSES,
  type ReportInput,
  rateSummary,
  type StatusCounts,
  sumMoney,
  utilization,
  weekPeriod,
} from "../../../../shared/appointments/report";
import type { AppointmentStatus } from "../../../../shared/appointments/schemas";
import { businessDate } from "../../../../shared/platform/dates";
import { rowsOf, type Tx } from "../../../db/client";
import { notFound } from "../../../trpc/errors";
import type { AppointmentContext } from "../service";

type Tenant = AppointmentContext["tenant"];

const isStatus = (s: string): s is AppointmentStatus => (REPORT_STATUSES as readonly string[]).includes(s);

/** The appointments the filters name (always this tenant's), as a WHERE fragment on alias a. */
function scope(tenantId: string, input: ReportInput): SQL {
  return sql`a.tenant_id = ${tenantId} ${input.employee_id ? sql`AND a.employee_id = ${input.employee_id}` : sql``} ${input.service_id ? sql`AND a.service_id = ${input.service_id}` : sql``}`;
}

/** An employee or service id of another tenant (or unknown) is NOT_FOUND, never an empty report. */
async function checkFilters(tx: Tx, tenantId: string, input: ReportInput) {
  const [found] = rowsOf<{ employee: string | null; service: string | null }>(
    await tx.execute(sql`SELECT
      ${input.employee_id ? sql`(SELECT id FROM employees WHERE tenant_id = ${tenantId} AND id = ${input.employee_id})` : sql`NULL`} AS employee,
      ${input.service_id ? sql`(SELECT id FROM products WHERE tenant_id = ${tenantId} AND id = ${input.service_id})` : sql`NULL`} AS service`),
  );
  if ((input.employee_id && !found?.employee) || (input.service_id && !found?.service)) throw notFound();
}

type StatusRow = { key: string; status: string; n: number | string; value: string | null; minutes: number | string | null };

/** Appointments of the period grouped by `by` (a column of a) and status: count, value and minutes. */
function grouped(tx: Tx, tenantId: string, input: ReportInput, by: SQL) {
  return tx
    .execute(sql`SELECT ${by} AS key, a.status, count(*) AS n, sum(a.total_amount)::text AS value, sum(a.duration_minutes) AS minutes
      FROM appointments a WHERE ${scope(tenantId, input)} AND a.appointment_date BETWEEN ${input.from}::date AND ${input.to}::date
      GROUP BY 1, 2`)
    .then((r) => rowsOf<StatusRow>(r));
}

/** Payments received in the period (local dates of the tenant), refunded deposits left out, by day, employee and service. */
function payments(tx: Tx, tenant: Tenant, input: ReportInput) {
  const tz = tenant.timezone;
  return tx
    .execute(sql`SELECT (p.created_at AT TIME ZONE ${tz})::date::text AS day, a.employee_id, a.service_id, sum(p.amount)::text AS amount
      FROM appointment_payments p JOIN appointments a ON a.tenant_id = p.tenant_id AND a.id = p.appointment_id
      WHERE p.tenant_id = ${tenant.id} AND ${scope(tenant.id, input)}
        AND p.created_at >= (${input.from}::date::timestamp AT TIME ZONE ${tz}) AND p.created_at < ((${input.to}::date + 1)::timestamp AT TIME ZONE ${tz})
        AND p.deposit_status IS DISTINCT FROM 'refunded'
      GROUP BY 1, 2, 3`)
    .then((r) => rowsOf<{ day: string; employee_id: string; service_id: string; amount: string }>(r));
}

/**
 * The employees whose time counts for utilization: the one filtered, else the active employees with
 * a schedule in the period (with a service filter, the ones assigned to it), plus anyone with
 * appointments in the period.
 */
function employeesOf(tx: Tx, tenantId: string, input: ReportInput) {
  const inPeriod = sql`a.appointment_date BETWEEN ${input.from}::date AND ${input.to}::date`;
  const where = input.employee_id
    ? sql`e.id = ${input.employee_id}`
    : sql`(e.is_active AND EXISTS (SELECT 1 FROM employee_schedules s WHERE s.tenant_id = e.tenant_id AND s.employee_id = e.id
          AND s.effective_from <= ${input.to}::date AND (s.effective_until IS NULL OR s.effective_until >= ${input.from}::date))
        ${input.service_id ? sql`AND EXISTS (SELECT 1 FROM employee_products ep WHERE ep.tenant_id = e.tenant_id AND ep.employee_id = e.id AND ep.product_id = ${input.service_id} AND ep.is_active)` : sql``})
        OR EXISTS (SELECT 1 FROM appointments a WHERE ${scope(tenantId, input)} AND a.employee_id = e.id AND ${inPeriod})`;
  return tx.execute(sql`SELECT e.id, e.name FROM employees e WHERE e.tenant_id = ${tenantId} AND (${where}) ORDER BY e.name, e.id`).then((r) => rowsOf<{ id: string; name: string }>(r));
}

/** Schedules and approved time off touching the period, of the employees of the report. */
function workRows(tx: Tx, tenantId: string, input: ReportInput, employees: SQL) {
  return Promise.all([
    tx
      .execute(sql`SELECT employee_id, effective_from::text, effective_until::text, days FROM employee_schedules
        WHERE tenant_id = ${tenantId} AND employee_id IN ${employees} AND effective_from <= ${input.to}::date AND (effective_until IS NULL OR effective_until >= ${input.from}::date)`)
      .then((r) => rowsOf<{ employee_id: string; effective_from: string; effective_until: string | null; days: unknown }>(r)),
    tx
      .execute(sql`SELECT employee_id, start_date::text, end_date::text, start_time, end_time FROM employee_time_off
        WHERE tenant_id = ${tenantId} AND employee_id IN ${employees} AND status = 'approved' AND start_date <= ${input.to}::date AND end_date >= ${input.from}::date`)
      .then((r) => rowsOf<{ employee_id: string; start_date: string; end_date: string; start_time: string | null; end_time: string | null }>(r)),
  ]);
}

/** The counts of today, this week and this month (appointments holding their time), from the business's today. */
function periodCounts(tx: Tx, tenantId: string, input: ReportInput, today: string) {
  const week = weekPeriod(today);
  const month = monthPeriod(today);
  const from = week.from < month.from ? week.from : month.from;
  const to = week.to > month.to ? week.to : month.to;
  return tx
    .execute(sql`SELECT count(*) FILTER (WHERE a.appointment_date = ${today}::date) AS today,
        count(*) FILTER (WHERE a.appointment_date BETWEEN ${week.from}::date AND ${week.to}::date) AS week,
        count(*) FILTER (WHERE a.appointment_date BETWEEN ${month.from}::date AND ${month.to}::date) AS month
      FROM appointments a WHERE ${scope(tenantId, input)} AND a.status <> 'cancelled' AND a.appointment_date BETWEEN ${from}::date AND ${to}::date`)
    .then((r) => {
      const [row] = rowsOf<{ today: number | string; week: number | string; month: number | string }>(r);
      return { today: Number(row?.today ?? 0), week: Number(row?.week ?? 0), month: Number(row?.month ?? 0) };
    });
}

/** Per key: status counts, value booked and minutes booked of the appointments not cancelled. */
function tally(rows: StatusRow[]) {
  const out = new Map<string, { counts: StatusCounts; values: string[]; minutes: number }>();
  for (const r of rows) {
    if (!isStatus(r.status)) continue;
    const entry = out.get(r.key) ?? { counts: emptyCounts(), values: [], minutes: 0 };
    entry.counts[r.status] += Number(r.n);
    if (r.status !== "cancelled") {
      entry.values.push(r.value ?? "0");
      entry.minutes += Number(r.minutes ?? 0);
    }
    out.set(r.key, entry);
  }
  return out;
}

/** The figures of one group (the whole period, an employee, a service). */
function figures(counts: StatusCounts, values: string[], revenue: string) {
  const rates = rateSummary(counts);
  const booked = sumMoney(values);
  return {
    appointments: rates.appointments,
    active: rates.active,
    completed: counts.completed,
    cancelled: rates.cancelled,
    no_show: rates.noShow,
    cancellation_rate: rates.cancellationRate,
    no_show_rate: rates.noShowRate,
    booked_value: booked,
    average_booking_value: averageOf(booked, rates.active),
    revenue,
  };
}

/**
 * appointment.getReport: the spec's metrics (today, this week, this month, revenue, utilization,
 * no-show and cancellation rates, average booking value) for a period, with the per-day series
 * (appointments by status, revenue), and the figures by employee and by service. The rules are in
 * src/shared/appointments/report.ts. Every read is scoped to the tenant; reads go out pipelined.
 */
export async function getReport(ctx: AppointmentContext, input: ReportInput) {
  const { tx, tenant } = ctx;
  const today = businessDate(new Date(), tenant.timezone);
  const period: Period = { from: input.from, to: input.to };
  await checkFilters(tx, tenant.id, input);
  const [byDay, byEmployee, byService, paid, counts, staff, serviceNames] = await Promise.all([
    grouped(tx, tenant.id, input, sql`a.appointment_date::text`),
    grouped(tx, tenant.id, input, sql`a.employee_id::text`),
    grouped(tx, tenant.id, input, sql`a.service_id::text`),
    payments(tx, tenant, input),
    periodCounts(tx, tenant.id, input, today),
    employeesOf(tx, tenant.id, input),
    tx
      .execute(sql`SELECT a.service_id::text AS id, coalesce(max(p.name), max(a.service_name)) AS name FROM appointments a
        LEFT JOIN products p ON p.tenant_id = a.tenant_id AND p.id = a.service_id
        WHERE ${scope(tenant.id, input)} AND a.appointment_date BETWEEN ${input.from}::date AND ${input.to}::date GROUP BY a.service_id`)
      .then((r) => rowsOf<{ id: string; name: string }>(r)),
  ]);
  const [schedules, timeOff] = staff.length
    ? await workRows(tx, tenant.id, input, sql`(${sql.join(
        staff.map((e) => sql`${e.id}::uuid`),
        sql`, `,
      )})`)
    : [[], []];

  const dates = datesOf(period);
  // Working minutes per employee over the period, from the availability engine (schedule − breaks − approved time off).
  const working = new Map<string, number>();
  for (const e of staff) {
    const employee = {
      schedules: schedules
        .filter((s) => s.employee_id === e.id)
        .map((s): WeeklySchedule => ({ effectiveFrom: s.effective_from, effectiveUntil: s.effective_until, days: (typeof s.days === "string" ? JSON.parse(s.days) : s.days) as WeeklySchedule["days"] })),
      timeOff: timeOff
        .filter((t) => t.employee_id === e.id)
        .map((t): TimeOffEntry => ({ startDate: t.start_date, endDate: t.end_date, startTime: t.start_time, endTime: t.end_time, approved: true })),
    };
    let minutes = 0;
    if (employee.schedules.length > 0) for (const d of dates) minutes += minutesOf(workingIntervals(employee, d));
    working.set(e.id, minutes);
  }

  const revenueBy = (pick: (p: (typeof paid)[number]) => string) => {
    const map = new Map<string, string[]>();
    for (const p of paid) map.set(pick(p), [...(map.get(pick(p)) ?? []), p.amount]);
    return (key: string) => sumMoney(map.get(key) ?? []);
  };
  const revenueOfDay = revenueBy((p) => p.day);
  const revenueOfEmployee = revenueBy((p) => p.employee_id);
  const revenueOfService = revenueBy((p) => p.service_id);

  const days = tally(byDay);
  const total = emptyCounts();
  const totalValues: string[] = [];
  let bookedMinutes = 0;
  for (const d of days.values()) {
    for (const s of REPORT_STATUSES) total[s] += d.counts[s];
    totalValues.push(...d.values);
    bookedMinutes += d.minutes;
  }
  const workingMinutes = [...working.values()].reduce((a, b) => a + b, 0);

  const employees = tally(byEmployee);
  const services = tally(byService);
  const names = new Map(serviceNames.map((s) => [s.id, s.name]));

  return {
    period,
    today,
    counts,
    summary: {
      ...figures(total, totalValues, sumMoney(paid.map((p) => p.amount))),
      booked_minutes: bookedMinutes,
      working_minutes: workingMinutes,
      utilization: utilization(bookedMinutes, workingMinutes),
    },
    by_status: REPORT_STATUSES.map((status) => ({ status, count: total[status] })),
    days: dates.map((date) => ({ date, ...(days.get(date)?.counts ?? emptyCounts()), revenue: revenueOfDay(date) })),
    employees: staff.map((e) => {
      const g = employees.get(e.id);
      const minutes = g?.minutes ?? 0;
      const workMinutes = working.get(e.id) ?? 0;
      return {
        id: e.id,
        name: e.name,
        ...figures(g?.counts ?? emptyCounts(), g?.values ?? [], revenueOfEmployee(e.id)),
        booked_minutes: minutes,
        working_minutes: workMinutes,
        utilization: utilization(minutes, workMinutes),
      };
    }),
    services: [...services.entries()]
      .map(([id, g]) => ({ id, name: names.get(id) ?? "", ...figures(g.counts, g.values, revenueOfService(id)) }))
      .sort((a, b) => b.appointments - a.appointments || a.name.localeCompare(b.name)),
  };
}
