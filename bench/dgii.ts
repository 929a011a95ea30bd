/**
 * DGII files benchmark (issue 14 §6 and its performance target: the 607 of a month with 100,000
 * sales, TXT generated in under 5 s on PostgreSQL). On a fresh PostgreSQL database it seeds the
 * demo tenant with BENCH_SALES (100,000) sales in the month measured and as many in the month
 * before (history the month's queries must skip): 90% consumer (B02) invoices to the cash
 * customer, 10% B01 to 200 companies with valid RNCs, one in a thousand consumer invoices of
 * RD$300,000 (listed one by one), 0.5% cancelled (608), one payment each (cash, card or transfer)
 * and a credit note (B04) for 1% of the sales; then it measures:
 *  - dgii.getTxt {format: '607'} through HTTP (signed in, one tenant transaction under RLS), one
 *    client, BENCH_ROUNDS (5) calls: the whole file, built and sent;
 *  - dgii.get607 (the preview's first page and every total) the same way;
 *  - the service alone in-process (read + build, no HTTP), and the pure builder alone;
 *  - the floor: the SQL the 607 sends (captured with its parameters inlined) replayed by pgbench
 *    with one client, when pgbench is on the PATH; and EXPLAIN (ANALYZE, BUFFERS) of its statements;
 *  - the credit notes' statement with and without an index on (tenant_id, business_date), created
 *    by hand here (no migration).
 * Writes its section of bench/RESULTS.md.
 * Usage: npm run bench:dgii  (BENCH_SALES, BENCH_ROUNDS, BENCH_PG_URL, BENCH_PORT, BENCH_KEEP)
 */
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { sql } from "drizzle-orm";
import { type Db, openDatabase, rowsOf, withTenant } from "../src/server/db/client";
import { sales607 } from "../src/server/modules/dgii/service";
import type { TenantRow } from "../src/server/modules/tenant/service";
import { periodBounds, previousPeriod } from "../src/shared/dgii/codes";
import { report607 } from "../src/shared/dgii/report";
import { businessDate } from "../src/shared/platform/dates";
import { trpcPath } from "./load";
import { captureSql, pgbenchVersion, runPgbench } from "./pgbench";
import { writeResultsSection } from "./results";
import { benchRequest, freshDemoDatabase, signInCookie, startBenchServer, stopBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3350);
const N = Number(process.env.BENCH_SALES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_MS = 5000;
const COMPANIES = 200;
const HEADING = "## DGII files (npm run bench:dgii)";

/** Valid RNCs (check digit as DGII defines it) for the seeded companies. */
function rncs(count: number): string[] {
  const weights = [7, 9, 8, 6, 5, 4, 3, 2];
  return Array.from({ length: count }, (_, i) => {
    const base = String(130_000_00 + i * 37).padStart(8, "0");
    const s = weights.reduce((sum, w, k) => sum + w * Number(base[k]), 0) % 11;
    return `${base}${((10 - s) % 9) + 1}`;
  });
}

/** An array as one PostgreSQL array literal (drizzle would send a JS array as a row of parameters). */
const pgArray = (xs: readonly string[]) => `{${xs.join(",")}}`;
const ms = (t0: number) => Math.round(performance.now() - t0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function seedMonth(db: Db, tenant: TenantRow, period: string, offset: number, refs: Refs) {
  const { from } = periodBounds(period);
  const days = Number(periodBounds(period).to.slice(8, 10));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO orders (tenant_id, id, number, client_order_id, customer_id, warehouse_id, ncf_type_id, ncf, status, payment_status, balance_due,
                          subtotal, discount_total, tax_total, total, paid_total, user_id, business_date, cancel_reason_code, cancelled_at, created_at, updated_at, source)
      SELECT ${tenant.id}::uuid, gen_random_uuid(), 'BF-' || lpad(g::text, 7, '0'), gen_random_uuid(),
             CASE WHEN g % 10 = 0 THEN (${pgArray(refs.companies)}::uuid[])[1 + (g / 10) % ${COMPANIES}] ELSE ${refs.walkIn}::uuid END,
             ${refs.warehouse}::uuid,
             CASE WHEN g % 10 = 0 THEN ${refs.b01}::uuid ELSE ${refs.b02}::uuid END,
             CASE WHEN g % 10 = 0 THEN 'B01' ELSE 'B02' END || lpad((20000000 + g)::text, 8, '0'),
             CASE WHEN g % 200 = 7 THEN 'cancelled' ELSE 'completed' END, 'paid', 0,
             x.amount, 0, x.tax, x.amount + x.tax, x.amount + x.tax, ${refs.owner}::uuid, d.day,
             CASE WHEN g % 200 = 7 THEN '04' END, CASE WHEN g % 200 = 7 THEN d.at END, d.at, d.at, 'pos'
        FROM generate_series(${offset + 1}::int, ${offset + N}::int) g
        CROSS JOIN LATERAL (SELECT CASE WHEN g % 1000 = 3 THEN 300000.00 ELSE (100 + g % 5000)::numeric(14, 2) END AS amount) a
        CROSS JOIN LATERAL (SELECT a.amount, round(a.amount * 0.18, 2) AS tax) x
        CROSS JOIN LATERAL (SELECT (${from}::date + (g % ${days})) AS day) dd
        CROSS JOIN LATERAL (SELECT dd.day, ((dd.day + time '08:00' + (g % 600) * interval '1 minute') AT TIME ZONE 'America/Santo_Domingo') AS at) d`);
    await tx.execute(sql`
      INSERT INTO order_payments (tenant_id, id, order_id, payment_method_id, currency_id, amount, rate, base_amount, status, created_at)
      SELECT o.tenant_id, gen_random_uuid(), o.id, (${pgArray(refs.methods)}::uuid[])[1 + abs(hashtext(o.number)) % 3], ${refs.dop}::uuid, o.total, 1, o.total,
             CASE WHEN o.status = 'cancelled' THEN 'cancelled' ELSE 'completed' END, o.created_at
        FROM orders o
       WHERE o.tenant_id = ${tenant.id} AND o.number LIKE 'BF-%' AND o.business_date >= ${from}::date AND o.business_date < ${periodBounds(period).next}::date`);
    await tx.execute(sql`
      INSERT INTO credit_notes (tenant_id, id, number, client_key, order_id, customer_id, warehouse_id, ncf_type_id, ncf, modified_ncf, reason, status, refund_method,
                                subtotal, tax_total, total, refund_amount, user_id, business_date, created_at, updated_at)
      SELECT o.tenant_id, gen_random_uuid(), 'BNC-' || o.number, gen_random_uuid(), o.id, o.customer_id, o.warehouse_id, ${refs.b04}::uuid,
             'B04' || lpad((30000000 + substr(o.number, 4)::int)::text, 8, '0'), o.ncf, 'product_return', 'used', 'cash',
             round(o.subtotal / 2, 2), round(o.tax_total / 2, 2), round(o.subtotal / 2, 2) + round(o.tax_total / 2, 2), round(o.subtotal / 2, 2) + round(o.tax_total / 2, 2),
             o.user_id, o.business_date, o.created_at, o.created_at
        FROM orders o
       WHERE o.tenant_id = ${tenant.id} AND o.number LIKE 'BF-%' AND o.status = 'completed' AND substr(o.number, 4)::int % 100 = 5
         AND o.business_date >= ${from}::date AND o.business_date < ${periodBounds(period).next}::date`);
  });
}

interface Refs {
  walkIn: string;
  companies: string[];
  warehouse: string;
  owner: string;
  b01: string;
  b02: string;
  b04: string;
  dop: string;
  methods: string[];
}

async function refsOf(db: Db, tenant: TenantRow): Promise<Refs> {
  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0]!;
  const companies = rncs(COMPANIES);
  await db.execute(sql`
    INSERT INTO customers (tenant_id, id, code, name, tax_id)
    SELECT ${tenant.id}::uuid, gen_random_uuid(), 'BC-' || i, 'Empresa ' || i, (${pgArray(companies)}::text[])[i] FROM generate_series(1, ${COMPANIES}) i`);
  const type = (code: string) => one<{ id: string }>(sql`SELECT id FROM ncf_types WHERE tenant_id = ${tenant.id} AND code = ${code}`).then((r) => r.id);
  const method = (code: string) => one<{ id: string }>(sql`SELECT id FROM payment_methods WHERE tenant_id = ${tenant.id} AND code = ${code}`).then((r) => r.id);
  return {
    walkIn: (await one<{ id: string }>(sql`SELECT id FROM customers WHERE tenant_id = ${tenant.id} AND is_default`)).id,
    companies: rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM customers WHERE tenant_id = ${tenant.id} AND code LIKE 'BC-%' ORDER BY code`)).map((r) => r.id),
    warehouse: (await one<{ id: string }>(sql`SELECT id FROM warehouses WHERE tenant_id = ${tenant.id} ORDER BY "order" LIMIT 1`)).id,
    owner: (await one<{ id: string }>(sql`SELECT id FROM users WHERE tenant_id = ${tenant.id} AND email = 'owner@demo.test'`)).id,
    b01: await type("B01"),
    b02: await type("B02"),
    b04: await type("B04"),
    dop: (await one<{ id: string }>(sql`SELECT id FROM currencies WHERE tenant_id = ${tenant.id} AND code = 'DOP'`)).id,
    methods: [await method("CASH"), await method("CARD"), await method("TRANSFER")],
  };
}

