/**
 * Invoices back-office benchmark. On a fresh PostgreSQL database it seeds the demo tenant with
 * 200,000 invoices (BENCH_INVOICES) set-based over two years — 2,000 customers, one of them with
 * 5,000 invoices; paid, partial, pending and cancelled; B01 and B02; six sellers — starts the
 * server and measures with 8 concurrent clients (BENCH_CONNECTIONS), each sending its next
 * request when the previous one answers:
 *  - invoice.getAll with the list's filters (none, status, date range, customer, NCF type,
 *    seller, a number typed), a page of 20 with its matches counted up to 10,000, and
 *    invoice.getTotals (the filtered set's totals, which the list asks once per filter);
 *  - the aging statement of the customer with 5,000 invoices;
 *  - creditNote.create from one client alone: BENCH_CREDIT_NOTES 10-line invoices of stock-tracked
 *    products sold through pos.checkout over HTTP, then one note per invoice, sequentially, each
 *    returning 1 unit of every line (stock back, store credit, a B04 NCF).
 * Then the floor, outside our code: the very SQL those procedures send (captured from postgres.js,
 * parameters inlined) run by pgbench at the same concurrency, and creditNote.create's service
 * called in-process (no HTTP, tRPC or session) with its statement count.
 * Results in bench/RESULTS.md. Usage: npm run bench:invoices (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_CREDIT_NOTES, BENCH_PG_URL, BENCH_KEEP)
 */
