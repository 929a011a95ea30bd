/**
 * Accounting benchmark (issue 14's targets). On fresh PostgreSQL databases with the demo tenant:
 *  - what automatic postings add to pos.checkout: the same 10-line cash checkouts through HTTP,
 *    one cashier after the other (BENCH_CHECKOUTS each), first with accounting off, then on a
 *    second database with accounting initialized; p50 and p95 of each, interleaved in rounds so
 *    the machine's drift hits both (target: postings add under 20% to the p50);
 *  - accounting.getTrialBalance through HTTP over 1,000,000 posted journal lines (250,000
 *    four-line entries over the year, seeded with SQL), 20 calls (target: under 1 s), and the
 *    floor: the same aggregate statement timed in PostgreSQL with EXPLAIN (ANALYZE, BUFFERS).
 * Results go to bench/RESULTS.md. Usage: npm run bench:accounting  (BENCH_CHECKOUTS, BENCH_LINES)
 */
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { v7 } from "uuid";
import { type Database, rowsOf, withTenant } from "../src/server/db/client";
import { invalidateTenantCache } from "../src/server/modules/tenant/service";
import { businessDate } from "../src/shared/platform/dates";
import { writeResultsSection } from "./results";
import { benchRequest, freshDemoDatabase, openBenchCashboxes, signInCookie, startBenchServer, stopBenchServer } from "./server";

const PORT_OFF = Number(process.env.BENCH_PORT ?? 3350);
const PORT_ON = PORT_OFF + 1;
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 400);
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const ROUNDS = 4;

interface Fixture {
  warehouseId: string;
  cash: string;
  dop: string;
  productIds: string[];
}

async function fixture(database: Database, tenantId: string): Promise<Fixture> {
  const f = await withTenant(database.db, tenantId, async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(q))[0]!;
    const warehouse = await one<{ id: string }>(sql`select id from warehouses where is_default limit 1`);
    const cash = await one<{ id: string }>(sql`select id from payment_methods where code = 'CASH'`);
    const dop = await one<{ id: string }>(sql`select id from currencies where code = 'DOP'`);
    await tx.execute(sql`update ncf_ranges set range_to = 99999999 where status = 'active'`);
    // The demo catalogue's fixed-price products, stocked for the whole run.
    await tx.execute(sql`update product_stock set current_quantity = 1000000`);
    const products = rowsOf<{ id: string }>(await tx.execute(sql`select id from products where not variable_price and price > 0 and product_type = 'product' order by sku`));
    return { warehouseId: warehouse.id, cash: cash.id, dop: dop.id, productIds: products.map((p) => p.id) };
  });
  await openBenchCashboxes(database, tenantId, ["cashier@demo.test"]);
  return f;
}

let seq = 0;
function cart(f: Fixture) {
  const n = seq++;
  const items = Array.from({ length: Math.min(10, f.productIds.length) }, (_, i) => ({ productId: f.productIds[(n * 10 + i * 7) % f.productIds.length]!, quantity: String(1 + (i % 3)) }));
  return { clientOrderId: v7(), customerId: "default", warehouseId: f.warehouseId, items, payments: [{ paymentMethodId: f.cash, currencyId: f.dop, amount: "200000" }] };
}

async function checkouts(port: number, cookie: string, f: Fixture, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = await benchRequest(port, "POST", "/api/trpc/pos.checkout", JSON.stringify({ json: cart(f) }), cookie);
    times.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`checkout ${r.status}: ${r.text.slice(0, 200)}`);
  }
  return times;
}

const q = (sorted: number[], p: number) => Number(sorted[Math.floor((sorted.length - 1) * p)]!.toFixed(2));
const stats = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return { n: s.length, p50: q(s, 0.5), p95: q(s, 0.95) };
};

