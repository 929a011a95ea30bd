/**
 * Promotions at the POS benchmark (issue 16: 'with 200 active promotions, pos.validateCart of a
 * 30-line cart p95 under 15 ms'). On a fresh PostgreSQL database (BENCH_DB=pglite for the embedded
 * one) it creates BENCH_PRODUCTS (300) products in 10 categories and BENCH_PROMOTIONS (200) active
 * promotions of the five types (each naming 4 products, every fifth also a category), then calls
 * pos.validateCart BENCH_CALLS (300) times with a 30-line cart through the real router (Fastify
 * inject, superjson, signed-in cashier, one transaction each) after 30 warm-up calls, and reports
 * p50, p95 and p99. It checks the answer names promotions, so the engine really ran.
 * Usage: node --import tsx bench/promotions.ts
 */
import os from "node:os";
import { writeResultsSection } from "./results";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 300);
const PROMOTIONS = Number(process.env.BENCH_PROMOTIONS ?? 200);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const LINES = 30;
/** BENCH_ANALYZE=0 measures on fresh tables without statistics */
const ANALYZE = process.env.BENCH_ANALYZE !== "0";
const DB = process.env.BENCH_DB ?? "postgres";
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TYPES = ["percentage_discount", "fixed_amount_discount", "buy_x_get_y", "bundle_discount", "second_unit_discount"] as const;

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

