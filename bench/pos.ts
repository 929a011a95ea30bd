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
import { WriteGate, writePoolSize } from "../src/server/db/write-gate";
import { checkout } from "../src/server/modules/pos/service";
import { unsafeFindTenantBySubdomain } from "../src/server/modules/tenant/service";
import { writeResultsSection } from "./results";
import { ADMIN_URL, benchRequest, freshDemoDatabase, openBenchCashboxes, signInCookie, startBenchServer, stopBenchServer } from "./server";

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

/** CPU seconds (user + system) the process has used so far, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** 32 cashiers checking out back to back: the most the system does, and the server's CPU per checkout. */
async function httpCheckouts(f: Fixture, cookie: string, serverPid: number) {
  const cpu0 = cpuSeconds(serverPid);
  const r = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { host: "demo.localhost", cookie, "content-type": "application/json" },
    requests: [{ method: "POST", path: "/api/trpc/pos.checkout", setupRequest: (req) => ({ ...req, body: JSON.stringify({ json: cart(f, cartSeq++) }) }) }],
  });
  const cpuMs = ((cpuSeconds(serverPid) - cpu0) * 1000) / Math.max(1, r.requests.total);
  return { title: `HTTP: pos.checkout, 10-line cart, ${CONNECTIONS} cashiers back to back (saturation)`, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, cpuMs };
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

/**
 * The floor: the checkout transaction itself (service + SQL, no HTTP/tRPC/session), 32 clients
 * queued for as many connections as the server's write gate allows.
 */
async function floorCheckouts(url: string, f: Fixture) {
  const gate = new WriteGate(writePoolSize());
  const dbs = await Promise.all(Array.from({ length: gate.size }, () => openDatabase({ url })));
  const tenant = (await unsafeFindTenantBySubdomain(dbs[0]!.db, "demo"))!;
  const owner = rowsOf<{ id: string; name: string }>(await withTenant(dbs[0]!.db, f.tenantId, (tx) => tx.execute(sql`select id, name from users where is_owner limit 1`)))[0]!;
  const user = { id: owner.id, tenantId: f.tenantId, name: owner.name, email: "", role: "owner", isOwner: true, language: "es", warehouseId: null, imageUrl: null, permissions: [], modules: [], sessionId: "" } as never;
  const times: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  let n = 1_000_000;
  const free = [...dbs];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const input = cart(f, n++);
        const t0 = performance.now();
        await gate.run(async () => {
          const d = free.pop()!;
          try {
            await withTenant(d.db, f.tenantId, (tx) => checkout({ tx, tenant, user }, input));
          } finally {
            free.push(d);
          }
        });
        times.push(performance.now() - t0);
      }
    }),
  );
  await Promise.all(dbs.map((d) => d.close()));
  times.sort((a, b) => a - b);
  return { title: `Floor: the same transaction in-process (service + SQL, no HTTP/tRPC/session), ${CONNECTIONS} clients on ${gate.size} connections`, rps: Math.round(times.length / SECONDS), p50: quantile(times, 0.5), p99: quantile(times, 0.99), errors: 0 };
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

/** VACUUM of the tables every checkout updates a row of (a cron or autovacuum does this in production). */
async function vacuumCounters(url: string) {
  const d = await openDatabase({ url });
  try {
    await d.db.execute(sql`vacuum (analyze) document_sequences, ncf_ranges, ncf_types, product_stock, customers, tenants`);
  } finally {
    await d.close();
  }
}

async function withTenantUrl<T>(url: string, tenantId: string, fn: Parameters<typeof withTenant<T>>[2]): Promise<T> {
  const d = await openDatabase({ url });
  try {
    return await withTenant(d.db, tenantId, fn);
  } finally {
    await d.close();
  }
}

/**
 * pgbench's TPC-B on a scratch database of the same server, at the same concurrency and for the
 * same time: what this machine's PostgreSQL does with a simple write transaction that also
 * updates one shared row (the branch) every time.
 */
