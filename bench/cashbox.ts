/**
 * Cash box close benchmark. On a fresh PostgreSQL database (BENCH_DB=pglite for the embedded one)
 * it opens a cash box session, seeds BENCH_ORDERS (10,000) completed sales into it with their
 * payments (cash with change, card, cash + transfer), then times cashbox.getCloseSummary and
 * cashbox.close through the real router (Fastify inject, superjson, signed-in cashier, one
 * transaction each). BENCH_ROUNDS sessions (5) are closed one after the other, so the orders table
 * grows as a shop's does. The expected amounts are checked against sums computed here in decimal.
 * Usage: npm run bench:cashbox
 */
import os from "node:os";
import { Big } from "../src/shared/catalog/decimal";
import { writeResultsSection } from "./results";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DB = process.env.BENCH_DB ?? "postgres";
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const FLOAT = "5000.00";

/** The seeded sale number g: its total, and how it was paid (the same formulas as the SQL below). */
function sale(g: number) {
  const total = new Big(100 + (g % 900)).plus("0.50");
  const kind = g % 3;
  if (kind === 0) {
    const paid = new Big(Math.floor(total.div(100).toNumber()) + 1).times(100);
    return { cash: paid, card: new Big(0), transfer: new Big(0), change: paid.minus(total) };
  }
  if (kind === 1) return { cash: new Big(0), card: total, transfer: new Big(0), change: new Big(0) };
  return { cash: new Big(50), card: new Big(0), transfer: total.minus(50), change: new Big(0) };
}

function expectedTotals(n: number) {
  let cash = new Big(FLOAT);
  let card = new Big(0);
  let transfer = new Big(0);
  for (let g = 1; g <= n; g++) {
    const s = sale(g);
    cash = cash.plus(s.cash).minus(s.change);
    card = card.plus(s.card);
    transfer = transfer.plus(s.transfer);
  }
  return { CASH: cash.toFixed(2), CARD: card.toFixed(2), TRANSFER: transfer.toFixed(2) };
}

