/**
 * Availability benchmark (issue 15, performance: appointment.getAvailableSlots for a service with
 * 10 employees and 2,000 existing appointments in the month, p95 under 20 ms). On a fresh
 * PostgreSQL database with the demo tenant it adds one 30-minute service performed by 10
 * employees (Mon–Sat 08:00–18:00, break 12:00–13:00) and BENCH_APPOINTMENTS appointments (2,000)
 * spread over the next 30 days, then starts the server and measures appointment.getAvailableSlots
 * over HTTP (signed in; dates of the next 30 days in turn, without an employee and with one) at 1
 * and BENCH_CONNECTIONS clients, and the floor: the SQL the procedure sends, captured from
 * postgres.js and replayed by pgbench -M prepared (one client). Writes bench/RESULTS.md.
 * Usage: npm run bench:appointments  (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_APPOINTMENTS, BENCH_PG_URL, BENCH_KEEP)
 */
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { sql } from "drizzle-orm";
import { type Db, openDatabase, rowsOf, withTenant } from "../src/server/db/client";
import { getAvailableSlots } from "../src/server/modules/appointment/availability";
import type { tenants } from "../src/server/modules/tenant/tables";
import { addDaysTo, weekday } from "../src/shared/appointments/availability";
import { businessDate } from "../src/shared/platform/dates";
import { httpLoad, type Row, trpcPath } from "./load";
import { captureSql, pgbenchVersion, runPgbench } from "./pgbench";
import { writeResultsSection } from "./results";
import { freshDemoDatabase, signInCookie, startBenchServer, stopBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3360);
const N = Number(process.env.BENCH_APPOINTMENTS ?? 2000);
const EMPLOYEES = 10;
const DAYS = 30;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_P95_MS = 20;

const WEEK = Array.from({ length: 7 }, (_, d) =>
  d === 0 ? { dayOff: true, start: "08:00", end: "18:00", breaks: [] } : { dayOff: false, start: "08:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00" }] },
);

/** The service, its 10 employees with schedules, and N appointments of 30 minutes on their working days (never overlapping per employee). */
async function seed(db: Db, tenant: typeof tenants.$inferSelect, today: string) {
  const tenantId = tenant.id;
  const workdays = Array.from({ length: DAYS }, (_, i) => addDaysTo(today, i + 1)).filter((d) => weekday(d) !== 0);
  return withTenant(db, tenantId, async (tx) => {
    const [service] = rowsOf<{ id: string }>(
      await tx.execute(sql`INSERT INTO products (tenant_id, id, name, sku, product_type, price, is_scheduleable, default_duration)
        VALUES (${tenantId}, gen_random_uuid(), 'Servicio de prueba', 'BENCH-SRV', 'service', 800, true, 30) RETURNING id`),
    );
    const employees = rowsOf<{ id: string }>(
      await tx.execute(sql`INSERT INTO employees (tenant_id, id, code, name)
        SELECT ${tenantId}::uuid, gen_random_uuid(), 'BEMP-' || lpad(g::text, 2, '0'), 'Profesional ' || g FROM generate_series(1, ${EMPLOYEES}) g RETURNING id`),
    );
    const ids = `{${employees.map((e) => e.id).join(",")}}`;
    await tx.execute(sql`INSERT INTO employee_products (tenant_id, id, employee_id, product_id) SELECT ${tenantId}::uuid, gen_random_uuid(), e, ${service!.id}::uuid FROM unnest(${ids}::uuid[]) e`);
    await tx.execute(sql`INSERT INTO employee_schedules (tenant_id, id, employee_id, effective_from, days)
      SELECT ${tenantId}::uuid, gen_random_uuid(), e, '2020-01-01', ${JSON.stringify(WEEK)}::jsonb FROM unnest(${ids}::uuid[]) e`);
    // Slot k of a day (18 half hours outside the break) for employee j: the n-th appointment goes to
    // day n % days, employee (n / days) % 10, slot n / (days * 10) — spread evenly, never overlapping.
    const slots = ["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00", "17:30"];
    await tx.execute(sql`INSERT INTO appointments (tenant_id, id, appointment_number, customer_name, service_id, service_name, employee_id, appointment_date, start_time,
        duration_minutes, starts_at, ends_at, busy_from, busy_until, status, unit_price, total_amount, idempotency_key, created_at)
      SELECT ${tenantId}::uuid, gen_random_uuid(), lpad(n::text, 6, '0'), 'Cliente ' || n, ${service!.id}::uuid, 'Servicio de prueba', c.emp[1 + (n / c.d) % ${EMPLOYEES}::int],
        day::date, slot, 30, at, at + interval '30 minutes', at, at + interval '30 minutes',
        (array['pending','confirmed','completed','cancelled'])[1 + n % 4], 800, 800, 'bench-' || n, now() - make_interval(mins => n)
      FROM generate_series(0, ${N - 1}::int) n,
        LATERAL (SELECT ${`{${workdays.join(",")}}`}::text[] AS days, ${ids}::uuid[] AS emp, ${workdays.length}::int AS d) c,
        LATERAL (SELECT c.days[1 + n % c.d] AS day, (${`{${slots.join(",")}}`}::text[])[1 + (n / (c.d * ${EMPLOYEES}::int)) % 18] AS slot) s,
        LATERAL (SELECT (s.day::date + s.slot::time) AT TIME ZONE ${tenant.timezone} AS at) t`);
    await tx.execute(sql`SELECT enzzo_next_number(${tenantId}, 'appointment')`);
    return { serviceId: service!.id, employeeId: employees[0]!.id, workdays };
  });
}

