/**
 * Invoices back-office benchmark. On a fresh PostgreSQL database it seeds the demo tenant with
 * 200,000 invoices (BENCH_INVOICES) set-based over two years — 2,000 customers, one of them with
 * 5,000 invoices; paid, partial, pending and cancelled; B01 and B02; several sellers — starts the
 * server and measures with 8 concurrent clients (BENCH_CONNECTIONS), each sending its next
 * request when the previous one answers:
 *  - invoice.getAll with the list's filters (none, status, date range, customer, NCF type,
 *    seller, a number typed), a page of 20 with the filtered set's totals;
 *  - the aging statement of the customer with 5,000 invoices.
 * Results in bench/RESULTS.md. Usage: npm run bench:invoices (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PG_URL, BENCH_KEEP)
 */
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { sql } from "drizzle-orm";
import { rowsOf, withTenant } from "../src/server/db/client";
import { businessDate } from "../src/shared/platform/dates";
import { httpLoad, type Row, trpcPath } from "./load";
import { writeResultsSection } from "./results";
import { freshDemoDatabase, signInCookie, startBenchServer, stopBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3330);
const N = Number(process.env.BENCH_INVOICES ?? 200_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = 2_000;
const BIG_CUSTOMER_INVOICES = 5_000;
const TARGET_LIST_P95_MS = 50;
const TARGET_AGING_MS = 100;

/** The statement of one customer: the procedure the customer detail page calls. */
export const AGING_PROCEDURE = process.env.BENCH_AGING_PROCEDURE ?? "customer.getStatement";

async function main() {
  const { url, database, tenant, drop } = await freshDemoDatabase("invoices");
  let child: ChildProcess | undefined;
  try {
    const t0 = Date.now();
    const today = businessDate(new Date(), tenant.timezone);
    const ids = await withTenant(database.db, tenant.id, async (tx) => {
      await tx.execute(
        sql.raw(`
        insert into customers (tenant_id, id, code, name, tax_id)
        select '${tenant.id}'::uuid, gen_random_uuid(), 'BINV-' || lpad(g::text, 5, '0'), 'Cliente de prueba ' || g,
          case when g % 2 = 0 then lpad((100000000 + g)::text, 9, '0') end
        from generate_series(1, ${CUSTOMERS}) g`),
      );
      const [refs] = rowsOf<{ warehouse: string; user_id: string; b01: string; b02: string; sellers: string[] }>(
        await tx.execute(sql`select
          (select id from warehouses where is_default limit 1) as warehouse,
          (select id from users where is_owner limit 1) as user_id,
          (select id from ncf_types where code = 'B01') as b01,
          (select id from ncf_types where code = 'B02') as b02,
          (select coalesce(array_agg(id order by code), '{}') from employees) as sellers`),
      );
      const customers = rowsOf<{ id: string }>(await tx.execute(sql`select id from customers where code like 'BINV-%' order by code`)).map((r) => r.id);
      return { ...refs!, customers };
    });
    const big = ids.customers[0]!;
    const sellers = ids.sellers.length ? ids.sellers : [null];
    // Invoice g: one of 2,000 customers (the first gets 5,000), spread over 730 days; every 20th
    // cancelled, 10% pending, 8% partial, the rest paid; 30% B01.
    await withTenant(database.db, tenant.id, (tx) =>
      tx.execute(
        sql.raw(`
        insert into orders (tenant_id, id, number, client_order_id, customer_id, warehouse_id, ncf_type_id, ncf, status,
          payment_status, balance_due, due_date, seller_employee_id, source, subtotal, discount_total, tax_total, total, paid_total,
          user_id, business_date, created_at)
        select '${tenant.id}'::uuid, gen_random_uuid(), 'BFAC-' || lpad(g::text, 7, '0'), gen_random_uuid(),
          case when g <= ${BIG_CUSTOMER_INVOICES} then '${big}'::uuid else (array[${ids.customers.map((c) => `'${c}'::uuid`).join(",")}])[1 + g % ${CUSTOMERS}] end,
          '${ids.warehouse}'::uuid,
          case when g % 10 < 3 then '${ids.b01}'::uuid else '${ids.b02}'::uuid end,
          case when g % 10 < 3 then 'B01' else 'B02' end || lpad((1000000 + g)::text, 8, '0'),
          case when g % 20 = 0 then 'cancelled' else 'completed' end,
          case when g % 20 = 0 then 'paid' when g % 10 = 1 then 'pending' when g % 25 = 2 then 'partial' else 'paid' end,
          case when g % 20 = 0 then 0 when g % 10 = 1 then t.total when g % 25 = 2 then round(t.total / 2, 2) else 0 end,
          d.day + case when g % 10 = 1 or g % 25 = 2 then 30 else 0 end,
          ${sellers[0] ? `(array[${sellers.map((s) => `'${s}'::uuid`).join(",")}])[1 + g % ${sellers.length}]` : "null"},
          case when g % 7 = 0 then 'invoice' else 'pos' end,
          round(t.total / 1.18, 2), 0, t.total - round(t.total / 1.18, 2), t.total, t.total,
          '${ids.user_id}'::uuid, d.day, d.day + time '12:00' + (g % 3600) * interval '1 second'
        from generate_series(1, ${N}) g
        cross join lateral (select (100 + (g * 7919) % 20000)::numeric(14,2) as total) t
        cross join lateral (select ('${today}'::date - (g % 730)) as day) d`),
      ),
    );
    await database.db.execute(sql`vacuum analyze orders`);
    await database.db.execute(sql`vacuum analyze customers`);
    const seedSeconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(`seeded ${N} invoices in ${seedSeconds} s`);
    await database.close();

    child = await startBenchServer(PORT, url);
    const cookie = await signInCookie(PORT);
    const opts = { port: PORT, connections: CONNECTIONS, seconds: SECONDS };
    const list = (filters: Record<string, unknown>[]) => filters.map((f) => trpcPath("invoice.getAll", { page: 1, pageSize: 20, ...f }));
    const month = (back: number) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() - back);
      return d.toISOString().slice(0, 10);
    };
    const customers = ids.customers.slice(1, 9);
    const filters = {
      none: [{}, { page: 2 }, { page: 50 }],
      status: [{ status: "pending" }, { status: "partial" }, { status: "cancelled" }, { status: "paid" }],
      dates: [{ dateFrom: month(1), dateTo: today }, { dateFrom: month(7), dateTo: month(6) }, { dateFrom: month(13), dateTo: month(12) }],
      customer: customers.map((customerId) => ({ customerId })),
      ncfType: [{ ncfTypeId: ids.b01, dateFrom: month(3), dateTo: today }, { ncfTypeId: ids.b01 }],
      seller: sellers[0] ? sellers.map((sellerId) => ({ sellerId })) : [{}],
      search: [{ search: "BFAC-0012345" }, { search: "B0201054321" }, { search: "0099" }],
    };
    const all = Object.values(filters).flat();
    await httpLoad({ ...opts, seconds: 5 }, "warm-up", list(all), cookie);
    const rows: Row[] = [
      await httpLoad(opts, "invoice.getAll, every filter mixed", list(all), cookie),
      await httpLoad(opts, "invoice.getAll, no filter (pages 1, 2, 50)", list(filters.none), cookie),
      await httpLoad(opts, "invoice.getAll, by status", list(filters.status), cookie),
      await httpLoad(opts, "invoice.getAll, date range (a month)", list(filters.dates), cookie),
      await httpLoad(opts, "invoice.getAll, one customer", list(filters.customer), cookie),
      await httpLoad(opts, "invoice.getAll, NCF type (and 3 months)", list(filters.ncfType), cookie),
      await httpLoad(opts, "invoice.getAll, seller", list(filters.seller), cookie),
      await httpLoad(opts, "invoice.getAll, number or NCF typed", list(filters.search), cookie),
      await httpLoad({ ...opts, connections: 1 }, `${AGING_PROCEDURE}, customer with ${BIG_CUSTOMER_INVOICES.toLocaleString("en-US")} invoices (alone)`, [trpcPath(AGING_PROCEDURE, { customerId: big })], cookie),
    ];
    const mixed = rows[0]!;
    const aging = rows.at(-1)!;
    const verdict = (r: Row, target: number) => (r.errors > 0 || r.rps === 0 ? `not measured (${r.errors} errors)` : r.p95 < target ? `met (p95 ${r.p95} ms)` : `not met on this run (p95 ${r.p95} ms)`);
    const loadAvg = os.loadavg().map((l) => l.toFixed(1)).join(" / ");
    const section = [
      `${new Date().toISOString().slice(0, 10)}, ${N.toLocaleString("en-US")} invoices of ${CUSTOMERS.toLocaleString("en-US")} customers in one tenant (seeded set-based in ${seedSeconds} s). PostgreSQL 127.0.0.1:5432, ${CONNECTIONS} concurrent clients (each sends its next request when the previous one answers; the aging row: one client), ${SECONDS} s per row, ${os.cpus().length} cores shared by server, database and load generator; load average after the run ${loadAvg}. Latency per request measured by the script, in ms.`,
      "",
      "| measurement | requests/s | p50 | p95 | p99 | max | errors |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.errors} |`),
      "",
      `Targets: invoice.getAll p95 < ${TARGET_LIST_P95_MS} ms at ${CONNECTIONS} clients — ${verdict(mixed, TARGET_LIST_P95_MS)}; the aging statement of a customer with ${BIG_CUSTOMER_INVOICES.toLocaleString("en-US")} invoices under ${TARGET_AGING_MS} ms — ${verdict(aging, TARGET_AGING_MS)}.`,
      "",
    ].join("\n");
    writeResultsSection("## Invoices back office (npm run bench:invoices)", section);
    console.log(section);
  } finally {
    await stopBenchServer(child);
    await drop();
  }
}

await main();