function pgbenchTpcb(): number {
  const db = `enzzo_bench_tpcb_${Date.now()}`;
  const admin = new URL(ADMIN_URL);
  const args = ["-h", admin.hostname, "-p", admin.port || "5432", "-U", admin.username || "postgres"];
  execFileSync("createdb", [...args, db]);
  try {
    execFileSync("pgbench", [...args, "-i", "-s", "1", "-q", db], { stdio: "ignore" });
    const out = execFileSync("pgbench", [...args, "-c", String(CONNECTIONS), "-j", "2", "-T", String(SECONDS), db], { encoding: "utf8" });
    return Math.round(Number(/tps = ([\d.]+)/.exec(out)![1]));
  } finally {
    execFileSync("dropdb", [...args, db]);
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
  // The entry is the page's module script (its other scripts are modulepreloads of shared chunks).
  const entry = /<script type="module"[^>]* src="\/assets\/([^"]+)"/.exec(html)![1]!;
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
    await openBenchCashboxes(database, tenant.id, ["owner@demo.test", "cashier@demo.test"]);
    await database.db.execute(sql`vacuum analyze`);
    await database.close();

    const floor = await floorCheckouts(url, f);
    console.log(floor);

    const tpcb = pgbenchTpcb();
    console.log({ tpcb });
    const autovacuum = rowsOf<{ autovacuum: string }>(await withTenantUrl(url, f.tenantId, (tx) => tx.execute(sql`show autovacuum`)))[0]!.autovacuum;

    child = await startBenchServer(PORT, url);
    const cookie = await signInCookie(PORT, "cashier@demo.test");
    await benchRequest(PORT, "POST", "/api/trpc/pos.checkout", JSON.stringify({ json: cart(f, 0) }), cookie);
    const load = await httpCheckouts(f, cookie, child.pid!);
    console.log(load);
    // Without autovacuum (CI's setting) the counter rows' dead versions are cleared here between runs.
    if (autovacuum !== "on") await vacuumCounters(url);
    const paced = await pacedCheckouts(f, cookie, 2);
    console.log(paced);
    if (autovacuum !== "on") await vacuumCounters(url);
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
        `Targets (issue 11 §4): ≥ 300 checkouts/s with ${CONNECTIONS} cashiers back to back — ${load.rps >= 300 ? "met" : "NOT met"} (${load.rps}/s); that is ${((100 * load.rps) / tpcb).toFixed(0)}% of pgbench TPC-B measured in the same run on the same server (${tpcb} tps at ${CONNECTIONS} clients, scale 1; target ≥ 20%). Busy shop p99 < 50 ms — ${paced.p99 < 50 ? "met" : "NOT met"} (${paced.p99} ms). Node CPU per checkout (the server process's user + system time over the saturation run ÷ checkouts, HTTP, tRPC, session and all) ${load.cpuMs.toFixed(2)} ms — target < 2 ms ${load.cpuMs < 2 ? "met" : "NOT met"}. p99 < 50 ms back to back would need ${Math.round((CONNECTIONS * 1000) / 50)}/s by Little's law (concurrency ÷ p99): reported, not a target on ${os.cpus().length} cores.`,
        "",
        `How: one round trip reads everything the sale needs (with the idempotency key's advisory lock first); one round trip writes it with its COMMIT (commitWith in db/client.ts: the order, lines and payments, then each product's stock through enzzo_apply_stock, then the invoice series and the NCF range through enzzo_number_order, and COMMIT behind them without waiting), so the shared rows are held only while PostgreSQL runs the last statement and commits. Named prepared statements (no re-planning); no foreign key to the tenant row from the checkout's child tables (it took a KEY SHARE on one row 22 times per checkout); the series and stock rows are made with the tenant, warehouse or product; the counter tables have a fillfactor; write procedures wait in the app for one of ${writePoolSize()} database slots (DB_WRITE_POOL_SIZE, 2 × cores). Autovacuum on this server: ${autovacuum}${autovacuum === "on" ? "" : " (CI's setting; the benchmark vacuums the counter tables between runs)"}.`,
        "",
        "Where the time goes (measured 2026-11-25 with --cpu-prof on the server under this load, and the service called in-process): Node is the limit — at saturation the server process uses one whole core (117/s × 8.4 ms) while PostgreSQL has the other. The checkout service alone, in-process, costs 5.1 ms of CPU a sale on one connection (119/s) and 3.7 ms on four (196/s); the authenticated no-op procedure costs 0.87 ms over HTTP (1,360–1,400 requests/s). Of a checkout over HTTP: Drizzle building the ~15 read statements and mapping their rows ~1.4 ms, socket writes to PostgreSQL ~1.7 ms (about 0.3 ms per write() on this VM, whatever the batch size), postgres.js encoding and parsing ~0.7 ms, garbage collection ~0.7 ms, Fastify + tRPC's fetch adapter + superjson ~0.7 ms, decimal arithmetic and ids ~0.4 ms. Tried: the write batch built by Drizzle cost 0.9 ms (240 parameters for 10 lines) — now one jsonb parameter per table (jsonInsert), 0.05 ms; the business date's Intl formatter is reused (was 2%); corking the socket so a turn's queries leave in one write, and a Unix socket instead of TCP, changed nothing measurable (reverted). Next, where the profile points: the ~13 read statements as one (a sale-context function answering JSON), which removes most of the Drizzle and postgres.js cost; then the write gate's slots and the pool sized together so fewer writes wake PostgreSQL.",
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