async function trpcQuery<T>(port: number, cookie: string, procedure: string, input: unknown): Promise<T> {
  const r = await benchRequest(port, "GET", `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, null, cookie);
  if (r.status !== 200) throw new Error(`${procedure}: ${r.status} ${r.text.slice(0, 300)}`);
  return (JSON.parse(r.text) as { result: { data: { json: T } } }).result.data.json;
}

/** 250,000 balanced four-line entries over the year, on leaf accounts of the chart, all posted. */
async function seedJournal(url: string, tenantId: string, userId: string, year: number) {
  const pg = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const entries = Math.floor(LINES / 4);
    await pg.unsafe(`
      create temp table bench_accounts as
        select row_number() over (order by code) - 1 as i, id from accounts where tenant_id = '${tenantId}' and not is_group;
      insert into journal_entries (tenant_id, id, number, date, description, status, source_type, total, user_id, posted_at, posted_by)
        select '${tenantId}', gen_random_uuid(), 'BENCH-' || g, make_date(${year}, 1, 1) + (g % 360), 'Asiento de prueba ' || g, 'posted', 'manual', 1000, '${userId}', now(), '${userId}'
        from generate_series(1, ${entries}) g;
      insert into journal_lines (tenant_id, id, entry_id, line_no, account_id, debit, credit, date, posted)
        select e.tenant_id, gen_random_uuid(), e.id, k, a.id,
          case when k <= 2 then 500 else 0 end, case when k > 2 then 500 else 0 end, e.date, true
        from journal_entries e
        cross join generate_series(1, 4) k
        join bench_accounts a on a.i = (abs(hashtext(e.id::text || k)) % (select count(*) from bench_accounts))
        where e.tenant_id = '${tenantId}' and e.number like 'BENCH-%';`);
    await pg.unsafe("vacuum analyze journal_lines");
    await pg.unsafe("vacuum analyze journal_entries");
    const [{ n }] = await pg.unsafe<{ n: string }[]>(`select count(*)::text as n from journal_lines where tenant_id = '${tenantId}'`);
    return Number(n);
  } finally {
    await pg.end();
  }
}

async function floorPlan(url: string, tenantId: string, from: string, to: string) {
  const pg = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const statement = `SELECT account_id,
        coalesce(sum(debit) FILTER (WHERE date < '${from}'::date), 0)::text AS od, coalesce(sum(credit) FILTER (WHERE date < '${from}'::date), 0)::text AS oc,
        coalesce(sum(debit) FILTER (WHERE date >= '${from}'::date), 0)::text AS d, coalesce(sum(credit) FILTER (WHERE date >= '${from}'::date), 0)::text AS c
      FROM journal_lines WHERE tenant_id = '${tenantId}' AND posted AND date <= '${to}'::date GROUP BY account_id`;
    const times: number[] = [];
    let plan = "";
    for (let i = 0; i < 5; i++) {
      const rows = await pg.unsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
      plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)![1]));
    }
    return { ms: stats(times).p50, plan };
  } finally {
    await pg.end();
  }
}

async function main() {
  const off = await freshDemoDatabase("acct_off");
  const fOff = await fixture(off.database, off.tenant.id);
  await off.database.close();
  // The tenant lookup is cached in the process by subdomain: the second database's demo is another tenant.
  invalidateTenantCache();
  const on = await freshDemoDatabase("acct_on");
  const fOn = await fixture(on.database, on.tenant.id);
  await on.database.close();
  const children: ChildProcess[] = [];
  try {
    children.push(await startBenchServer(PORT_OFF, off.url), await startBenchServer(PORT_ON, on.url));
    const cookieOff = await signInCookie(PORT_OFF, "cashier@demo.test");
    const cookieOn = await signInCookie(PORT_ON, "cashier@demo.test");
    const ownerOn = await signInCookie(PORT_ON, "owner@demo.test");
    await benchRequest(PORT_ON, "POST", "/api/trpc/accounting.initialize", JSON.stringify({ json: null }), ownerOn);
    // Warm both servers, then alternate rounds.
    await checkouts(PORT_OFF, cookieOff, fOff, 30);
    await checkouts(PORT_ON, cookieOn, fOn, 30);
    const tOff: number[] = [];
    const tOn: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      tOff.push(...(await checkouts(PORT_OFF, cookieOff, fOff, CHECKOUTS / ROUNDS)));
      tOn.push(...(await checkouts(PORT_ON, cookieOn, fOn, CHECKOUTS / ROUNDS)));
    }
    const sOff = stats(tOff);
    const sOn = stats(tOn);
    const added = ((sOn.p50 / sOff.p50 - 1) * 100).toFixed(1);
    console.log({ off: sOff, on: sOn, added });

    const today = businessDate(new Date(), "America/Santo_Domingo");
    const year = Number(today.slice(0, 4));
    const pg = postgres(on.url, { max: 1, onnotice: () => {} });
    const [{ id: userId }] = await pg<{ id: string }[]>`select id from users where email = 'owner@demo.test'`;
    await pg.end();
    const t0 = Date.now();
    const lines = await seedJournal(on.url, on.tenant.id, userId, year);
    const seedSeconds = ((Date.now() - t0) / 1000).toFixed(0);
    const range = { dateFrom: `${year}-01-01`, dateTo: `${year}-12-31` };
    const tbTimes: number[] = [];
    let difference = "";
    for (let i = 0; i < 20; i++) {
      const s = performance.now();
      const tb = await trpcQuery<{ difference: string; rows: unknown[] }>(PORT_ON, ownerOn, "accounting.getTrialBalance", range);
      tbTimes.push(performance.now() - s);
      difference = tb.difference;
    }
    const tb = stats(tbTimes);
    const floor = await floorPlan(on.url, on.tenant.id, range.dateFrom, range.dateTo);
    console.log({ lines, tb, floor: floor.ms, difference });
    console.log(floor.plan);

    writeResultsSection(
      "## Accounting (npm run bench:accounting)",
      [
        `${today}, ${os.cpus().length} cores shared by the servers, PostgreSQL 127.0.0.1:5432 and the load generator; Node ${process.version}.`,
        "",
        "| measurement | n | p50 ms | p95 ms |",
        "|---|---:|---:|---:|",
        `| pos.checkout, 10 lines, accounting off | ${sOff.n} | ${sOff.p50} | ${sOff.p95} |`,
        `| pos.checkout, 10 lines, automatic posting | ${sOn.n} | ${sOn.p50} | ${sOn.p95} |`,
        `| accounting.getTrialBalance, year, ${lines.toLocaleString("en-US")} posted lines (HTTP) | ${tb.n} | ${tb.p50} | ${tb.p95} |`,
        `| floor: the trial balance's aggregate in PostgreSQL (EXPLAIN ANALYZE execution time) | 5 | ${floor.ms} | |`,
        "",
        `Targets (issue 14): postings add under 20% to pos.checkout's p50 — ${Number(added) < 20 ? "met" : "NOT met"} (+${added}%: one cashier, checkouts one after the other through HTTP, alternating ${ROUNDS} rounds between a server with accounting off and one with it initialized). Trial balance over 1,000,000 journal lines under 1 s — ${tb.p95 < 1000 ? "met" : "NOT met"} (p95 ${tb.p95} ms, difference ${difference}). The journal (${seedSeconds} s to seed) is ${(LINES / 4).toLocaleString("en-US")} four-line entries spread over the year on random leaf accounts.`,
        "",
        "How: the sale's entry is built in memory from what the checkout already priced (accounting/postings.ts) and sent as two more statements in the checkout's single commit round trip, after the statement that numbers the order (the entry takes its number from the order row); the mapping, ITBIS accounts and the closed-period check are one more statement in the checkout's read round trip. The trial balance is one aggregate over journal_lines, which repeat their entry's date and posted flag so the statement never joins journal_entries (partial index journal_lines_balance_idx on tenant, account, date WHERE posted).",
        "",
        "Plan of the trial balance's statement:",
        "",
        "```",
        floor.plan,
        "```",
      ].join("\n"),
    );
  } finally {
    for (const c of children) await stopBenchServer(c);
    await off.drop();
    await on.drop();
  }
}

await main();
