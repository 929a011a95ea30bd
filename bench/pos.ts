/**
 * Point-of-sale benchmark (issue: checkout under load). On a fresh PostgreSQL database with the
 * demo tenant and 200 stocked products it measures:
 *  - pos.checkout of a 10-line cart through HTTP with 32 concurrent cashiers (BENCH_CONNECTIONS):
 *    throughput, p50 and p99;
 *  - the floor: the same checkout transaction run in-process on the database, without HTTP, tRPC
 *    or the session (32 postgres.js clients), so the ratio shows what the app adds;
 *  - 5,000 checkouts (BENCH_ORDERS) on one NCF type at 32 concurrent, each tenth sent twice (a
 *    retry): the NCFs must be exactly the contiguous range from the first, every order must have
 *    its payments and stock rows, and no retry may have made a second order;
 *  - the gzip size of the POS route's JavaScript against the back office's.
 * Results go to bench/RESULTS.md. Usage: npm run bench:pos
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { v7 } from "uuid";
import { openDatabase, rowsOf, withTenant } from "../src/server/db/client";
import { checkout } from "../src/server/modules/pos/service";
import { unsafeFindTenantBySubdomain } from "../src/server/modules/tenant/service";
import { writeResultsSection } from "./results";
import { benchRequest, freshDemoDatabase, signInCookie, startBenchServer, stopBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3320);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 5000);
const PRODUCTS = 200;



interface Fixture {
  tenantId: string;
  warehouseId: string;
  cash: string;
  dop: string;
  productIds: string[];
  b02: string;
}

/** A 10-line cart (the same products for everyone would serialize on their stock rows, so each cart picks its own ten). */
function cart(f: Fixture, n: number) {
  const items = Array.from({ length: 10 }, (_, i) => ({ productId: f.productIds[(n * 10 + i * 7) % PRODUCTS]!, quantity: String(1 + (i % 3)) }));
  return { clientOrderId: v7(), customerId: "default", warehouseId: f.warehouseId, ncfTypeId: f.b02, items, payments: [{ paymentMethodId: f.cash, currencyId: f.dop, amount: "200000" }] };
}

const quantile = (sorted: number[], p: number) => Number(sorted[Math.floor((sorted.length - 1) * p)]!.toFixed(2));

let cartSeq = 0;