import type { ChildProcess, } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { type Db, openDatabase, rowsOf, withTenant } from "../src/server/db/client";
import { createCreditNote } from "../src/server/modules/credit-note/service";
import { customerStatement } from "../src/server/modules/customer/statement";
import { invoiceTotals, listInvoices } from "../src/server/modules/invoice/service";
import type { PosContext } from "../src/server/modules/pos/service";
import type { TenantRow } from "../src/server/modules/tenant/service";
import { invoiceListInput } from "../src/shared/invoices/schemas";
import { businessDate } from "../src/shared/platform/dates";
import { httpLoad, type Row, summarize, trpcPath } from "./load";
import { captureSql, pgbenchVersion, runPgbench } from "./pgbench";
import { writeResultsSection } from "./results";
import { benchRequest, freshDemoDatabase, openBenchCashboxes, signInCookie, startBenchServer, stopBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3330);
const N = Number(process.env.BENCH_INVOICES ?? 200_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = 2_000;
const SELLERS = 6;
const BIG_CUSTOMER_INVOICES = 5_000;
const TARGET_LIST_P95_MS = 50;
const TARGET_AGING_MS = 100;
/** creditNote.create: how many notes are timed (after CREDIT_NOTE_WARMUP untimed ones), each on its own 10-line invoice. */
const CREDIT_NOTES = Number(process.env.BENCH_CREDIT_NOTES ?? 300);
const CREDIT_NOTE_WARMUP = 20;
const CREDIT_NOTE_LINES = 10;
const CREDIT_NOTE_PRODUCTS = 50;
const TARGET_CREDIT_NOTE_P95_MS = 30;

/** The statement of one customer: the procedure the customer detail page calls. */
export const AGING_PROCEDURE = process.env.BENCH_AGING_PROCEDURE ?? "customer.getStatement";

interface Fixture {
  warehouse: string;
  user_id: string;
  b01: string;
  b02: string;
  sellers: string[];
  customers: string[];
  products: string[];
  cash: string;
  dop: string;
}

async function main() {
  const { url, database, tenant, drop } = await freshDemoDatabase("invoices");
  let child: ChildProcess | undefined;
  try {
    const t0 = Date.now();
    const today = businessDate(new Date(), tenant.timezone);
    const ids: Fixture = await withTenant(database.db, tenant.id, async (tx) => {
      await tx.execute(
        sql.raw(`
        insert into customers (tenant_id, id, code, name, tax_id)
        select '${tenant.id}'::uuid, gen_random_uuid(), 'BINV-' || lpad(g::text, 5, '0'), 'Cliente de prueba ' || g,
          case when g % 2 = 0 then lpad((100000000 + g)::text, 9, '0') end
        from generate_series(1, ${CUSTOMERS}) g`),
      );
      await tx.execute(sql`
        insert into employees (tenant_id, id, code, name)
        select ${tenant.id}::uuid, gen_random_uuid(), 'BVEN-' || g, 'Vendedor de prueba ' || g from generate_series(1, ${SELLERS}) g`);
      const [refs] = rowsOf<{ warehouse: string; user_id: string; b01: string; b02: string; sellers: string[]; cash: string; dop: string }>(
        await tx.execute(sql`select
          (select id from warehouses where is_default limit 1) as warehouse,
          (select id from users where is_owner limit 1) as user_id,
          (select id from ncf_types where code = 'B01') as b01,
          (select id from ncf_types where code = 'B02') as b02,
          (select coalesce(array_agg(id order by code), '{}') from employees) as sellers,
          (select id from payment_methods where code = 'CASH') as cash,
          (select id from currencies where code = 'DOP') as dop`),
      );
      const customers = rowsOf<{ id: string }>(await tx.execute(sql`select id from customers where code like 'BINV-%' order by code`)).map((r) => r.id);
      // creditNote.create: stock-tracked products for the 10-line sales, and NCF ranges (B02 sold, B04 notes) wide enough.
      await tx.execute(sql`
        insert into products (tenant_id, id, name, sku, price, price2, price3, cost_price)
        select ${tenant.id}::uuid, gen_random_uuid(), 'Producto NC ' || g, 'BNC-' || lpad(g::text, 3, '0'), (50 + g)::numeric, (50 + g)::numeric, (50 + g)::numeric, 20
        from generate_series(1, ${CREDIT_NOTE_PRODUCTS}) g`);
      await tx.execute(sql`
        insert into product_stock (tenant_id, id, product_id, warehouse_id, initial_quantity, current_quantity)
        select ${tenant.id}::uuid, gen_random_uuid(), id, ${refs!.warehouse}::uuid, 1000000, 1000000 from products where sku like 'BNC-%'`);
      await tx.execute(sql`update ncf_ranges set range_to = greatest(range_to, 1000000) where ncf_type_id in (select id from ncf_types where code in ('B02', 'B04'))`);
      const products = rowsOf<{ id: string }>(await tx.execute(sql`select id from products where sku like 'BNC-%' order by sku`)).map((r) => r.id);
      return { ...refs!, customers, products };
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
    // The sales behind the credit notes are POS sales: the owner sells with a cash box open.
    await openBenchCashboxes(database, tenant.id, ["owner@demo.test"]);
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
    const groups: [string, Record<string, unknown>[]][] = [
      ["every filter mixed", Object.values(filters).flat()],
      ["no filter (pages 1, 2, 50)", filters.none],
      ["by status", filters.status],
      ["date range (a month)", filters.dates],
      ["one customer", filters.customer],
      ["NCF type (and 3 months)", filters.ncfType],
      ["seller", filters.seller],
      ["number or NCF typed", filters.search],
    ];
    await httpLoad({ ...opts, seconds: 5 }, "warm-up", list(groups[0]![1]), cookie);
    const rows: Row[] = [];
    for (const [title, fs] of groups) rows.push(await httpLoad(opts, `invoice.getAll, ${title}`, list(fs), cookie));
    // The totals of the filtered set: the list asks them once per filter (not with every page).
    const totalsOf = (fs: Record<string, unknown>[]) => fs.map((f) => trpcPath("invoice.getTotals", Object.fromEntries(Object.entries(f).filter(([k]) => k !== "page"))));
    rows.push(await httpLoad(opts, "invoice.getTotals, every filter mixed (once per filter)", totalsOf(groups[0]![1]), cookie));
    rows.push(await httpLoad({ ...opts, connections: 1 }, "invoice.getTotals, no filter (alone)", totalsOf([{}]), cookie));
    const agingTitle = `${AGING_PROCEDURE}, customer with ${BIG_CUSTOMER_INVOICES.toLocaleString("en-US")} invoices (alone)`;
    rows.push(await httpLoad({ ...opts, connections: 1 }, agingTitle, [trpcPath(AGING_PROCEDURE, { customerId: big })], cookie));
    const sales = await sell(PORT, cookie, ids, CREDIT_NOTE_WARMUP + CREDIT_NOTES * 2);
    const creditNote = await creditNotesOverHttp(PORT, cookie, ids.customers.at(-1)!, sales.slice(0, CREDIT_NOTE_WARMUP + CREDIT_NOTES));
    rows.push(creditNote);
    const mixed = rows[0]!;
    const aging = rows.find((r) => r.title === agingTitle)!;

    // The floor: the same SQL through pgbench, then creditNote.create's service in-process.
    const floor: Row[] = [];
    const pgbench = pgbenchVersion();
    if (pgbench) {
      const floorDb = await openDatabase({ url });
      try {
        const ctx = { tenant, user: { id: ids.user_id } } as unknown as Omit<PosContext, "tx">;
        const listScripts = async (fs: Record<string, unknown>[]) => {
          const out: string[][] = [];
          for (const f of fs) out.push(await captureSql(floorDb.db, tenant.id, (tx) => listInvoices({ ...ctx, tx }, invoiceListInput.parse({ page: 1, pageSize: 20, ...f }), today)));
          return out;
        };
        for (const [title, fs] of groups) floor.push(runPgbench(url, `floor (pgbench -c ${CONNECTIONS}): invoice.getAll, ${title}`, await listScripts(fs), CONNECTIONS, SECONDS));
        // The totals: every matching invoice summed (no filter: all of them).
        const totalsScripts = async (fs: Record<string, unknown>[]) => {
          const out: string[][] = [];
          for (const f of fs) out.push(await captureSql(floorDb.db, tenant.id, (tx) => invoiceTotals({ ...ctx, tx }, invoiceListInput.parse({ page: 1, pageSize: 1, ...f }), today)));
          return out;
        };
        floor.push(runPgbench(url, `floor (pgbench -c ${CONNECTIONS}): invoice.getTotals, every filter mixed`, await totalsScripts(groups[0]![1]), CONNECTIONS, SECONDS));
        floor.push(runPgbench(url, `floor (pgbench -c 1): invoice.getTotals, no filter, one client alone`, await totalsScripts([{}]), 1, SECONDS));
        const agingSql = await captureSql(floorDb.db, tenant.id, (tx) => customerStatement(tx, tenant, big, today));
        floor.push(runPgbench(url, `floor (pgbench -c 1): ${agingTitle.replace(" (alone)", "")}`, [agingSql], 1, SECONDS));
      } finally {
        await floorDb.close();
      }
    }
    const inProcess = await creditNotesInProcess(url, tenant, ids, ids.customers.at(-1)!, sales.slice(CREDIT_NOTE_WARMUP + CREDIT_NOTES));
    floor.push(inProcess.row);

    const verdict = (r: Row, target: number) => (r.errors > 0 || r.rps === 0 ? `not measured (${r.errors} errors)` : r.p95 < target ? `met (p95 ${r.p95} ms)` : `not met on this run (p95 ${r.p95} ms)`);
    const loadAvg = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ");
    const table = (rs: Row[]) => ["| measurement | requests/s | p50 | p95 | p99 | max | errors |", "|---|---:|---:|---:|---:|---:|---:|", ...rs.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.errors} |`)];
    const section = [
      `${new Date().toISOString().slice(0, 10)}, ${N.toLocaleString("en-US")} invoices of ${CUSTOMERS.toLocaleString("en-US")} customers and ${SELLERS} sellers in one tenant (seeded set-based in ${seedSeconds} s). PostgreSQL 127.0.0.1:5432, ${CONNECTIONS} concurrent clients (each sends its next request when the previous one answers; the aging and creditNote.create rows: one client), ${SECONDS} s per row, ${os.cpus().length} cores shared by server, database and load generator; load average after the run ${loadAvg}. Latency per request measured by the script, in ms.`,
      "",
      ...table(rows),
      "",
      `Targets: invoice.getAll p95 < ${TARGET_LIST_P95_MS} ms at ${CONNECTIONS} clients — ${verdict(mixed, TARGET_LIST_P95_MS)}; the aging statement of a customer with ${BIG_CUSTOMER_INVOICES.toLocaleString("en-US")} invoices under ${TARGET_AGING_MS} ms — ${verdict(aging, TARGET_AGING_MS)}; creditNote.create of a ${CREDIT_NOTE_LINES}-line invoice p95 < ${TARGET_CREDIT_NOTE_P95_MS} ms, one client alone — ${verdict(creditNote, TARGET_CREDIT_NOTE_P95_MS)}.`,
      "",
      pgbench
        ? `The floor, outside our code: the SQL each procedure sent (captured from postgres.js with its parameters inlined: BEGIN, the tenant and RLS role, the page and its capped count or the totals, COMMIT) replayed by ${pgbench} with -M prepared at the same concurrency, each client running the next script when the previous one answered; and creditNote.create's service called in-process (service + SQL, no HTTP/tRPC/session), ${inProcess.statements} statements per note between BEGIN, the tenant and COMMIT.`
        : `The floor: pgbench was not found, so only creditNote.create's service called in-process (service + SQL, no HTTP/tRPC/session), ${inProcess.statements} statements per note between BEGIN, the tenant and COMMIT.`,
      "",
      ...table(floor),
      "",
      ...listNotes(floor, mixed),
      ...(creditNote.p95 < TARGET_CREDIT_NOTE_P95_MS
        ? []
        : [
            `creditNote.create over the target on this run: the service alone (the in-process floor row) takes p50 ${inProcess.row.p50} / p95 ${inProcess.row.p95} ms for its ${inProcess.statements} statements, ` +
              "sent in 4 round trips after BEGIN and the tenant (issue 10: one UPDATE for every line instead of one per line, and the reads, the numbering, " +
              "the stock rows and the points pipelined; it was 25 statements in 8 round trips); what is over is HTTP, tRPC and the session, or the load of the machine " +
              `(load average ${loadAvg}).`,
            "",
          ]),
    ].join("\n");
    writeResultsSection("## Invoices back office (npm run bench:invoices)", section);
    console.log(section);
  } finally {
    await stopBenchServer(child);
    await drop();
  }
}

/** What was done for invoice.getAll (issue 10), with this run's figures: the text under the floor table. */
function listNotes(floor: Row[], mixed: Row): string[] {
  const row = (title: string) => floor.find((r) => r.title.includes(title));
  const alone = row("invoice.getTotals, no filter, one client alone");
  const search = row(`-c ${CONNECTIONS}): invoice.getAll, number or NCF typed`);
  return [
    "What was done for invoice.getAll (migration 0021_invoice_list_indexes, listInvoices' SQL): the page is read in the order of a new index " +
      "orders_list_idx (tenant, business_date, created_at, id), newest date then time first, so a month a year back reads its own rows instead of " +
      "walking the year since (50–60 ms before, under 1 ms after); a number or NCF typed is a byte-wise range of text_pattern_ops indexes instead of LIKE, which " +
      "is not leakproof and so never used an index under row-level security" +
      (search ? ` (floor p95 now ${search.p95} ms)` : "") +
      ". The profile then pointed at the totals every page answered with (count and three sums over every matching invoice: all " +
      `${N.toLocaleString("en-US")} with no filter` +
      (alone ? `, p50 ${alone.p50} ms of the database for one request alone` : "") +
      "), so the design changed: the page counts its matches only up to 10,000 ('more than 10,000', as the catalogue does), and the money totals " +
      "moved to invoice.getTotals, which the list asks once per filter instead of once per page (orders_status_totals_idx serves the status filters index-only); the list, NCF type and seller indexes end with status and follow the list's order, so every filter's page and capped count are index scans without a sort. " +
      `invoice.getAll, every filter mixed: p95 ${mixed.p95} ms at ${CONNECTIONS} clients.`,
    "",
  ];
}

/** A tRPC mutation over HTTP (superjson body); the answer's data, or null when it was not a 200. */
async function mutate<T>(port: number, procedure: string, input: unknown, cookie: string): Promise<T | null> {
  const r = await benchRequest(port, "POST", `/api/trpc/${procedure}`, JSON.stringify({ json: input }), cookie);
  if (r.status !== 200) {
    console.error(`${procedure}: ${r.status} ${r.text.slice(0, 300)}`);
    return null;
  }
  return (JSON.parse(r.text) as { result: { data: { json: T } } }).result.data.json;
}

interface Sale {
  orderId: string;
  productIds: string[];
}

/** `count` sales through pos.checkout to the last test customer, each of 10 different stock-tracked products, 2 units a line, paid cash. */
async function sell(port: number, cookie: string, f: Fixture, count: number): Promise<Sale[]> {
  const sales: Sale[] = [];
  for (let n = 0; n < count; n++) {
    const productIds = Array.from({ length: CREDIT_NOTE_LINES }, (_, i) => f.products[(n * 3 + i) % f.products.length]!);
    const sale = await mutate<{ orderId: string }>(
      port,
      "pos.checkout",
      {
        clientOrderId: randomUUID(),
        customerId: f.customers.at(-1),
        warehouseId: f.warehouse,
        ncfTypeId: f.b02,
        items: productIds.map((productId) => ({ productId, quantity: "2" })),
        payments: [{ paymentMethodId: f.cash, currencyId: f.dop, amount: "100000" }],
      },
      cookie,
    );
    if (!sale) throw new Error("pos.checkout failed: the credit notes cannot be measured");
    sales.push({ orderId: sale.orderId, productIds });
  }
  return sales;
}

/** creditNote.create's input: 1 unit back of every line of the sale, as store credit. */
const noteInput = (customerId: string, sale: Sale) => ({
  client_key: randomUUID(),
  order_id: sale.orderId,
  customer_id: customerId,
  reason: "product_return" as const,
  items: sale.productIds.map((product_id) => ({ product_id, quantity: "1" })),
});

/**
 * creditNote.create alone over HTTP: one note per sale, sequentially from one client. The first
 * CREDIT_NOTE_WARMUP notes are not counted; a response other than 200 is an error.
 */
async function creditNotesOverHttp(port: number, cookie: string, customerId: string, sales: Sale[]): Promise<Row> {
  const times: number[] = [];
  let errors = 0;
  let t0 = performance.now();
  for (const [i, sale] of sales.entries()) {
    if (i === CREDIT_NOTE_WARMUP) t0 = performance.now();
    const t = performance.now();
    const note = await mutate<{ id: string }>(port, "creditNote.create", noteInput(customerId, sale), cookie);
    const ms = performance.now() - t;
    if (i < CREDIT_NOTE_WARMUP) continue;
    if (note) times.push(ms);
    else errors++;
  }
  const row = summarize(`creditNote.create, ${CREDIT_NOTE_LINES}-line invoice, 1 unit of each line back (one client, ${sales.length - CREDIT_NOTE_WARMUP} notes in a row)`, times, (performance.now() - t0) / 1000, errors);
  console.log(row);
  return row;
}

/** creditNote.create's service in-process on one connection, sequentially (no HTTP, tRPC or session), and how many statements one note sends. */
async function creditNotesInProcess(url: string, tenant: TenantRow, f: Fixture, customerId: string, sales: Sale[]): Promise<{ row: Row; statements: number }> {
  const d = await openDatabase({ url });
  try {
    const user = { id: f.user_id } as PosContext["user"];
    const run = (db: Db, sale: Sale) => withTenant(db, tenant.id, (tx) => createCreditNote({ tx, tenant, user }, createInput(customerId, sale)));
    const [first, ...rest] = sales;
    // What one note sends between BEGIN and COMMIT, less the statement that sets the tenant.
    const statements = first ? (await captureSql(d.db, tenant.id, (tx) => createCreditNote({ tx, tenant, user }, createInput(customerId, first)))).length - 2 : 0;
    const times: number[] = [];
    const t0 = performance.now();
    for (const sale of rest) {
      const t = performance.now();
      await run(d.db, sale);
      times.push(performance.now() - t);
    }
    const row = summarize(`floor (in-process service, one connection): creditNote.create, ${CREDIT_NOTE_LINES}-line invoice (${rest.length} notes in a row)`, times, (performance.now() - t0) / 1000, 0);
    console.log(row);
    return { row, statements };
  } finally {
    await d.close();
  }
}

const createInput = (customerId: string, sale: Sale) => ({ kind: "return" as const, refund_method: "store_credit" as const, ...noteInput(customerId, sale) });


await main();
