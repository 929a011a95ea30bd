/**
 * Catalog benchmark (issue 11 §4, catalog search). On a fresh PostgreSQL database it seeds the demo
 * tenant with 100,000 products (BENCH_PRODUCTS), starts the server and measures with 8 concurrent
 * clients (BENCH_CONNECTIONS), each sending its next request when the previous one answers:
 *  - through HTTP (signed in, one tenant transaction under RLS per call): product.getAll searching
 *    a name fragment (target p95 < 30 ms), a fragment inside the names, one broad word, browsing;
 *    product.searchProducts with an exact barcode (target p95 < 10 ms) and with a name fragment;
 *  - the SQL floor of the two targets: the very statement the app sends for each (built by the
 *    service's own code, productListStatement and exactCodeStatement, as named prepared
 *    statements), replayed outside the app by the same number of postgres.js connections, each
 *    in a tenant transaction like the app's (BEGIN, the tenant and the RLS role pipelined with the
 *    statement, then COMMIT). pgbench -M prepared cannot vary text parameters (its variables are
 *    numbers), so it would replay another statement; this replays the app's.
 * Latencies are measured per request here (exact p50/p95/p99) and written to bench/RESULTS.md.
 * Usage: npm run bench:catalog  (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PRODUCTS, BENCH_PG_URL, BENCH_KEEP)
 */
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { withTenant } from "../src/server/db/client";
import { exactCodeStatement, productListStatement } from "../src/server/modules/product/service";
import { productListInput } from "../src/shared/catalog/product";
import { type Row, httpLoad as runHttpLoad, summarize, trpcPath } from "./load";
import { writeResultsSection } from "./results";
import { freshDemoDatabase, signInCookie, startBenchServer, stopBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3310);
const N = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_FRAGMENT_P95_MS = 30;
const TARGET_BARCODE_P95_MS = 10;
/** What a cashier types: the start of a name, a word and a brand (a few hundred matches each). */
const FRAGMENTS = ["arroz selecto", "leche rica", "malta premium", "queso induveca", "pollo criollo", "jabón baní", "café santo", "salami induveca", "refresco mi casa", "galleta del campo", "harina la garza", "aceite premium"];
/** Fragments inside the names (a brand and a size, a brand alone, a product number): the window or the trigram fallback. */
const INSIDE = ["selecto 12", "premium", "induveca 3", "garza 25 lb", "#4242", "campo 7 oz"];
/** One word: thousands of matches (the worst case for a search box). */
const BROAD = ["arroz", "leche", "malta", "queso", "pollo", "jabón"];
/** The barcode of seeded product g. */
const barcodeOf = (g: number) => `746${String(g).padStart(10, "0")}`;
const BARCODES = Array.from({ length: 200 }, (_, i) => barcodeOf(1 + ((i * 7919) % N)));

const loadOpts = { port: PORT, connections: CONNECTIONS, seconds: SECONDS };
const httpLoad = (title: string, paths: string[], cookie: string, seconds = SECONDS) => runHttpLoad({ ...loadOpts, seconds }, title, paths, cookie);

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The SQL floor: CONNECTIONS postgres.js connections replay the statements (in turn) for SECONDS,
 * each in a tenant transaction as the app runs it: BEGIN, the tenant and role, and the statement
 * (a named prepared statement) in one round trip, then COMMIT.
 */
async function sqlFloor(title: string, url: string, tenantId: string, statements: Statement[]): Promise<Row> {
  const client = postgres(url, { max: CONNECTIONS, prepare: true, onnotice: () => {} });
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const conn = await client.reserve();
      try {
        while (Date.now() < end) {
          const s = statements[next++ % statements.length]!;
          const t0 = performance.now();
          try {
            await Promise.all([
              conn`begin`,
              conn`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'enzzo_app', true)`,
              conn.unsafe(s.sql, s.params as never[], { prepare: true }),
            ]);
            await conn`commit`;
            times.push(performance.now() - t0);
          } catch {
            errors++;
            await conn`rollback`.catch(() => {});
          }
        }
      } finally {
        conn.release();
      }
    }),
  );
  await client.end();
  const row = summarize(title, times, SECONDS, errors);
  console.log(row);
  return row;
}