/** 32 cashiers checking out back to back: the most the system does. */
async function httpCheckouts(f: Fixture, cookie: string) {
  const r = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { host: "demo.localhost", cookie, "content-type": "application/json" },
    requests: [{ method: "POST", path: "/api/trpc/pos.checkout", setupRequest: (req) => ({ ...req, body: JSON.stringify({ json: cart(f, cartSeq++) }) }) }],
  });
  return { title: `HTTP: pos.checkout, 10-line cart, ${CONNECTIONS} cashiers back to back (saturation)`, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/**
 * A busy shop: 32 cashiers, each charging a sale on average every `meanSeconds` (random, exponential
 * gaps, so they are not in step), for SECONDS × 3.
 */
async function pacedCheckouts(f: Fixture, cookie: string, meanSeconds: number) {
  const times: number[] = [];
  let errors = 0;
  const end = Date.now() + SECONDS * 3000;
  const gap = () => -Math.log(1 - Math.random()) * meanSeconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      await new Promise((r) => setTimeout(r, Math.random() * meanSeconds * 1000));
      while (Date.now() < end) {
        const t0 = performance.now();
        const r = await benchRequest(PORT, "POST", "/api/trpc/pos.checkout", JSON.stringify({ json: cart(f, cartSeq++) }), cookie);
        times.push(performance.now() - t0);
        if (r.status !== 200) errors++;
        await new Promise((res) => setTimeout(res, gap()));
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    title: `HTTP: pos.checkout, 10-line cart, ${CONNECTIONS} cashiers each charging every ${meanSeconds} s on average (${(CONNECTIONS / meanSeconds).toFixed(0)}/s offered)`,
    rps: Math.round(times.length / (SECONDS * 3)),
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    errors,
  };
}

/** The floor: the checkout transaction itself (service + SQL), 32 clients, no HTTP/tRPC/session. */
async function floorCheckouts(url: string, f: Fixture) {
  const dbs = await Promise.all(Array.from({ length: CONNECTIONS }, () => openDatabase({ url })));
  const tenant = (await unsafeFindTenantBySubdomain(dbs[0]!.db, "demo"))!;
  const owner = rowsOf<{ id: string; name: string }>(await withTenant(dbs[0]!.db, f.tenantId, (tx) => tx.execute(sql`select id, name from users where is_owner limit 1`)))[0]!;
  const user = { id: owner.id, tenantId: f.tenantId, name: owner.name, email: "", role: "owner", isOwner: true, language: "es", warehouseId: null, imageUrl: null, permissions: [], modules: [], sessionId: "" } as never;
  const times: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  let n = 1_000_000;
  await Promise.all(
    dbs.map(async (d) => {
      while (Date.now() < end) {
        const input = cart(f, n++);
        const t0 = performance.now();
        await withTenant(d.db, f.tenantId, (tx) => checkout({ tx, tenant, user }, { ...input, items: input.items, payments: input.payments }));
        times.push(performance.now() - t0);
      }
    }),
  );
  await Promise.all(dbs.map((d) => d.close()));
  times.sort((a, b) => a - b);
  return { title: `Floor: the same transaction in-process (service + SQL, no HTTP/tRPC/session), ${CONNECTIONS} clients`, rps: Math.round(times.length / SECONDS), p50: quantile(times, 0.5), p99: quantile(times, 0.99), errors: 0 };
}

/** ORDERS checkouts at CONNECTIONS concurrent, each tenth sent twice; then the invariants. */
async function ncfRun(f: Fixture, cookie: string, url: string) {
  // Requests still in flight when the load test stopped finish first.
  await new Promise((r) => setTimeout(r, 3000));
  const first = rowsOf<{ next: number }>(await withTenantUrl(url, f.tenantId, (tx) => tx.execute(sql`select min(next_number) as next from ncf_ranges where ncf_type_id = ${f.b02} and status = 'active' and next_number <= range_to`)))[0]!.next;
  const inputs = Array.from({ length: ORDERS }, (_, i) => cart(f, i));
  const jobs = inputs.flatMap((input, i) => (i % 10 === 0 ? [input, input] : [input]));
  let next = 0;
  let failures = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const r = await benchRequest(PORT, "POST", "/api/trpc/pos.checkout", JSON.stringify({ json: job }), cookie);
        if (r.status !== 200) failures++;
      }
    }),
  );
  const seconds = (Date.now() - t0) / 1000;
  const ids = inputs.map((i) => i.clientOrderId);
  const check = rowsOf<{ orders: number; distinct_ncf: number; min_seq: number; max_seq: number; payments: number; ledger: number; duplicates: number }>(
    await withTenantUrl(url, f.tenantId, (tx) =>
      tx.execute(sql`
        with o as (select * from orders where client_order_id = any(${`{${ids.join(",")}}`}::uuid[]))
        select (select count(*)::int from o) as orders,
               (select count(distinct ncf)::int from o) as distinct_ncf,
               (select min(substr(ncf, 4)::int) from o) as min_seq,
               (select max(substr(ncf, 4)::int) from o) as max_seq,
               (select count(*)::int from order_payments p join o on o.id = p.order_id) as payments,
               (select count(*)::int from stock_ledger l join o on o.id = l.source_id where l.source_type = 'sale') as ledger,
               (select count(*)::int from (select client_order_id from orders group by client_order_id having count(*) > 1) d) as duplicates`),
    ),
  )[0]!;
  const contiguous = check.orders === ORDERS && check.distinct_ncf === ORDERS && check.min_seq === first && check.max_seq === first + ORDERS - 1;
  return { ...check, first, requests: jobs.length, failures, seconds, contiguous, ok: contiguous && check.payments === ORDERS && check.ledger === ORDERS * 10 && check.duplicates === 0 };
}

async function withTenantUrl<T>(url: string, tenantId: string, fn: Parameters<typeof withTenant<T>>[2]): Promise<T> {
  const d = await openDatabase({ url });
  try {
    return await withTenant(d.db, tenantId, fn);
  } finally {
    await d.close();
  }
}

/** Builds the web app into a temporary folder and sums the gzip size of the POS chunk and of the entry. */
function bundleSizes() {
  const out = mkdtempSync(path.join(os.tmpdir(), "enzzo-bench-web-"));
  execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "error"], { env: { ...process.env, WEB_DIST_DIR: out }, stdio: "inherit" });
  const assets = path.join(out, "assets");
  const files = readdirSync(assets).filter((f) => f.endsWith(".js"));
  const gz = (f: string) => gzipSync(readFileSync(path.join(assets, f))).length;
  const html = readFileSync(path.join(out, "index.html"), "utf8");
  const entry = files.find((f) => html.includes(f))!;
  const pos = files.filter((f) => f.startsWith("pos-page"));
  return { entryKb: (gz(entry) / 1024).toFixed(1), posKb: (pos.reduce((s, f) => s + gz(f), 0) / 1024).toFixed(1), posFiles: pos.join(", ") || "(none)" };
}