async function explain(db: Db, tenantId: string, statement: string): Promise<string[]> {
  return withTenant(db, tenantId, async (tx) => rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`))).map((r) => r["QUERY PLAN"]));
}

async function main() {
  const { url, database, tenant, drop } = await freshDemoDatabase("dgii");
  let child: ChildProcess | undefined;
  try {
    // The month measured: the previous one (the one a business files by the 15th), and the one before as history.
    const period = previousPeriod(businessDate(new Date(), tenant.timezone));
    const history = previousPeriod(`${period.slice(0, 4)}-${period.slice(4, 6)}-01`);
    const t0 = performance.now();
    const refs = await refsOf(database.db, tenant);
    await seedMonth(database.db, tenant, period, 0, refs);
    await seedMonth(database.db, tenant, history, N, refs);
    for (const table of ["orders", "order_payments", "credit_notes", "customers"]) await database.db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
    const seedSeconds = ((performance.now() - t0) / 1000).toFixed(1);
    const [counts] = rowsOf<{ orders: number; month: number; notes: number; payments: number }>(
      await database.db.execute(sql`
        SELECT (SELECT count(*)::int FROM orders WHERE tenant_id = ${tenant.id}) AS orders,
               (SELECT count(*)::int FROM orders WHERE tenant_id = ${tenant.id} AND business_date BETWEEN ${periodBounds(period).from}::date AND ${periodBounds(period).to}::date) AS month,
               (SELECT count(*)::int FROM credit_notes WHERE tenant_id = ${tenant.id}) AS notes,
               (SELECT count(*)::int FROM order_payments WHERE tenant_id = ${tenant.id}) AS payments`),
    );
    console.log(`seeded ${counts!.orders} orders (${counts!.month} in ${period}), ${counts!.payments} payments, ${counts!.notes} credit notes in ${seedSeconds} s`);

    // In-process: the service's reads and the pure builder, timed apart.
    const serviceTimes: number[] = [];
    const buildTimes: number[] = [];
    let lines = 0;
    let bytes = 0;
    let summarized = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const s0 = performance.now();
      const sales = await withTenant(database.db, tenant.id, (tx) => sales607({ tx, tenant }, period));
      const b0 = performance.now();
      const report = report607(tenant.taxId, period, sales);
      buildTimes.push(ms(b0));
      serviceTimes.push(ms(s0));
      lines = report.header.count;
      bytes = Buffer.byteLength(report.content, "utf8");
      summarized = report.summary.count;
    }
    console.log({ serviceTimes, buildTimes, lines, bytes, summarized });

    // The SQL it sends, for the floor and the plans.
    const floorDb = await openDatabase({ url });
    let statements: string[] = [];
    try {
      statements = await captureSql(floorDb.db, tenant.id, (tx) => sales607({ tx, tenant }, period));
    } finally {
      await floorDb.close();
    }
    const reads = statements.filter((s) => /^select/i.test(s) && /from (orders|order_payments|credit_notes|payment_methods)/i.test(s));
    const planOf = async (needle: RegExp) => {
      const statement = reads.find((s) => needle.test(s));
      return statement ? explain(database.db, tenant.id, statement) : [];
    };
    const ordersPlan = await planOf(/FROM orders o JOIN customers/i);
    const paymentsPlan = await planOf(/FROM order_payments p/i);
    const notesStatement = reads.find((s) => /FROM credit_notes n/i.test(s))!;
    const notesPlan = await explain(database.db, tenant.id, notesStatement);
    const execTime = (plan: string[]) => plan.find((l) => l.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "?";
    // The credit notes by business date: no index on (tenant_id, business_date) today; the same statement with one made by hand.
    await database.db.execute(sql.raw("CREATE INDEX credit_notes_business_date_idx ON credit_notes (tenant_id, business_date)"));
    await database.db.execute(sql.raw("ANALYZE credit_notes"));
    const notesPlanIndexed = await explain(database.db, tenant.id, notesStatement);
    await database.db.execute(sql.raw("DROP INDEX credit_notes_business_date_idx"));
    await database.close();

    const pgbench = pgbenchVersion();
    const floor = pgbench ? runPgbench(url, "floor (pgbench -c 1): the 607's SQL (methods, orders, payments, credit notes)", [statements], 1, 10) : null;

    child = await startBenchServer(PORT, url);
    const cookie = await signInCookie(PORT);
    const timed = async (path: string) => {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < ROUNDS + 1; i++) {
        const r0 = performance.now();
        const r = await benchRequest(PORT, "GET", path, null, cookie);
        const elapsed = ms(r0);
        if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text.slice(0, 300)}`);
        size = Buffer.byteLength(r.text, "utf8");
        if (i > 0) times.push(elapsed); // the first call warms the server up
      }
      return { p50: median(times), max: Math.max(...times), min: Math.min(...times), size };
    };
    const txt = await timed(trpcPath("dgii.getTxt", { format: "607", period }));
    const preview = await timed(trpcPath("dgii.get607", { period }));
    const it1 = await timed(trpcPath("dgii.getIt1", { period }));
    console.log({ txt, preview, it1, floor });

    const loadAvg = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ");
    const section = [
      `${new Date().toISOString().slice(0, 10)}, the 607 of ${period}: ${counts!.month.toLocaleString("en-US")} sales in the month (${(counts!.orders - counts!.month).toLocaleString("en-US")} more in the tenant, the month before included), ${counts!.payments.toLocaleString("en-US")} payments, ${counts!.notes.toLocaleString("en-US")} credit notes; 90% consumer invoices to the cash customer, 10% B01 to ${COMPANIES} companies, 0.5% cancelled, 1% with a credit note; seeded set-based in ${seedSeconds} s, then vacuum analyze. PostgreSQL 127.0.0.1:5432, one client, ${ROUNDS} calls after a warm-up, ${os.cpus().length} cores shared by server and database; load average after the run ${loadAvg}. The file: ${lines.toLocaleString("en-US")} detail lines (B01, credit notes and the consumer invoices of RD$250,000 or more), ${summarized.toLocaleString("en-US")} consumer invoices in the summary, ${bytes.toLocaleString("en-US")} bytes.`,
      "",
      "| measurement (ms) | p50 | min | max | answer |",
      "|---|---:|---:|---:|---:|",
      `| HTTP dgii.getTxt {format: '607'}: the whole TXT | ${txt.p50} | ${txt.min} | ${txt.max} | ${(txt.size / 1024).toFixed(0)} KB |`,
      `| HTTP dgii.get607: the preview's first page and every total | ${preview.p50} | ${preview.min} | ${preview.max} | ${(preview.size / 1024).toFixed(0)} KB |`,
      `| HTTP dgii.getIt1 | ${it1.p50} | ${it1.min} | ${it1.max} | ${(it1.size / 1024).toFixed(0)} KB |`,
      `| in-process: the 607's reads and build (sales607 + report607) | ${median(serviceTimes)} | ${Math.min(...serviceTimes)} | ${Math.max(...serviceTimes)} | |`,
      `| in-process: report607 alone (lines, summary, TXT of ${counts!.month.toLocaleString("en-US")} sales) | ${median(buildTimes)} | ${Math.min(...buildTimes)} | ${Math.max(...buildTimes)} | |`,
      ...(floor ? [`| ${floor.title} | ${floor.p50} | | ${floor.max} | |`] : []),
      "",
      `Target: the 607 TXT of a month with ${N.toLocaleString("en-US")} sales under ${TARGET_MS / 1000} s on PostgreSQL — ${txt.max < TARGET_MS ? "met" : "not met on this run"} (slowest of ${ROUNDS}: ${txt.max} ms).`,
      "",
      pgbench
        ? `The floor, outside our code: the statements the 607 sends (captured from postgres.js with their parameters inlined: the payment methods, the month's orders with their customers, their payments by method, the credit notes) replayed by ${pgbench} -M prepared with one client for 10 s; what the app adds on top is turning ${counts!.month.toLocaleString("en-US")} rows into lines (report607), superjson and the HTTP answer.`
        : "The floor: pgbench was not found on the PATH, so no floor row.",
      "",
      `How: four statements in one round trip, all by business date in the tenant's zone: the month's orders joined to their customers (here the month is half the table, so PostgreSQL reads it whole; with years of history the range is orders_list_idx (tenant_id, business_date, …)), their completed payments up to the month's end grouped by order and method, and the credit notes; then one pass that adds money as whole cents (exact integers; big.js over 100,000 sales took over 4 s of the first run, cents take ${median(buildTimes)} ms) and joins the ${lines.toLocaleString("en-US")} lines. No index is needed for the target. Credit notes have none on their business date, so their statement reads all of the tenant's notes: ${execTime(notesPlan)} over ${counts!.notes.toLocaleString("en-US")} notes, and ${execTime(notesPlanIndexed)} with \`index("credit_notes_business_date_idx").on(t.tenantId, t.businessDate)\` created by hand (the same plan at this size; the index only matters once a tenant keeps many years of notes). Plans (EXPLAIN ANALYZE, BUFFERS):`,
      "",
      "```",
      "-- the month's orders with their customers",
      ...ordersPlan,
      "-- their payments by method",
      ...paymentsPlan,
      "```",
      "",
    ].join("\n");
    writeResultsSection(HEADING, section);
    console.log(`\n${HEADING}\n\n${section}`);
  } finally {
    await stopBenchServer(child);
    await drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