async function main() {
  if (DB === "postgres") {
    process.env.TEST_DATABASE = "postgres";
    process.env.TEST_PG_URL = PG_URL;
  } else delete process.env.TEST_DATABASE;
  const { createTestContext, openCashboxFor } = await import("../src/server/test/harness");
  const { sql } = await import("drizzle-orm");
  const loadBefore = os.loadavg().map((n) => n.toFixed(1)).join(" / ");
  const t = await createTestContext();
  const times: number[] = [];
  const baseline: number[] = [];
  let promoted = 0;
  let applicable = 0;
  try {
    const owner = await t.client("acme", "owner");
    await openCashboxFor(t, t.acme, "cashier");
    const cashier = await t.client("acme", "cashier");
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
    const until = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
    const categories: string[] = [];
    for (let c = 0; c < 10; c++) categories.push((await owner.productCategory.create.mutate({ name: `Categoría ${c}`, code: `C${c}` })).id);
    const products: string[] = [];
    for (let p = 0; p < PRODUCTS; p++) {
      const price = String(25 + ((p * 37) % 400));
      products.push((await owner.product.create.mutate({ name: `Producto ${p}`, sku: `B-${p}`, price, price2: price, price3: price, categoryId: categories[p % 10] })).id);
    }
    const items = Array.from({ length: LINES }, (_, i) => ({ productId: products[(i * 11) % PRODUCTS]!, quantity: String(1 + (i % 4)) }));
    // The same cart before any promotion exists: what reading and pricing the cart costs without them.
    for (let i = 0; i < 30; i++) await cashier.pos.validateCart.mutate({ items });
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      await cashier.pos.validateCart.mutate({ items });
      baseline.push(performance.now() - start);
    }
    for (let n = 0; n < PROMOTIONS; n++) {
      const type = TYPES[n % TYPES.length]!;
      await owner.promotion.create.mutate({
        name: `Promo ${n}`,
        code: `P-${n}`,
        type,
        discount: type === "buy_x_get_y" ? "0" : type === "fixed_amount_discount" ? "5" : String(5 + (n % 30)),
        param1: type === "buy_x_get_y" || type === "bundle_discount" ? 2 : null,
        param2: type === "buy_x_get_y" ? 1 : null,
        startDate: today,
        endDate: until,
        isActive: true,
        productIds: [0, 1, 2, 3].map((k) => products[(n * 7 + k * 53) % PRODUCTS]!),
        categoryIds: n % 5 === 0 ? [categories[n % 10]!] : [],
      });
    }
    // Statistics, as autovacuum gathers them on a shop's tables (fresh tables have none and plan on guesses).
    if (ANALYZE) await t.db.execute(sql`ANALYZE`);
    for (let i = 0; i < 30; i++) await cashier.pos.validateCart.mutate({ items });
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      const answer = await cashier.pos.validateCart.mutate({ items });
      times.push(performance.now() - start);
      if (i === 0) promoted = answer.items.filter((l) => l.promotions.length > 0).length;
    }
    const active = await cashier.promotion.active.query();
    const cartIds = new Set(items.map((i) => i.productId));
    applicable = active.promotions.filter((p) => p.productIds.some((id) => cartIds.has(id)) || p.categoryIds.length > 0).length;
  } finally {
    await t.close();
  }
  const loadAfter = os.loadavg().map((n) => n.toFixed(1)).join(" / ");
  const sorted = [...times].sort((a, b) => a - b);
  const [p50, p95, p99] = [0.5, 0.95, 0.99].map((p) => quantile(sorted, p));
  const base = [...baseline].sort((a, b) => a - b);
  const [b50, b95, b99] = [0.5, 0.95, 0.99].map((p) => quantile(base, p));
  console.log(`without promotions: p50 ${b50!.toFixed(2)} ms, p95 ${b95!.toFixed(2)} ms`);
  console.log(`p50 ${p50!.toFixed(2)} ms, p95 ${p95!.toFixed(2)} ms, p99 ${p99!.toFixed(2)} ms; ${promoted}/${LINES} lines promoted, ${applicable} promotions could apply`);
  if (promoted === 0) throw new Error("no line got a promotion: the benchmark did not exercise the engine");
  const dbName = DB === "postgres" ? "PostgreSQL 127.0.0.1:5432" : "PGlite (in memory)";
  writeResultsSection(
    "## Promotions at the POS (node --import tsx bench/promotions.ts)",
    `Run on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version}, ${dbName}. ${PRODUCTS} products in 10 categories, ${PROMOTIONS} active promotions of the five types (4 products each, every fifth also a category). ${CALLS} calls of \`pos.validateCart\` with a ${LINES}-line cart through the real router (Fastify inject, superjson, signed-in cashier, one transaction each) after 30 warm-up calls${ANALYZE ? ", with statistics gathered (ANALYZE, as autovacuum does on a shop's tables)" : ", on fresh tables without statistics (BENCH_ANALYZE=0)"}. The server reads the cart's products and, in one query, only the promotions naming one of its products or their categories (${applicable} of them here); the shared engine then prices the cart. ${promoted} of the ${LINES} lines got a promotion.

| cart | p50 ms | p95 ms | p99 ms |
|---|---:|---:|---:|
| same cart, before any promotion existed | ${b50!.toFixed(2)} | ${b95!.toFixed(2)} | ${b99!.toFixed(2)} |
| with ${PROMOTIONS} active promotions | ${p50!.toFixed(2)} | ${p95!.toFixed(2)} | ${p99!.toFixed(2)} |

The engine alone (priceWithPromotions of these 30 lines and 200 promotions, in process) took about 1 ms per cart after indexing the promotions by product and category and computing each promotion's amount on a line once (it was 4.5–6.5 ms when every line scanned every promotion and the amounts were recomputed in each buy-X-get-Y round; big.js division was the top of the profile).

Where the time goes (in process on PostgreSQL, p50, measured piece by piece on the same data): an empty transaction 0.2 ms; reading the cart's 30 products 1.5 ms; the cart's promotions query 3.6 ms; the engine and pricing 1.3–2 ms (0.7 ms without promotions); the rest of the call (HTTP inject, session, tRPC, superjson, the transaction) about 4 ms, the same as without promotions. EXPLAIN (ANALYZE) of the promotions query: the links to the cart's products and categories come from their indexes in 0.3 ms (118 links, 102 promotions); without statistics the join to the promotions is planned as a nested loop (estimates of 1 row), 2–3 ms of the query, and p95 was 16–17 ms (BENCH_ANALYZE=0); with statistics it is met. Tried on fresh tables: one query with array_agg subqueries per promotion, a flat join, a LATERAL lookup by key and grouping in materialized CTEs — all 3.5–4 ms p50 on this data. Next step if this matters in the field: keep the active promotions per tenant in memory, invalidated by promotion writes, so the cart reads only its products.

Target (issue 16): p95 under 15 ms — ${p95! < 15 ? "met" : "not met"}.
Load average (1 / 5 / 15 min) before: ${loadBefore}, after: ${loadAfter} (other work shares this machine).`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
