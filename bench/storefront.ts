/**
 * Storefront benchmark (issue 19 'Performance'). On a fresh PostgreSQL database with the demo tenant
 * it seeds 10,000 online products (BENCH_PRODUCTS) with categories, brands and stock, publishes the
 * store with a home page of sections (hero, featured products, categories, new arrivals), builds
 * nothing itself but serves the build in WEB_DIST_DIR (default dist/web), and measures:
 *  - server time of /shop (home) and /shop/products/{id} (product pages, 500 different products)
 *    with BENCH_CONNECTIONS (32) anonymous visitors, each asking its next page when the previous one
 *    answers, BENCH_SECONDS (20) per row (exact p50/p95/p99 per request), with rendered pages kept
 *    for reuse as the server does by default (SHOP_PAGE_CACHE_SECONDS 5) and again rendered on every
 *    request (0), next to the HTTP floor: a static file of the build from the same server;
 *  - the SQL floor: EXPLAIN ANALYZE of the product page's and the product list's statements;
 *  - largest contentful paint of both pages in Chromium on a throttled mobile profile (390x844,
 *    CDP Network.emulateNetworkConditions 'slow 4G': 150 ms, 1.6 Mbit/s down, 750 kbit/s up, and
 *    Emulation.setCPUThrottlingRate 4x), BENCH_LCP_RUNS (5) cold loads each, the median;
 *  - the shop pages' JavaScript: the entry and every chunk it imports, gzip -9, from the public manifest.
 * Results in bench/RESULTS.md ('### Storefront pages' under '## Storefront (npm run bench:storefront)').
 * Usage: npm run bench:storefront (BENCH_PORT, BENCH_PRODUCTS, BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_LCP_RUNS, WEB_DIST_DIR, CHROMIUM_PATH)
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { chromium } from "playwright-core";
import postgres from "postgres";
import { rowsOf, withTenant } from "../src/server/db/client";
import { getOrCreateStore } from "../src/server/modules/ecommerce/access";
import { setModule } from "../src/server/modules/tenant/service";
import { SITE_ENTRY_MODULES, SITE_MANIFEST } from "../src/server/public-site/assets";
import { defaultSection } from "../src/shared/storefront/sections";
import { httpLoad, type Row } from "./load";
import { writeResultsSection } from "./results";
import { freshDemoDatabase, startBenchServer, stopBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3340);
const N = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const WEB_DIR = path.resolve(process.env.WEB_DIST_DIR ?? "dist/web");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TARGET = { p95Ms: 50, lcpMs: 2500, jsGzipKb: 100 };
/** Chrome DevTools' 'Slow 4G' preset (bytes per second, ms per round trip). */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** gzip -9 bytes of the shop entry's script and every chunk it imports (the JavaScript a shop page loads). */
function shopJsGzip(): { files: number; raw: number; gzip: number } {
  const manifest = JSON.parse(readFileSync(path.join(WEB_DIR, SITE_MANIFEST), "utf8")) as Record<string, { file: string; imports?: string[] }>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(SITE_ENTRY_MODULES.shop);
  let raw = 0;
  let gzip = 0;
  for (const file of seen) {
    const bytes = readFileSync(path.join(WEB_DIR, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: seen.size, raw, gzip };
}

/** Median LCP (ms) of cold loads of `url` on the throttled mobile profile. */
async function lcpOf(url: string): Promise<{ median: number; all: number[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"] });
  const all: number[] = [];
  try {
    for (let i = 0; i < LCP_RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: "es-DO" });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(url, { waitUntil: "load" });
      // The last largest-contentful-paint entry once the page has settled (buffered: it already happened).
      const lcp = await page.evaluate(
        `new Promise((resolve) => {
          let last = 0;
          new PerformanceObserver((list) => { for (const e of list.getEntries()) last = e.startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
          setTimeout(() => resolve(last), 1000);
        })`,
      );
      all.push(Math.round(Number(lcp)));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...all].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, all };
}

/** EXPLAIN ANALYZE of a statement in a tenant transaction like the app's: the execution time in ms. */
async function explain(url: string, tenantId: string, statement: string): Promise<number> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const rows = await client.begin(async (tx) => {
        await tx`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'enzzo_app', true)`;
        return tx.unsafe(`explain (analyze, format json) ${statement}`);
      });
      times.push((rows[0] as unknown as { "QUERY PLAN": { "Execution Time": number }[] })["QUERY PLAN"][0]!["Execution Time"]);
    }
    times.sort((a, b) => a - b);
    return Number(times[Math.floor(times.length / 2)]!.toFixed(2));
  } finally {
    await client.end();
  }
}

