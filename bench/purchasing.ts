/**
 * Purchasing benchmark (issue 13 §4 and its performance targets). On a fresh PostgreSQL database
 * it seeds the demo tenant with 100,000 products (BENCH_PRODUCTS) over 3 warehouses (300,000
 * product_stock rows, about 5% of them under their minimum, 20 providers and 10% of the products
 * without one), starts the server and measures:
 *  - purchaseOrder.getLowStock through HTTP (signed in, one tenant transaction under RLS per call)
 *    at 8 concurrent clients (BENCH_CONNECTIONS), mixing the first pages, a later page, a
 *    warehouse, a provider, 'Sin suplidor' and a search (target p95 < 100 ms), and
 *    purchaseOrder.getNotifications;
 *  - the floor: the very SQL getLowStock sends (captured with its parameters inlined: BEGIN, the
 *    tenant and role, the statement, COMMIT) through pgbench -M prepared at the same concurrency,
 *    when pgbench is on the PATH;
 *  - receiving a 200-line order (purchaseOrder.receive through HTTP, one client, 5 orders; target
 *    under 1 s on PostgreSQL).
 * It prints EXPLAIN (ANALYZE, BUFFERS) of the getLowStock statement and writes bench/RESULTS.md.
 * Usage: npm run bench:purchasing  (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PRODUCTS, BENCH_PG_URL, BENCH_KEEP)
 */
import type { ChildProcess, } from "node:child_process";
import os from "node:os";
import { sql } from "drizzle-orm";
import { type Db, openDatabase, rowsOf, withTenant } from "../src/server/db/client";
import { findLowStock } from "../src/server/modules/purchasing/low-stock";
import { lowStockListInput } from "../src/shared/purchasing/low-stock";
import { type Row, httpLoad as runHttpLoad, summarize, trpcPath } from "./load";
import { captureSql, pgbenchVersion, runPgbench } from "./pgbench";
import { writeResultsSection } from "./results";
import { benchRequest, freshDemoDatabase, signInCookie, startBenchServer, stopBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3340);
const N = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROVIDERS = 20;
const RECEIVE_LINES = 200;
const RECEIVE_ORDERS = 5;
const TARGET_LOW_STOCK_P95_MS = 100;
const TARGET_RECEIVE_MS = 1000;

const loadOpts = { port: PORT, connections: CONNECTIONS, seconds: SECONDS };
const httpLoad = (title: string, paths: string[], cookie: string, seconds = SECONDS) => runHttpLoad({ ...loadOpts, seconds }, title, paths, cookie);

async function trpc<T>(cookie: string, procedure: string, input: unknown): Promise<T> {
  const r = await benchRequest(PORT, "POST", `/api/trpc/${procedure}`, JSON.stringify({ json: input }), cookie);
  if (r.status !== 200) throw new Error(`${procedure}: ${r.status} ${r.text.slice(0, 300)}`);
  return (JSON.parse(r.text) as { result: { data: { json: T } } }).result.data.json;
}

