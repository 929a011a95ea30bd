/**
 * Dashboard benchmark (issue 14 §8 and its performance target: the dashboard's first paint for a
 * tenant with 500,000 orders, every widget's query p95 under 100 ms). On a fresh PostgreSQL
 * database it seeds the demo tenant with 500,000 orders (BENCH_ORDERS) spread evenly over the
 * last 730 days (about 685 a day, 20,800 a month; every 20th cancelled), 1 to 4 lines each
 * (about 1.25 million order_items; order ids are UUID v7 of the sale's time, as the app makes them) over 500 products in 12 categories (4% without one) and 10
 * sellers (every 9th line without one), then starts the server and measures:
 *  - the first paint: the six widget calls the page makes at once (dashboard.getStats,
 *    getSalesOverview, getRecentSales, getTopProducts, getSalesByCategory, getEmployeeSales),
 *    sent together over HTTP by one signed-in user, again and again for BENCH_SECONDS per range
 *    (today, week, month): each call's latency and the whole paint's (the slowest of the six);
 *  - the same six at BENCH_CONNECTIONS users painting at once (month, the largest range);
 *  - the floor: the very SQL each widget sends for the month (captured from postgres.js with its
 *    parameters inlined: BEGIN, the tenant and RLS role, the statement, COMMIT) replayed by
 *    pgbench -M prepared, one client per script, when pgbench is on the PATH.
 * It prints EXPLAIN (ANALYZE, BUFFERS) of each month statement and writes bench/RESULTS.md.
 * BENCH_INDEX="create index …" runs that statement after seeding (to measure a proposed index).
 * BENCH_REUSE=<database> measures a database an earlier run kept (BENCH_KEEP=1), without seeding again.
 * Usage: npm run bench:dashboard  (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ORDERS, BENCH_PG_URL, BENCH_KEEP, BENCH_INDEX, BENCH_REUSE)
 */
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import os from "node:os";
import { sql } from "drizzle-orm";
import { type Db, openDatabase, rowsOf, withTenant } from "../src/server/db/client";
import { getEmployeeSales, getRecentSales, getSalesByCategory, getSalesOverview, getStats, getTopProducts } from "../src/server/modules/dashboard/service";
import { unsafeFindTenantBySubdomain } from "../src/server/modules/tenant/service";
import type { DashboardRange } from "../src/shared/dashboard/range";
import { businessDate } from "../src/shared/platform/dates";
import { type Row, summarize, trpcPath } from "./load";
import { captureSql, pgbenchVersion, runPgbench } from "./pgbench";
import { writeResultsSection } from "./results";
import { ADMIN_URL, BENCH_HOST, freshDemoDatabase, signInCookie, startBenchServer, stopBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3350);
const N = Number(process.env.BENCH_ORDERS ?? 500_000);
const DAYS = 730;
const PRODUCTS = 500;
const CATEGORIES = 12;
const SELLERS = 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_P95_MS = 100;
const RANGES: DashboardRange[] = ["today", "week", "month"];
const WIDGETS = ["getStats", "getSalesOverview", "getRecentSales", "getTopProducts", "getSalesByCategory", "getEmployeeSales"] as const;
type Widget = (typeof WIDGETS)[number];
const SERVICE = { getStats, getSalesOverview, getRecentSales, getTopProducts, getSalesByCategory, getEmployeeSales } satisfies Record<Widget, unknown>;