async function main() {
  if (!existsSync(path.join(WEB_DIR, SITE_MANIFEST))) throw new Error(`no public build in ${WEB_DIR}: run vite build first (WEB_DIST_DIR=${WEB_DIR})`);
  const { url, database, tenant, drop } = await freshDemoDatabase("storefront");
  let child: ChildProcess | undefined;
  try {
    const t0 = Date.now();
    const productIds = await withTenant(database.db, tenant.id, async (tx) => {
      await setModule(tx, tenant.id, "storefront", true);
      const store = await getOrCreateStore(tx, tenant.id);
      await tx.execute(sql`update stores set is_published = true, published_at = now(), description = 'Todo para su casa y su negocio.' where tenant_id = ${tenant.id} and id = ${store.id}`);
      await tx.execute(sql`
        insert into product_categories (tenant_id, id, code, name)
        select ${tenant.id}::uuid, gen_random_uuid(), 'BENCH-' || g, 'Categoría ' || g from generate_series(1, 20) g`);
      await tx.execute(sql`
        insert into products (tenant_id, id, name, sku, description, price, cost_price, category_id)
        select ${tenant.id}::uuid, gen_random_uuid(),
          (array['Arroz','Leche','Malta','Queso','Pollo','Jabón','Café','Salami','Refresco','Galleta'])[1 + (g % 10)] || ' ' ||
          (array['Selecto','Premium','Criollo','La Garza','Rica'])[1 + ((g / 10) % 5)] || ' #' || g,
          'SHOP-' || lpad(g::text, 6, '0'),
          'Un producto de la tienda, número ' || g || '. Calidad garantizada.',
          (50 + g % 900)::numeric, (30 + g % 700)::numeric,
          (select id from product_categories c where c.tenant_id = ${tenant.id} and c.code = 'BENCH-' || (1 + g % 20))
        from generate_series(1, ${N}) g`);
      await tx.execute(sql`
        insert into store_products (tenant_id, id, product_id, is_online, online_price, original_price, is_featured, brand, sort_order)
        select p.tenant_id, gen_random_uuid(), p.id, true,
          case when row_number() over (order by p.sku) % 7 = 0 then p.price * 0.8 end,
          case when row_number() over (order by p.sku) % 7 = 0 then p.price end,
          row_number() over (order by p.sku) <= 12,
          (array['Goya','Nestlé','Induveca','Baldom','La Famosa'])[1 + (row_number() over (order by p.sku) % 5)::int],
          0
        from products p where p.tenant_id = ${tenant.id} and p.sku like 'SHOP-%'`);
      await tx.execute(sql`
        insert into product_stock (tenant_id, id, product_id, warehouse_id, initial_quantity, current_quantity)
        select p.tenant_id, gen_random_uuid(), p.id, w.id, 0, (p.price::int % 40)
        from products p join warehouses w on w.tenant_id = p.tenant_id and w.is_default
        where p.tenant_id = ${tenant.id} and p.sku like 'SHOP-%'
        on conflict do nothing`);
      const home = [
        { ...defaultSection("hero"), settings: { ...defaultSection("hero").settings, banners: [] } },
        defaultSection("featured_products"),
        defaultSection("categories"),
        defaultSection("new_arrivals"),
      ];
      await tx.execute(sql`
        insert into store_pages (tenant_id, id, store_id, page, draft_sections, published_sections, published_at)
        values (${tenant.id}, gen_random_uuid(), ${store.id}, 'home', ${JSON.stringify(home)}::jsonb, ${JSON.stringify(home)}::jsonb, now())
        on conflict (tenant_id, store_id, page) do update set published_sections = excluded.published_sections`);
      return rowsOf<{ id: string }>(
        await tx.execute(sql`select product_id as id from store_products where tenant_id = ${tenant.id} order by random() limit 500`),
      ).map((r) => r.id);
    });
    await database.db.execute(sql`vacuum analyze products, store_products, product_stock, product_categories`);
    const seedSeconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(`seeded ${N} online products in ${seedSeconds} s`);
    await database.close();

    // The SQL floor of the two pages' main statements (as the shop's queries build them).
    const wh = await (async () => {
      const c = postgres(url, { max: 1, onnotice: () => {} });
      const [row] = await c`select id from warehouses where tenant_id = ${tenant.id} and is_default`;
      await c.end();
      return String(row!.id);
    })();
    const cardCols = `sp.id, sp.product_id, p.name, p.image_url, c.name as category_name, coalesce(sp.online_price, p.price)::text as online_price, sp.original_price::text as original_price,
      (p.product_type <> 'product' or coalesce((select ps.current_quantity from product_stock ps where ps.tenant_id = sp.tenant_id and ps.product_id = sp.product_id and ps.warehouse_id = '${wh}'), 0)
        - coalesce((select sum(r.quantity) from online_stock_reservations r where r.tenant_id = sp.tenant_id and r.product_id = sp.product_id and r.warehouse_id = '${wh}' and r.released_at is null and r.expires_at > now()), 0) > 0) as in_stock`;
    const from = `store_products sp join products p on p.tenant_id = sp.tenant_id and p.id = sp.product_id left join product_categories c on c.tenant_id = p.tenant_id and c.id = p.category_id`;
    const visible = `sp.tenant_id = '${tenant.id}' and sp.is_online and p.is_active and p.deleted_at is null`;
    const floor = {
      product: await explain(url, tenant.id, `select ${cardCols}, p.description, sp.brand, p.category_id from ${from} where ${visible} and sp.product_id = '${productIds[0]}' limit 1`),
      featured: await explain(url, tenant.id, `select ${cardCols} from ${from} where ${visible} and sp.is_featured order by sp.sort_order, p.name, sp.id limit 8`),
      newest: await explain(url, tenant.id, `select ${cardCols} from ${from} where ${visible} order by sp.created_at desc, sp.id limit 8`),
      categories: await explain(
        url,
        tenant.id,
        `select c.id, c.name, count(*)::int from store_products sp join products p on p.tenant_id = sp.tenant_id and p.id = sp.product_id join product_categories c on c.tenant_id = p.tenant_id and c.id = p.category_id where ${visible} and c.is_active group by c.id, c.name order by c.name limit 6`,
      ),
      list: await explain(url, tenant.id, `select ${cardCols} from ${from} where ${visible} order by sp.is_featured desc, sp.sort_order, p.name, sp.id limit 24 offset 0`),
      search: await explain(url, tenant.id, `select ${cardCols} from ${from} where ${visible} and p.search_text like '%arroz%' order by sp.is_featured desc, sp.sort_order, p.name, sp.id limit 24`),
    };
    console.log("SQL floor (EXPLAIN ANALYZE execution ms, median of 20)", floor);

    process.env.WEB_DIST_DIR = WEB_DIR;
    child = await startBenchServer(PORT, url);
    const load = { port: PORT, connections: CONNECTIONS, seconds: SECONDS };
    const productPaths = productIds.map((id) => `/shop/products/${id}`);
    await httpLoad({ ...load, seconds: 5 }, "warm-up", ["/shop", ...productPaths], "");
    const staticFile = `/${JSON.parse(readFileSync(path.join(WEB_DIR, SITE_MANIFEST), "utf8"))[SITE_ENTRY_MODULES.shop].file}`;
    const rows: Row[] = [
      await httpLoad(load, "GET /shop (home: hero, 8 featured, 6 categories, 8 new arrivals)", ["/shop"], ""),
      await httpLoad(load, "GET /shop/products/{id} (500 different products)", productPaths, ""),
      await httpLoad(load, "GET /shop/products (first page of 24, with category and brand filters)", ["/shop/products"], ""),
      await httpLoad(load, `floor: GET the shop's script, a static file of the build (${Math.round(readFileSync(path.join(WEB_DIR, staticFile)).length / 1024)} KB; same server, same connections)`, [staticFile], ""),
    ];
    // The same pages rendered on every request (SHOP_PAGE_CACHE_SECONDS=0): what a page costs when it is not kept.
    await stopBenchServer(child);
    process.env.SHOP_PAGE_CACHE_SECONDS = "0";
    child = await startBenchServer(PORT, url);
    await httpLoad({ ...load, seconds: 5 }, "warm-up", ["/shop", ...productPaths], "");
    rows.push(
      await httpLoad(load, "GET /shop, rendered on every request (SHOP_PAGE_CACHE_SECONDS=0)", ["/shop"], ""),
      await httpLoad(load, "GET /shop/products/{id}, rendered on every request (SHOP_PAGE_CACHE_SECONDS=0)", productPaths, ""),
    );

    const origin = `http://demo.localhost:${PORT}`;
    const lcpHome = await lcpOf(`${origin}/shop`);
    const lcpProduct = await lcpOf(`${origin}/shop/products/${productIds[1]}`);
    const js = shopJsGzip();
    const loadAvg = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ");
    const [home, product] = rows as [Row, Row];
    const met = (ok: boolean) => (ok ? "met" : "not met on this run");
    const section = [
      `${new Date().toISOString().slice(0, 10)}, ${N.toLocaleString("en-US")} online products in the demo tenant (20 categories, 5 brands, stock in the default warehouse; seeded set-based in ${seedSeconds} s, then vacuum analyze), the store published with a home of sections (hero without banners, featured products, categories, new arrivals). PostgreSQL 127.0.0.1:5432, the app from src/server/main.ts (tsx) serving the production build with SHOP_PAGE_CACHE_SECONDS at its default (5; the last two rows: 0), ${CONNECTIONS} anonymous visitors (keep-alive; each asks its next page when the previous one answers), ${SECONDS} s per row, ${os.cpus().length} cores shared by server, database, load generator and other work on the machine; load average after the run ${loadAvg}. Server time = request sent to last byte read, per request, in ms.`,
      "",
      "| page | requests/s | p50 | p95 | p99 | max | errors |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.errors} |`),
      "",
      `SQL floor (EXPLAIN ANALYZE execution time inside a tenant transaction under RLS, median of 20, ms): product page's product ${floor.product}; home's featured 8 ${floor.featured}, new arrivals 8 ${floor.newest}, categories with counts ${floor.categories}; product list page 1 ${floor.list}, search 'arroz' ${floor.search}.`,
      "",
      `Largest contentful paint, Chromium ${LCP_RUNS} cold loads each at 390x844 (mobile, DPR 3), CDP 'Slow 4G' (150 ms, 1.6 Mbit/s down) and 4x CPU throttling, median [all]: /shop ${lcpHome.median} ms [${lcpHome.all.join(", ")}], product page ${lcpProduct.median} ms [${lcpProduct.all.join(", ")}].`,
      "",
      `Shop JavaScript (entry ${SITE_ENTRY_MODULES.shop} and its ${js.files - 1} imported chunks, gzip -9): ${(js.gzip / 1024).toFixed(1)} KB (${(js.raw / 1024).toFixed(1)} KB unpacked).`,
      "",
      `Targets: p95 < ${TARGET.p95Ms} ms at ${CONNECTIONS} visitors — home ${met(home.p95 < TARGET.p95Ms)} (p95 ${home.p95} ms), product ${met(product.p95 < TARGET.p95Ms)} (p95 ${product.p95} ms); LCP < ${TARGET.lcpMs} ms — ${met(Math.max(lcpHome.median, lcpProduct.median) < TARGET.lcpMs)}; JS < ${TARGET.jsGzipKb} KB gzip — ${met(js.gzip / 1024 < TARGET.jsGzipKb)}.`,
      "",
    ].join("\n");
    writeResultsSection("### Storefront pages", section);
    console.log(`\n### Storefront pages\n\n${section}`);
  } finally {
    await stopBenchServer(child);
    await drop();
  }
}

await main();
