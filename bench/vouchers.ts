/**
 * Gift-voucher batch benchmark (issue 16: 'batch creation of 10,000 vouchers under 5 s'). On a
 * fresh PostgreSQL database (BENCH_DB=pglite for the embedded one) it calls voucher.createBatch
 * for BENCH_QUANTITY (10,000) vouchers BENCH_ROUNDS times (3) through the real router (Fastify
 * inject, superjson, signed-in owner, one transaction), so the tenant's code index grows as a
 * shop's does, and checks every code is distinct and has its 'created' event.
 * Usage: node --import tsx bench/vouchers.ts
 */
import os from "node:os";
import { writeResultsSection } from "./results";

const QUANTITY = Number(process.env.BENCH_QUANTITY ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DB = process.env.BENCH_DB ?? "postgres";
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function main() {
  if (DB === "postgres") {
    process.env.TEST_DATABASE = "postgres";
    process.env.TEST_PG_URL = PG_URL;
  } else delete process.env.TEST_DATABASE;
  const { createTestContext } = await import("../src/server/test/harness");
  const { withTenant, rowsOf } = await import("../src/server/db/client");
  const { sql } = await import("drizzle-orm");
  const loadBefore = os.loadavg().map((n) => n.toFixed(1)).join(" / ");
  const t = await createTestContext();
  const rows: { round: number; ms: number; vouchers: number; distinct: number; events: number }[] = [];
  try {
    const owner = await t.client("acme", "owner");
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
    const until = new Date(Date.now() + 365 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
    for (let round = 1; round <= ROUNDS; round++) {
      const start = performance.now();
      const batch = await owner.voucher.createBatch.mutate({ name: `Bench ${round}`, quantity: QUANTITY, value: "500", type: "fixed", valid_from: today, expires_on: until });
      const ms = performance.now() - start;
      const [check] = await withTenant(t.db, t.acme.tenant.id, async (tx) =>
        rowsOf<{ n: number; d: number; e: number }>(
          await tx.execute(sql`
            SELECT count(*)::int AS n, count(DISTINCT v.code)::int AS d,
              (SELECT count(*)::int FROM voucher_events e JOIN vouchers x ON x.tenant_id = e.tenant_id AND x.id = e.voucher_id WHERE x.batch_id = ${batch.id} AND e.event = 'created') AS e
            FROM vouchers v WHERE v.batch_id = ${batch.id}`),
        ),
      );
      rows.push({ round, ms, vouchers: check!.n, distinct: check!.d, events: check!.e });
      console.log(`round ${round}: ${ms.toFixed(0)} ms, ${check!.n} vouchers, ${check!.d} distinct, ${check!.e} events`);
    }
  } finally {
    await t.close();
  }
  const loadAfter = os.loadavg().map((n) => n.toFixed(1)).join(" / ");
  const dbName = DB === "postgres" ? "PostgreSQL 127.0.0.1:5432" : "PGlite (in memory)";
  const worst = Math.max(...rows.map((r) => r.ms));
  writeResultsSection(
    "## Gift-voucher batches (node --import tsx bench/vouchers.ts)",
    `Run on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version}, ${dbName}. Each round calls \`voucher.createBatch\` for ${QUANTITY.toLocaleString("en")} fixed RD$500 vouchers through the real router (Fastify inject, superjson, signed-in owner, one transaction): the batch number, then the vouchers and their 'created' events in one statement (codes drawn with crypto.randomBytes, sent as two text arrays and unnested; a code already taken in the tenant is skipped by ON CONFLICT and drawn again). The tenant's code index grows by ${QUANTITY.toLocaleString("en")} each round.

| round | vouchers in tenant before | ms | vouchers | distinct codes | 'created' events |
|---:|---:|---:|---:|---:|---:|
${rows.map((r) => `| ${r.round} | ${(r.round - 1) * QUANTITY} | ${r.ms.toFixed(0)} | ${r.vouchers} | ${r.distinct} | ${r.events} |`).join("\n")}

Target (issue 16): 10,000 vouchers in under 5 s — ${worst < 5000 ? `met (slowest round ${worst.toFixed(0)} ms)` : `not met (slowest round ${worst.toFixed(0)} ms)`}.
Load average (1 / 5 / 15 min) before: ${loadBefore}, after: ${loadAfter} (other work shares this machine).`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