async function seed(db: Db, tenantId: string, today: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into product_categories (tenant_id, id, code, name)
      select ${tenantId}::uuid, gen_random_uuid(), 'BCAT-' || c,
        (array['Bebidas','Granos','Lácteos','Carnes','Limpieza','Panadería','Snacks','Embutidos','Frutas','Vegetales','Cuidado personal','Ferretería'])[c]
      from generate_series(1, ${CATEGORIES}) c`);
    await tx.execute(sql`
      insert into employees (tenant_id, id, code, name)
      select ${tenantId}::uuid, gen_random_uuid(), 'BDV-' || lpad(g::text, 2, '0'), 'Vendedor ' || g from generate_series(1, ${SELLERS}) g`);
    await tx.execute(sql`
      with cats as (select array_agg(id order by code) ids from product_categories where tenant_id = ${tenantId} and code like 'BCAT-%')
      insert into products (tenant_id, id, name, sku, price, price2, price3, cost_price, category_id)
      select ${tenantId}::uuid, gen_random_uuid(), 'Producto de prueba ' || g, 'BDP-' || lpad(g::text, 4, '0'),
        (50 + (g * 37) % 900)::numeric, (50 + (g * 37) % 900)::numeric, (50 + (g * 37) % 900)::numeric, 20,
        case when g % 25 = 0 then null else (select ids[1 + g % ${CATEGORIES}] from cats) end
      from generate_series(1, ${PRODUCTS}) g`);
    // Orders: g spread over the last 730 days (today included), between 08:00 and 20:00.
    await tx.execute(
      sql.raw(`
      create temp table bench_orders on commit drop as
      select g, (lpad(to_hex((extract(epoch from c.created_at) * 1000)::bigint), 12, '0') || '7' || substr(c.h, 1, 3) || '8' || substr(c.h, 4, 15))::uuid as id,
        c.day, c.created_at, case when g % 20 = 0 then 'cancelled' else 'completed' end as status
      from generate_series(1, ${N}) g
      cross join lateral (select ('${today}'::date - (g % ${DAYS})) as day, md5(g::text) as h) d
      cross join lateral (select d.day, d.h, (d.day + time '08:00' + ((g * 7) % 43200) * interval '1 second') at time zone 'America/Santo_Domingo' as created_at) c`),
    );
    await tx.execute(
      sql.raw(`
      create temp table bench_lines on commit drop as
      select o.g, o.id as order_id, i as line_no, p.id as product_id, p.name as product_name, p.price,
        (1 + (o.g + i) % 3)::numeric as quantity, p.price * (1 + (o.g + i) % 3) as total,
        case when (o.g + i) % 9 = 0 then null else (array(select id from employees where tenant_id = '${tenantId}' and code like 'BDV-%' order by code))[1 + (o.g + i) % ${SELLERS}] end as seller
      from bench_orders o
      cross join generate_series(1, 1 + o.g % 4) i
      join (select id, name, price, row_number() over (order by sku) - 1 as k from products where tenant_id = '${tenantId}' and sku like 'BDP-%') p
        on p.k = (o.g * 31 + i * 17) % ${PRODUCTS}`),
    );
    const [refs] = rowsOf<{ warehouse: string; user_id: string; customer: string }>(
      await tx.execute(sql`select
        (select id from warehouses where tenant_id = ${tenantId} and is_default limit 1) as warehouse,
        (select id from users where tenant_id = ${tenantId} and is_owner limit 1) as user_id,
        (select id from customers where tenant_id = ${tenantId} and is_default limit 1) as customer`),
    );
    await tx.execute(
      sql.raw(`
      insert into orders (tenant_id, id, number, client_order_id, customer_id, warehouse_id, status, payment_status, source,
        subtotal, discount_total, tax_total, total, paid_total, user_id, business_date, created_at)
      select '${tenantId}'::uuid, o.id, 'BDF-' || lpad(o.g::text, 7, '0'), gen_random_uuid(), '${refs!.customer}'::uuid, '${refs!.warehouse}'::uuid,
        o.status, 'paid', 'pos', round(t.total / 1.18, 2), 0, t.total - round(t.total / 1.18, 2), t.total, t.total,
        '${refs!.user_id}'::uuid, o.day, o.created_at
      from bench_orders o
      join (select order_id, sum(total) as total from bench_lines group by order_id) t on t.order_id = o.id
      order by o.created_at`),
    );
    await tx.execute(
      sql.raw(`
      insert into order_items (tenant_id, id, order_id, line_no, product_id, product_name, quantity, unit_price, price_includes_tax,
        is_taxable, tax_rate, base_amount, discount_amount, tax_amount, total, seller_employee_id)
      select '${tenantId}'::uuid, gen_random_uuid(), order_id, line_no, product_id, product_name, quantity, price, true,
        true, 18, round(total / 1.18, 2), 0, total - round(total / 1.18, 2), total, seller
      from bench_lines
      order by order_id, line_no`),
    );
  });
  for (const table of ["orders", "order_items", "products", "product_categories", "employees"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
}

/** One paint: the six calls at once, each on its own keep-alive connection, as the browser sends them. */
function paint(agent: http.Agent, cookie: string, range: DashboardRange): Promise<{ times: Record<Widget, number>; total: number; errors: number }> {
  const t0 = performance.now();
  let errors = 0;
  const times = {} as Record<Widget, number>;
  return Promise.all(
    WIDGETS.map(
      (w) =>
        new Promise<void>((resolve) => {
          const s = performance.now();
          const req = http.request({ host: "127.0.0.1", port: PORT, path: trpcPath(`dashboard.${w}`, { range }), agent, headers: { host: BENCH_HOST, cookie, "x-locale": "es" } }, (res) => {
            res.resume();
            res.on("end", () => {
              if (res.statusCode === 200) times[w] = performance.now() - s;
              else errors++;
              resolve();
            });
          });
          req.on("error", () => {
            errors++;
            resolve();
          });
          req.end();
        }),
    ),
  ).then(() => ({ times, total: performance.now() - t0, errors }));
}

/** `users` users each painting the dashboard again as soon as their last paint finished, for `seconds`. */
async function paintLoad(cookie: string, range: DashboardRange, users: number, seconds: number) {
  const per: Record<Widget, number[]> = Object.fromEntries(WIDGETS.map((w) => [w, []])) as never;
  const totals: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: users }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: WIDGETS.length });
      while (Date.now() < end) {
        const r = await paint(agent, cookie, range);
        errors += r.errors;
        totals.push(r.total);
        for (const w of WIDGETS) if (r.times[w] !== undefined) per[w].push(r.times[w]);
      }
      agent.destroy();
    }),
  );
  const label = users === 1 ? "1 user" : `${users} users at once`;
  const rows = WIDGETS.map((w) => summarize(`${range}, ${label}: dashboard.${w}`, per[w], seconds, 0));
  rows.push(summarize(`${range}, ${label}: whole paint (the slowest of the six)`, totals, seconds, errors));
  for (const r of rows) console.log(r);
  return rows;
}

async function main() {
  const reuse = process.env.BENCH_REUSE;
  const { url, database, tenant, drop } = reuse ? await reuseDatabase(reuse) : await freshDemoDatabase("dashboard");
  let child: ChildProcess | undefined;
  try {
    const t0 = Date.now();
    const today = businessDate(new Date(), tenant.timezone);
    if (!reuse) await seed(database.db, tenant.id, today);
    const seedSeconds = reuse ? "(an earlier run's database, kept with BENCH_KEEP)" : ((Date.now() - t0) / 1000).toFixed(1);
    const [counts] = rowsOf<{ orders: number; items: number; month: number; today: number }>(
      await database.db.execute(sql`select (select count(*)::int from orders) orders, (select count(*)::int from order_items) items,
        (select count(*)::int from orders where business_date >= date_trunc('month', ${today}::date)) as month,
        (select count(*)::int from orders where business_date = ${today}::date) as today`),
    );
    console.log(`seeded ${counts!.orders} orders, ${counts!.items} lines in ${seedSeconds} s (this month ${counts!.month}, today ${counts!.today})`);
    const index = process.env.BENCH_INDEX;
    if (index) {
      for (const statement of index.split(";").filter((x) => x.trim())) await database.db.execute(sql.raw(statement));
      await database.db.execute(sql`vacuum analyze orders`);
      await database.db.execute(sql`vacuum analyze order_items`);
      console.log(`created: ${index}`);
    }
    if (process.env.BENCH_SEED_ONLY) {
      await database.close();
      return;
    }

    // The month's statements, as the app sends them: their plans and the pgbench floor.
    const floorDb = await openDatabase({ url });
    const scripts: Record<Widget, string[]> = {} as never;
    const plans: string[] = [];
    try {
      for (const w of WIDGETS) {
        scripts[w] = await captureSql(floorDb.db, tenant.id, (tx) => SERVICE[w]({ tx, tenant }, "month"));
        for (const statement of scripts[w].filter((s) => /^(with|select)/i.test(s) && s.includes("orders"))) {
          const plan = await withTenant(floorDb.db, tenant.id, async (tx) =>
            rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement}`))).map((r) => r["QUERY PLAN"]),
          );
          plans.push(`-- dashboard.${w} (month)`, ...plan, "");
        }
      }
    } finally {
      await floorDb.close();
    }
    console.log(plans.join("\n"));
    await database.close();
    const pgbench = pgbenchVersion();
    const floor: Row[] = pgbench ? WIDGETS.map((w) => runPgbench(url, `floor (pgbench -c 1), month: dashboard.${w}'s SQL`, [scripts[w]], 1, Math.max(3, Math.round(SECONDS / 2)))) : [];

    child = await startBenchServer(PORT, url);
    const cookie = await signInCookie(PORT);
    await paintLoad(cookie, "month", 1, 3); // warm-up
    const rows: Row[] = [];
    for (const range of RANGES) rows.push(...(await paintLoad(cookie, range, 1, SECONDS)));
    const concurrent = await paintLoad(cookie, "month", CONNECTIONS, SECONDS);

    const widgetRows = rows.filter((r) => !r.title.includes("whole paint"));
    const worst = widgetRows.reduce((a, r) => (r.p95 > a.p95 ? r : a));
    const errors = [...rows, ...concurrent].reduce((a, r) => a + r.errors, 0);
    const loadAvg = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ");
    const table = (rs: Row[]) => [
      "| measurement | calls | p50 | p95 | p99 | max | errors |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rs.map((r) => `| ${r.title} | ${Math.round(r.rps * (r.title.startsWith("floor") ? Math.max(3, Math.round(SECONDS / 2)) : SECONDS))} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.errors} |`),
    ];
    const section = [
      `${new Date().toISOString().slice(0, 10)}, ${counts!.orders.toLocaleString("en-US")} orders (${counts!.items.toLocaleString("en-US")} lines) in one tenant over the last ${DAYS} days: ${counts!.today.toLocaleString("en-US")} today, ${counts!.month.toLocaleString("en-US")} this month; every 20th cancelled; ${PRODUCTS} products in ${CATEGORIES} categories, ${SELLERS} sellers (seeded set-based${reuse ? " " : " in "}${seedSeconds}${reuse ? "" : " s"}, then vacuum analyze)${index ? `; with \`${index}\`` : ""}. PostgreSQL 127.0.0.1:5432, ${os.cpus().length} cores shared by server, database and load generator; load average after the run ${loadAvg}. A paint sends the six widget calls at once over HTTP (signed in, one tenant transaction under RLS each) and the next paint when all six answered, for ${SECONDS} s per row group; latency per call measured by the script, in ms.`,
      "",
      ...table([...rows, ...concurrent, ...floor]),
      "",
      `Target: every widget's query p95 under ${TARGET_P95_MS} ms at the first paint — ${errors > 0 ? `${errors} errors` : worst.p95 < TARGET_P95_MS ? "met" : "not met on this run"} (slowest p95 for one user: ${worst.p95} ms, ${worst.title}).`,
      "",
      pgbench
        ? `The floor, outside our code: the SQL each widget sent for the month (captured from postgres.js with its parameters inlined: BEGIN, the tenant and RLS role, the statement, COMMIT) replayed by ${pgbench} -M prepared, one client.`
        : "The floor: pgbench was not found on the PATH, so no floor row.",
      "",
      "How: completed orders by business_date. Stats and the sales overview read one index range of the period (proposed orders_dashboard_idx: (tenant_id, business_date) INCLUDE (total, created_at) WHERE status = 'completed', index-only; without it they read orders_list_idx and the rows' heap pages), recent sales walk orders_list_idx newest first and stop at 8. The three item widgets take the period's order ids from orders_list_idx, then the lines between the smallest and the largest of those ids as one range of order_items (ids are UUID v7, time first), joined back to the orders for an exact result; with the proposed order_items_dashboard_idx ((tenant_id, order_id) INCLUDE (product_id, quantity, total, seller_employee_id)) that range is index-only. Written as a probe per order instead, PostgreSQL under the RLS role (no parallel workers there) chose a scan of all 1.25 million lines: about 1 s for the month whatever the index. Past that, a month's widgets aggregate ~17,800 orders and ~43,500 lines on every paint; a per-day summary table kept by the checkout would make them constant-time (not built: it needs a migration and a write in createInvoice).",
      "",
      "Plans of the month's statements (EXPLAIN (ANALYZE, BUFFERS) under the tenant's RLS role):",
      "",
      "```",
      ...plans,
      "```",
      "",
    ].join("\n");
    writeResultsSection("## Dashboard (npm run bench:dashboard)", section);
    console.log(`\n## Dashboard (npm run bench:dashboard)\n\n${section}`);
  } finally {
    await stopBenchServer(child);
    await drop();
  }
}

/** A database kept by an earlier run (BENCH_KEEP), opened as it is; never dropped. */
async function reuseDatabase(name: string) {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ url });
  const tenant = (await unsafeFindTenantBySubdomain(database.db, "demo"))!;
  return { url, database, tenant, drop: async () => console.log(`kept database ${name}`) };
}

await main();