async function main() {
  const { url, database, tenant, drop } = await freshDemoDatabase("pos");
  let child: ChildProcess | undefined;
  try {
    const f = await withTenant(database.db, tenant.id, async (tx) => {
      const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(q))[0]!;
      const warehouse = await one<{ id: string }>(sql`select id from warehouses where is_default limit 1`);
      const cash = await one<{ id: string }>(sql`select id from payment_methods where code = 'CASH'`);
      const dop = await one<{ id: string }>(sql`select id from currencies where code = 'DOP'`);
      const b02 = await one<{ id: string }>(sql`select id from ncf_types where code = 'B02'`);
      // The demo's B02 authorization is widened so the run never exhausts it (ranges live in ncf_ranges since issue 10).
      await tx.execute(sql`update ncf_ranges set range_to = 99999999 where ncf_type_id = ${b02.id} and status = 'active'`);
      await tx.execute(sql`
        insert into products (tenant_id, id, name, sku, price, price2, price3, cost_price)
        select ${tenant.id}::uuid, gen_random_uuid(), 'Bench producto ' || g, 'BENCH-' || g, (50 + g)::numeric, (50 + g)::numeric, (50 + g)::numeric, 20
        from generate_series(1, ${PRODUCTS}) g`);
      await tx.execute(sql`
        insert into product_stock (tenant_id, id, product_id, warehouse_id, initial_quantity, current_quantity)
        select ${tenant.id}::uuid, gen_random_uuid(), id, ${warehouse.id}::uuid, 1000000, 1000000 from products where sku like 'BENCH-%'`);
      const products = rowsOf<{ id: string }>(await tx.execute(sql`select id from products where sku like 'BENCH-%' order by sku`));
      return { tenantId: tenant.id, warehouseId: warehouse.id, cash: cash.id, dop: dop.id, b02: b02.id, productIds: products.map((p) => p.id) };
    });
    await database.db.execute(sql`vacuum analyze`);
    await database.close();

    const floor = await floorCheckouts(url, f);
    console.log(floor);

    child = await startBenchServer(PORT, url);
    const cookie = await signInCookie(PORT, "cashier@demo.test");
    await benchRequest(PORT, "POST", "/api/trpc/pos.checkout", JSON.stringify({ json: cart(f, 0) }), cookie);
    const load = await httpCheckouts(f, cookie);
    console.log(load);
    const paced = await pacedCheckouts(f, cookie, 2);
    console.log(paced);
    const ncf = await ncfRun(f, cookie, url);
    console.log(ncf);
    const bundle = bundleSizes();
    console.log(bundle);

    const rows = [paced, load, floor];
    writeResultsSection(
      "## Point of sale checkout (npm run bench:pos)",
      [
        `${new Date().toISOString().slice(0, 10)}. PostgreSQL 127.0.0.1:5432, demo tenant, ${PRODUCTS} stocked products, carts of 10 lines, ${CONNECTIONS} concurrent cashiers, ${SECONDS} s each, ${os.cpus().length} cores shared by server, database and load generator.`,
        "",
        "| measurement | checkouts/s | p50 ms | p99 ms | errors |",
        "|---|---:|---:|---:|---:|",
        ...rows.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
        "",
        `App cost at saturation: p50 ${(load.p50 / floor.p50).toFixed(1)}× and p99 ${(load.p99 / floor.p99).toFixed(1)}× the floor — the floor is as slow because the limit is in the database: every checkout of one tenant and NCF type must take the invoice series and the NCF range rows (gap-free numbering), so they commit one after another. The transaction takes those rows last (after its products' stock rows), holding them for one statement and the COMMIT. At saturation latency is concurrency ÷ throughput (Little's law); the first row is a busy shop (every cashier charging a sale every 2 s on average, which is far more than a real till).`,
        "",
        `NCF run: ${ORDERS.toLocaleString("en-US")} checkouts (${ncf.requests.toLocaleString("en-US")} requests with the retries) in ${ncf.seconds.toFixed(1)} s at ${CONNECTIONS} concurrent; failed requests ${ncf.failures}. Orders ${ncf.orders}, distinct NCFs ${ncf.distinct_ncf}, sequence ${ncf.min_seq}–${ncf.max_seq} from first ${ncf.first} (contiguous: ${ncf.contiguous ? "yes" : "NO"}), payments ${ncf.payments}, stock ledger rows ${ncf.ledger} (10 per order), client ids with two orders ${ncf.duplicates}. **${ncf.ok ? "All invariants hold." : "AN INVARIANT FAILED."}**`,
        "",
        `POS route JavaScript (gzip): ${bundle.posKb} KB in ${bundle.posFiles}, loaded on demand; the back office entry chunk is ${bundle.entryKb} KB.`,
        "",
      ].join("\n"),
    );
    if (!ncf.ok) process.exitCode = 1;
  } finally {
    await stopBenchServer(child);
    await drop();
  }
}

await main();