const ms = (n: number) => n.toFixed(0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (DB === "postgres") {
    process.env.TEST_DATABASE = "postgres";
    process.env.TEST_PG_URL = PG_URL;
  } else delete process.env.TEST_DATABASE;
  const { createTestContext } = await import("../src/server/test/harness");
  const { withTenant } = await import("../src/server/db/client");
  const { sql } = await import("drizzle-orm");
  const { v7 } = await import("uuid");
  const loadBefore = os.loadavg().map((n) => n.toFixed(1)).join(" / ");
  const t = await createTestContext();
  const rows: { round: number; seedMs: number; summaryMs: number; closeMs: number; orders: number; ok: boolean }[] = [];
  try {
    const tenantId = t.acme.tenant.id;
    const userId = t.acme.users.cashier.id;
    const cashier = await t.client("acme", "cashier");
    const [box] = await cashier.cashbox.getAll.query({ includeInactive: false });
    const refs = await withTenant(t.db, tenantId, async (tx) => {
      const r = await tx.execute(sql`
        select (select id from payment_methods where code = 'CASH') as cash, (select id from payment_methods where code = 'CARD') as card,
          (select id from payment_methods where code = 'TRANSFER') as transfer, (select id from currencies where code = 'DOP') as dop,
          (select id from customers where is_default) as customer, (select id from warehouses where is_default) as warehouse`);
      return ((r as { rows?: unknown[] }).rows ?? (r as unknown[]))[0] as Record<string, string>;
    });
    const expected = expectedTotals(ORDERS);

    for (let round = 1; round <= ROUNDS; round++) {
      const sessionId = v7();
      await cashier.cashbox.open.mutate({ cashboxId: box!.id, openingAmount: FLOAT, clientRequestId: sessionId });
      const seedStart = performance.now();
      await withTenant(t.db, tenantId, async (tx) => {
        await tx.execute(sql`
          insert into orders (tenant_id, id, number, client_order_id, customer_id, warehouse_id, cashbox_session_id, status,
            subtotal, discount_total, tax_total, total, paid_total, change_amount, user_id, business_date)
          select ${tenantId}::uuid, gen_random_uuid(), ${`R${round}-`}::text || lpad(g::text, 6, '0'), gen_random_uuid(), ${refs.customer}::uuid, ${refs.warehouse}::uuid, ${sessionId}::uuid, 'completed',
            s.total, 0, 0, s.total, s.paid, s.paid - s.total, ${userId}::uuid, current_date
          from generate_series(1, ${ORDERS}) g
          cross join lateral (select (100 + g % 900)::numeric + 0.50 as total) tt
          cross join lateral (select tt.total,
            case when g % 3 = 0 then (floor(tt.total / 100) + 1) * 100 else tt.total end as paid) s`);
        await tx.execute(sql`
          insert into order_payments (tenant_id, id, order_id, payment_method_id, currency_id, amount, rate, base_amount, status)
          select o.tenant_id, gen_random_uuid(), o.id, p.method, ${refs.dop}::uuid, p.amount, 1, p.amount, 'completed'
          from orders o
          cross join lateral (select substring(o.number from '\\d+$')::int as g) n
          cross join lateral (
            select ${refs.cash}::uuid as method, o.paid_total as amount where n.g % 3 = 0
            union all select ${refs.card}::uuid, o.total where n.g % 3 = 1
            union all select ${refs.cash}::uuid, 50 where n.g % 3 = 2
            union all select ${refs.transfer}::uuid, o.total - 50 where n.g % 3 = 2
          ) p
          where o.tenant_id = ${tenantId}::uuid and o.cashbox_session_id = ${sessionId}::uuid`);
      });
      if (DB === "postgres") await t.db.execute(sql`analyze orders, order_payments`);
      const seedMs = performance.now() - seedStart;

      const s0 = performance.now();
      const summary = await cashier.cashbox.getCloseSummary.query({ sessionId });
      const summaryMs = performance.now() - s0;
      const got = Object.fromEntries(summary.lines.map((l) => [l.code, l.expected]));
      const ok = summary.orderCount === ORDERS && got.CASH === expected.CASH && got.CARD === expected.CARD && got.TRANSFER === expected.TRANSFER;
      if (!ok) console.error("mismatch", { got, expected, orders: summary.orderCount });

      const counted = summary.lines.map((l) => ({ paymentMethodId: l.paymentMethodId, amount: l.isCash ? new Big(l.expected).minus(10).toFixed(2) : l.expected }));
      const c0 = performance.now();
      const closed = await cashier.cashbox.close.mutate({ sessionId, counted, comments: "Faltan RD$10.00" });
      const closeMs = performance.now() - c0;
      const closedOk = closed.status === "closed" && closed.totalDifference === "-10.00";
      rows.push({ round, seedMs, summaryMs, closeMs, orders: summary.orderCount, ok: ok && closedOk });
      console.log(`round ${round}: seed ${ms(seedMs)} ms, getCloseSummary ${ms(summaryMs)} ms, close ${ms(closeMs)} ms, ok ${ok && closedOk}`);
    }
  } finally {
    await t.close();
  }

  const where = DB === "postgres" ? `PostgreSQL (${new URL(PG_URL).host})` : "PGlite (in memory)";
  const summaryMed = median(rows.map((r) => r.summaryMs));
  const closeMed = median(rows.map((r) => r.closeMs));
  const section = [
    `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:cashbox\`: ${os.cpus().length} cores, Node ${process.version}, ${where}. Each round opens a cash box session with a float of RD$${FLOAT}, seeds ${ORDERS.toLocaleString("en-US")} completed sales into it (one in three paid in cash with change, one by card, one split cash + transfer: ${Math.round(ORDERS * (4 / 3)).toLocaleString("en-US")} payments), then calls \`cashbox.getCloseSummary\` and \`cashbox.close\` through the real router (Fastify inject, superjson, signed-in cashier, one transaction under RLS each). The orders table grows by ${ORDERS.toLocaleString("en-US")} sales a round. Expected amounts are checked against decimal sums computed by the benchmark.`,
    "",
    "| round | orders in session | orders in table | seed ms | getCloseSummary ms | close ms | summary + close ms | amounts correct |",
    "|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map((r) => `| ${r.round} | ${r.orders} | ${r.round * ORDERS} | ${ms(r.seedMs)} | ${ms(r.summaryMs)} | ${ms(r.closeMs)} | ${ms(r.summaryMs + r.closeMs)} | ${r.ok ? "yes" : "NO"} |`),
    "",
    `Median: getCloseSummary ${ms(summaryMed)} ms, close ${ms(closeMed)} ms (close recomputes the summary under the session's row lock, then writes the closing). Both are one aggregate query over the session's orders (index orders_cashbox_session_idx) joined to their payments (order_payments_order_idx).`,
    `Load average (1 / 5 / 15 min) before: ${loadBefore}, after: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" / ")} (other work shares this machine).`,
    "",
  ].join("\n");
  writeResultsSection("## Cash box close (npm run bench:cashbox)", section);
  console.log(section);
  if (rows.some((r) => !r.ok)) process.exit(1);
}

await main();