async function main() {
  const { url, database, tenant, drop } = await freshDemoDatabase("purchasing");
  let child: ChildProcess | undefined;
  try {
    const t0 = Date.now();
    // Seeded as the database owner (set-based, outside the RLS role: under it the planner's row
    // estimates of the rows inserted in the same transaction made the stock insert crawl).
    const ids = await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into warehouses (tenant_id, id, code, name, "order")
        select ${tenant.id}::uuid, gen_random_uuid(), 'BW' || w, 'Almacén ' || (array['Santiago','La Romana'])[w], 10 + w from generate_series(1, 2) w`);
      await tx.execute(sql`
        insert into providers (tenant_id, id, code, name)
        select ${tenant.id}::uuid, gen_random_uuid(), 'BP-' || p, 'Suplidor ' || p from generate_series(1, ${PROVIDERS}) p`);
      // Products: 10% without a provider; the others spread over the providers.
      await tx.execute(sql`
        with prov as (select array_agg(id order by code) ids from providers where tenant_id = ${tenant.id} and code like 'BP-%')
        insert into products (tenant_id, id, name, sku, price, price2, price3, cost_price, provider_id)
        select ${tenant.id}::uuid, gen_random_uuid(),
          (array['Arroz','Leche','Malta','Queso','Pollo','Jabón','Café','Salami','Refresco','Galleta','Harina','Aceite','Habichuela','Plátano','Yuca'])[1 + (g % 15)]
            || ' ' || (array['Selecto','Premium','Criollo','La Garza','Induveca','Rica','Santo Domingo','Baní','Mi Casa','Del Campo'])[1 + ((g / 15) % 10)] || ' #' || g,
          'BSKU-' || lpad(g::text, 7, '0'), (50 + g % 900)::numeric, (45 + g % 900)::numeric, (40 + g % 900)::numeric, (30 + g % 700)::numeric,
          case when g % 10 = 0 then null else (select ids[1 + (g % ${PROVIDERS})] from prov) end
        from generate_series(1, ${N}) g`);
      await tx.execute(sql`analyze products`);
      await tx.execute(sql`analyze warehouses`);
      // Stock in every warehouse: minimum 10, a maximum on two rows out of three; about 5% of the rows under the minimum.
      await tx.execute(sql`
        insert into product_stock (tenant_id, id, product_id, warehouse_id, initial_quantity, current_quantity, min_stock, max_stock)
        select p.tenant_id, gen_random_uuid(), p.id, w.id, 0, ((hashtext(p.id::text || w.id::text) & 1023) % 200)::numeric, 10,
          case when (hashtext(p.id::text) & 3) = 0 then null else 60 end
        from products p cross join warehouses w
        where p.tenant_id = ${tenant.id} and w.tenant_id = ${tenant.id} and p.sku like 'BSKU-%'
        on conflict do nothing`);
      const [w] = rowsOf<{ ids: string[] }>(await tx.execute(sql`select array_agg(id order by code) ids from warehouses where tenant_id = ${tenant.id}`));
      const [p] = rowsOf<{ ids: string[] }>(await tx.execute(sql`select array_agg(id order by code) ids from providers where tenant_id = ${tenant.id} and code like 'BP-%'`));
      const [products] = rowsOf<{ ids: string[] }>(
        await tx.execute(sql`select array_agg(id) ids from (select id from products where tenant_id = ${tenant.id} and sku like 'BSKU-%' order by sku limit ${RECEIVE_LINES * RECEIVE_ORDERS}) x`),
      );
      return { warehouses: w!.ids, providers: p!.ids, products: products!.ids };
    });
    await database.db.execute(sql`vacuum analyze products`);
    await database.db.execute(sql`vacuum analyze product_stock`);
    const seedSeconds = ((Date.now() - t0) / 1000).toFixed(1);
    const [counts] = rowsOf<{ stock: number; low: number }>(
      await database.db.execute(sql`select count(*)::int stock, count(*) filter (where min_stock is not null and current_quantity < min_stock)::int low from product_stock`),
    );
    console.log(`seeded ${N} products, ${counts!.stock} stock rows (${counts!.low} low) in ${seedSeconds} s`);
    if (process.env.BENCH_SEED_ONLY) {
      await database.close();
      return;
    }

    const filters: Record<string, unknown>[] = [
      {},
      { page: 2 },
      { page: 50 },
      { warehouseId: ids.warehouses[1] },
      { providerId: ids.providers[3] },
      { providerId: "none" },
      { search: "arroz selecto" },
      { warehouseId: ids.warehouses[2], providerId: ids.providers[7] },
    ];

    // The plan of the first page, as the app sends it.
    const plan = await explain(database.db, tenant.id);
    console.log(plan.join("\n"));
    const floorDb = await openDatabase({ url });
    const scripts: string[][] = [];
    try {
      for (const f of filters) scripts.push(await captureSql(floorDb.db, tenant.id, (tx) => findLowStock(tx, tenant.id, lowStockListInput.parse(f))));
    } finally {
      await floorDb.close();
    }
    await database.close();
    const pgbench = pgbenchVersion();
    const floor: Row[] = pgbench ? [runPgbench(url, `floor (pgbench -c ${CONNECTIONS}): getLowStock's SQL, the same filters mixed`, scripts, CONNECTIONS, SECONDS)] : [];

    child = await startBenchServer(PORT, url);
    const cookie = await signInCookie(PORT);
    const paths = filters.map((f) => trpcPath("purchaseOrder.getLowStock", f));
    await httpLoad("warm-up", paths, cookie, 3);
    const rows = [
      await httpLoad("HTTP purchaseOrder.getLowStock, first page (20 of all low rows)", [paths[0]!], cookie),
      await httpLoad("HTTP purchaseOrder.getLowStock, filters mixed (pages 1/2/50, warehouse, provider, 'Sin suplidor', search)", paths, cookie),
      await httpLoad("HTTP purchaseOrder.getNotifications", [trpcPath("purchaseOrder.getNotifications", undefined)], cookie),
    ];

    // Receiving: 200-line orders, approved, each received whole in one call.
    await trpc(cookie, "purchaseSettings.update", {
      ...(await trpcGet<Record<string, unknown>>(cookie, "purchaseSettings.get")),
      approvalThreshold: "99999999.00",
    });
    const receiveTimes: number[] = [];
    for (let o = 0; o < RECEIVE_ORDERS; o++) {
      const lines = ids.products.slice(o * RECEIVE_LINES, (o + 1) * RECEIVE_LINES).map((productId, i) => ({ productId, quantity: String(5 + (i % 20)), unitCost: String(40 + (i % 300)), taxPercent: "18" }));
      const order = await trpc<{ id: string; lines: { id: string; quantity: string }[] }>(cookie, "purchaseOrder.create", {
        providerId: ids.providers[o % PROVIDERS],
        warehouseId: ids.warehouses[0],
        orderDate: new Date().toISOString().slice(0, 10),
        lines,
      });
      await trpc(cookie, "purchaseOrder.submit", { id: order.id });
      const r0 = performance.now();
      await trpc(cookie, "purchaseOrder.receive", { id: order.id, clientKey: `bench-${order.id}`, lines: order.lines.map((l) => ({ lineId: l.id, quantity: l.quantity })) });
      receiveTimes.push(performance.now() - r0);
    }
    const receive = summarize(`HTTP purchaseOrder.receive, ${RECEIVE_LINES}-line order received whole (one client, ${RECEIVE_ORDERS} orders)`, [...receiveTimes], 1, 0);
    console.log(receive, receiveTimes);

    const [, mixed] = rows;
    const loadAvg = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ");
    const table = (rs: Row[], rps = true) => [
      `| measurement | ${rps ? "requests/s | " : ""}p50 | p95 | p99 | max | errors |`,
      `|---|${rps ? "---:|" : ""}---:|---:|---:|---:|---:|`,
      ...rs.map((r) => `| ${r.title} | ${rps ? `${r.rps} | ` : ""}${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.errors} |`),
    ];
    const section = [
      `${new Date().toISOString().slice(0, 10)}, ${N.toLocaleString("en-US")} products × 3 warehouses in one tenant (${counts!.stock.toLocaleString("en-US")} stock rows, ${counts!.low.toLocaleString("en-US")} under their minimum; ${PROVIDERS} providers, 10% of the products without one; seeded set-based in ${seedSeconds} s, then vacuum analyze). PostgreSQL 127.0.0.1:5432, ${CONNECTIONS} concurrent clients (each sends its next request when the previous one answers), ${SECONDS} s per row, ${os.cpus().length} cores shared by server, database and load generator; load average after the run ${loadAvg}. Latency per request measured by the script, in ms.`,
      "",
      ...table([...rows, ...floor]),
      "",
      `| receiving (ms per call) | p50 | p95 | p99 | max | errors |`,
      `|---|---:|---:|---:|---:|---:|`,
      `| ${receive.title} | ${receive.p50} | ${receive.p95} | ${receive.p99} | ${receive.max} | 0 |`,
      "",
      `Targets: the low-stock tab p95 < ${TARGET_LOW_STOCK_P95_MS} ms at ${CONNECTIONS} clients — ${mixed!.errors > 0 ? `${mixed!.errors} errors` : mixed!.p95 < TARGET_LOW_STOCK_P95_MS ? "met" : "not met on this run"} (p95 ${mixed!.p95} ms, filters mixed); receiving a ${RECEIVE_LINES}-line order under ${TARGET_RECEIVE_MS} ms — ${receive.max < TARGET_RECEIVE_MS ? "met" : "not met on this run"} (slowest of ${RECEIVE_ORDERS}: ${receive.max} ms).`,
      "",
      pgbench
        ? `The floor, outside our code: the SQL getLowStock sent for each filter (captured from postgres.js with its parameters inlined: BEGIN, the tenant and RLS role, the statement, COMMIT) replayed by ${pgbench} -M prepared at the same concurrency.`
        : "The floor: pgbench was not found on the PATH, so no floor row.",
      "",
      "How: one statement per page. Products are walked in name order (products_browse_idx) and each is probed in the partial index product_stock_low_product_idx (migration 0033: (tenant_id, product_id, warehouse_id) INCLUDE (current_quantity, min_stock, max_stock) WHERE min_stock IS NOT NULL AND current_quantity < min_stock), which holds only the rows under their minimum; the page stops after its rows and the count after 501 (the pager then says 'más de 500'), so a request reads a few thousand index entries at most, not the 300,000 stock rows; a provider filter walks products_provider_browse_idx (that provider's products in name order) and a search takes the trigram index through enzzo_product_ids_matching (migration 0034); the last cost is looked up for the page's 20 rows only. getNotifications counts each warehouse's low rows the same way, up to 501 ('más de 500'). Plan of the first page:",
      "",
      "```",
      ...plan,
      "```",
      "",
    ].join("\n");
    writeResultsSection("## Purchasing (npm run bench:purchasing)", section);
    console.log(`\n## Purchasing (npm run bench:purchasing)\n\n${section}`);
  } finally {
    await stopBenchServer(child);
    await drop();
  }
}

async function trpcGet<T>(cookie: string, procedure: string): Promise<T> {
  const r = await benchRequest(PORT, "GET", `/api/trpc/${procedure}`, null, cookie);
  if (r.status !== 200) throw new Error(`${procedure}: ${r.status} ${r.text.slice(0, 300)}`);
  return (JSON.parse(r.text) as { result: { data: { json: T } } }).result.data.json;
}

/** EXPLAIN (ANALYZE, BUFFERS) of getLowStock's first page, under the tenant and its RLS role. */
async function explain(db: Db, tenantId: string): Promise<string[]> {
  const [statement] = (await captureSql(db, tenantId, (tx) => findLowStock(tx, tenantId, lowStockListInput.parse({})))).filter((s) => s.includes("WITH page"));
  return withTenant(db, tenantId, async (tx) => rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement}`))).map((r) => r["QUERY PLAN"]));
}


await main();