async function main() {
  const { url, database, tenant, drop } = await freshDemoDatabase("appointments");
  let child: ChildProcess | undefined;
  try {
    const today = businessDate(new Date(), tenant.timezone);
    const t0 = Date.now();
    const { serviceId, employeeId, workdays } = await seed(database.db, tenant, today);
    for (const table of ["appointments", "employees", "employee_products", "employee_schedules", "products"]) await database.db.execute(sql.raw(`vacuum analyze ${table}`));
    const [count] = rowsOf<{ n: number; busy: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE status <> 'cancelled')::int AS busy FROM appointments WHERE tenant_id = ${tenant.id}`),
    );
    console.log(`seeded ${count!.n} appointments (${count!.busy} not cancelled) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // The SQL one call sends (a busy day), its plans and the pgbench floor.
    const floorDb = await openDatabase({ url });
    const date = workdays[3]!;
    let script: string[] = [];
    let slotsOfDay = 0;
    const plans: string[] = [];
    try {
      script = await captureSql(floorDb.db, tenant.id, async (tx) => {
        slotsOfDay = (await getAvailableSlots(tx, tenant, { date, service_id: serviceId })).length;
      });
      for (const statement of script.filter((s) => /^select/i.test(s))) {
        const plan = await withTenant(floorDb.db, tenant.id, async (tx) =>
          rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement}`))).map((r) => r["QUERY PLAN"]),
        );
        plans.push(`-- ${statement.slice(0, 90)}…`, ...plan, "");
      }
    } finally {
      await floorDb.close();
    }
    await database.close();
    const pgbench = pgbenchVersion();
    const floorSeconds = Math.max(3, Math.round(SECONDS / 2));
    const floor: Row[] = pgbench ? [runPgbench(url, "floor (pgbench -c 1): the SQL of one getAvailableSlots call", [script], 1, floorSeconds)] : [];

    child = await startBenchServer(PORT, url);
    const cookie = await signInCookie(PORT);
    const anyone = workdays.map((d) => trpcPath("appointment.getAvailableSlots", { date: d, service_id: serviceId }));
    const one = workdays.map((d) => trpcPath("appointment.getAvailableSlots", { date: d, service_id: serviceId, employee_id: employeeId }));
    await httpLoad({ port: PORT, connections: 1, seconds: 3 }, "warm-up", anyone, cookie);
    const rows = [
      await httpLoad({ port: PORT, connections: 1, seconds: SECONDS }, "1 client: any of the 10 employees", anyone, cookie),
      await httpLoad({ port: PORT, connections: 1, seconds: SECONDS }, "1 client: one employee", one, cookie),
      await httpLoad({ port: PORT, connections: CONNECTIONS, seconds: SECONDS }, `${CONNECTIONS} clients at once: any of the 10 employees`, anyone, cookie),
      ...floor,
    ];
    const worst = rows.filter((r) => r.title.startsWith("1 client")).reduce((a, r) => (r.p95 > a.p95 ? r : a));
    const errors = rows.reduce((a, r) => a + r.errors, 0);
    const loadAvg = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ");
    const section = [
      `${new Date().toISOString().slice(0, 10)}: one 30-minute service performed by ${EMPLOYEES} employees (Mon–Sat 08:00–18:00, break 12:00–13:00), ${count!.n.toLocaleString("en-US")} appointments over the next ${DAYS} days (${count!.busy.toLocaleString("en-US")} not cancelled; about ${Math.round(count!.n / workdays.length)} a working day), ${slotsOfDay} slots a day. PostgreSQL 127.0.0.1:5432, ${os.cpus().length} cores shared by server, database and load generator; load average after the run ${loadAvg}. Each client asks for the next date of the 30 in turn over HTTP (signed in, one tenant transaction under RLS) as soon as the last answer is read, for ${SECONDS} s; latency in ms measured by the script.`,
      "",
      "| measurement | calls | p50 | p95 | p99 | max | errors |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.title} | ${Math.round(r.rps * (r.title.startsWith("floor") ? floorSeconds : SECONDS))} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.errors} |`),
      "",
      `Target: p95 under ${TARGET_P95_MS} ms — ${errors > 0 ? `${errors} errors` : worst.p95 < TARGET_P95_MS ? "met" : "not met on this run"} (slowest p95 for one client: ${worst.p95} ms, ${worst.title}).`,
      "",
      pgbench ? `The floor, outside our code: the statements one call sent (BEGIN, the tenant and RLS role, the reads, COMMIT, parameters inlined) replayed by ${pgbench} -M prepared, one client.` : "The floor: pgbench was not found on the PATH.",
      "",
      "How: slots are computed, never stored. A call reads the service and the policy, then the assignees (employee_products joined to employees), then in one pipelined round trip their schedules in force, approved time off, the busy intervals of the day's appointments (appointments_employee_busy_idx on (tenant_id, employee_id, busy_from) where not cancelled, bounded to the day) and each employee's latest booking (appointments_employee_created_idx); the pure engine (src/shared/appointments/availability.ts) then builds the day's grid in well under a millisecond.",
      "",
      "Plans (EXPLAIN (ANALYZE, BUFFERS) under the tenant's RLS role):",
      "",
      "```",
      ...plans,
      "```",
    ].join("\n");
    writeResultsSection("## Appointment availability (npm run bench:appointments)", section);
    console.log(section);
  } finally {
    await stopBenchServer(child);
    await drop();
  }
}

await main();
