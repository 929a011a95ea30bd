import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../shared/platform/dates";
import { rebuildCheck } from "../../modules/accounting/rebuild";
import { balanceSheet, trialBalance } from "../../modules/accounting/statements";
import type { SessionUser } from "../../modules/auth/service";
import type { PosContext } from "../../modules/pos/service";
import { unsafeFindTenantBySubdomain } from "../../modules/tenant/service";
import { createTestContext, type TestContext } from "../../test/harness";
import { rowsOf, withTenant } from "../client";
import { seedDemo } from "./demo";

/** The demo's month of sample business (issue 14): documents in the last 30 days, books balanced and rebuildable. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemo(t.db, { sampleMonth: true });
}, 120_000);
afterAll(() => t.close());

describe("seedDemo with its sample month", () => {
  it("holds a month of sales, returns, cancellations and two supplier bills, with the books kept and balanced", async () => {
    const tenant = (await unsafeFindTenantBySubdomain(t.db, "demo"))!;
    const today = businessDate(new Date(), tenant.timezone);
    const from = businessDate(new Date(Date.now() - 31 * 86_400_000), tenant.timezone);
    await withTenant(t.db, tenant.id, async (tx) => {
      const [counts] = rowsOf<{ sales: number; cancelled: number; notes: number; bills: number; days: number; entries: number; in_range: number }>(
        await tx.execute(sql`SELECT
          (SELECT count(*)::int FROM orders WHERE tenant_id = ${tenant.id}) AS sales,
          (SELECT count(*)::int FROM orders WHERE tenant_id = ${tenant.id} AND status = 'cancelled') AS cancelled,
          (SELECT count(*)::int FROM credit_notes WHERE tenant_id = ${tenant.id}) AS notes,
          (SELECT count(*)::int FROM supplier_bills WHERE tenant_id = ${tenant.id}) AS bills,
          (SELECT count(DISTINCT business_date)::int FROM orders WHERE tenant_id = ${tenant.id}) AS days,
          (SELECT count(*)::int FROM journal_entries WHERE tenant_id = ${tenant.id}) AS entries,
          (SELECT count(*)::int FROM orders WHERE tenant_id = ${tenant.id} AND business_date BETWEEN ${from}::date AND ${today}::date - 1) AS in_range`),
      );
      expect(counts).toMatchObject({ sales: 62, cancelled: 2, notes: 3, bills: 2, days: 31, in_range: 60 });
      expect(counts!.entries).toBeGreaterThan(60);
      const ctx = { tx, tenant, user: { id: "x" } as SessionUser } as PosContext;
      const range = { dateFrom: from, dateTo: today };
      const tb = await trialBalance(ctx, range);
      expect(tb.difference).toBe("0.00");
      expect(Number(tb.totals.debit)).toBeGreaterThan(10_000);
      expect((await balanceSheet(ctx, { ...range, compare: false })).totals.difference).toBe("0.00");
      expect((await rebuildCheck(ctx, range)).differences).toEqual([]);
    });
  });
});