async function main() {
  const { url, database, tenant, drop } = await freshDemoDatabase("catalog");
  let child: ChildProcess | undefined;
  try {
    const t0 = Date.now();
    await withTenant(database.db, tenant.id, (tx) =>
      tx.execute(sql`
        insert into products (tenant_id, id, name, sku, barcode, keywords, price, price2, price3, cost_price)
        select ${tenant.id}::uuid, gen_random_uuid(),
          (array['Arroz','Leche','Malta','Queso','Pollo','Jabón','Café','Salami','Refresco','Galleta','Harina','Aceite','Habichuela','Plátano','Yuca'])[1 + (g % 15)]
            || ' ' || (array['Selecto','Premium','Criollo','La Garza','Induveca','Rica','Santo Domingo','Baní','Mi Casa','Del Campo'])[1 + ((g / 15) % 10)]
            || ' ' || (1 + g % 50) || (array[' lb',' oz',' kg',' ml',' und'])[1 + (g % 5)] || ' #' || g,
          'SKU-' || lpad(g::text, 7, '0'),
          '746' || lpad(g::text, 10, '0'),
          'colmado bench ' || (g % 97),
          (50 + g % 900)::numeric, (45 + g % 900)::numeric, (40 + g % 900)::numeric, (30 + g % 700)::numeric
        from generate_series(1, ${N}) g`),
    );
    // Steady state, as autovacuum leaves a table: statistics and the visibility map (index-only scans).
    await database.db.execute(sql`vacuum analyze products`);
    const seedSeconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(`seeded ${N} products in ${seedSeconds} s`);
    if (process.env.BENCH_SEED_ONLY) {
      await database.close();
      return;
    }

    // The statements the app sends for the two targets, built by the service's own code.
    const fragmentStatements: Statement[] = [];
    const barcodeStatements: Statement[] = [];
    await withTenant(database.db, tenant.id, async (tx) => {
      for (const search of FRAGMENTS) fragmentStatements.push(productListStatement(tx, tenant.id, productListInput.parse({ search, pageSize: 50 })).toSQL());
      for (const code of BARCODES) barcodeStatements.push(exactCodeStatement(tx, tenant.id, code, 20).toSQL());
    });
    await database.close();
    const floorRows = [
      await sqlFloor("SQL floor: product.getAll's statement, name fragment (page of 50)", url, tenant.id, fragmentStatements),
      await sqlFloor("SQL floor: product.searchProducts's exact code statement (barcode)", url, tenant.id, barcodeStatements),
    ];

    child = await startBenchServer(PORT, url);
    const cookie = await signInCookie(PORT);
    const list = (searches: string[]) => searches.map((search) => trpcPath("product.getAll", { search, pageSize: 50 }));
    const pos = (searches: string[]) => searches.map((search) => trpcPath("product.searchProducts", { search, limit: 20 }));
    await httpLoad("warm-up", [...list(FRAGMENTS), ...pos(BARCODES)], cookie, 5);
    const httpRows = [
      await httpLoad("HTTP product.getAll, name fragment (word + brand, page of 50)", list(FRAGMENTS), cookie),
      await httpLoad("HTTP product.getAll, fragment inside the names (page of 50)", list(INSIDE), cookie),
      await httpLoad("HTTP product.getAll, one broad word (page of 50)", list(BROAD), cookie),
      await httpLoad(
        "HTTP product.getAll, no search (pages 1-500 of 50)",
        [1, 2, 3, 50, 500].map((page) => trpcPath("product.getAll", { page, pageSize: 50 })),
        cookie,
      ),
      await httpLoad("HTTP product.searchProducts, exact barcode", pos(BARCODES), cookie),
      await httpLoad("HTTP product.searchProducts, name fragment (limit 20)", pos([...FRAGMENTS, ...INSIDE]), cookie),
    ];

    const [fragment, , , , barcode] = httpRows;
    const [fragmentFloor, barcodeFloor] = floorRows;
    const verdict = (row: Row, target: number, floor: Row) =>
      `${row.p95 < target ? "met" : "not met on this run"} (p95 ${row.p95} ms; SQL floor p95 ${floor.p95} ms, ${floor.rps}/s)`;
    const rows = [...floorRows, ...httpRows];
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ");
    const section = [
      `${new Date().toISOString().slice(0, 10)}, ${N.toLocaleString("en-US")} products in one tenant (seeded set-based in ${seedSeconds} s, then vacuum analyze). PostgreSQL 127.0.0.1:5432, ${CONNECTIONS} concurrent clients (each sends its next request when the previous one answers), ${SECONDS} s per row, ${os.cpus().length} cores shared by server, database and load generator; load average after the run ${load}. Latency per request measured by the script (exact percentiles), in ms. The SQL floor rows replay the statement the app sends (built by the service's code, named prepared statements) on ${CONNECTIONS} postgres.js connections, each in a tenant transaction like the app's: BEGIN, tenant and role pipelined with the statement, then COMMIT.`,
      "",
      "| measurement | requests/s | p50 | p95 | p99 | max | errors |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.errors} |`),
      "",
      `Targets at ${CONNECTIONS} clients through HTTP: product.getAll name fragment p95 < ${TARGET_FRAGMENT_P95_MS} ms — ${verdict(fragment!, TARGET_FRAGMENT_P95_MS, fragmentFloor!)}; product.searchProducts exact barcode p95 < ${TARGET_BARCODE_P95_MS} ms — ${verdict(barcode!, TARGET_BARCODE_P95_MS, barcodeFloor!)}.`,
      "",
      "How (migration 0023, enzzo_product_find, as customer search does in 0017): names starting with the text typed are one range of a btree on the folded search text in byte order (products_search_order_idx, index-only: is_active is included for the POS); a fragment inside the names comes from the first 2,000 products of that order (up to 10,000 for a fragment seen there) and only rare ones go through the trigram index, on the first page at most 5,000 matches read and sorted. The count stops at 51 (or one past the page): the list says 'más de 50'. A page is one statement: the function's ids joined to their rows, category and stock. A scan is one prepared statement over the products' barcode and SKU indexes and the providers' codes.",
      "",
    ].join("\n");
    writeResultsSection("## Catalog search (npm run bench:catalog)", section);
    console.log(`\n## Catalog search (npm run bench:catalog)\n\n${section}`);
  } finally {
    await stopBenchServer(child);
    await drop();
  }
}

await main();
