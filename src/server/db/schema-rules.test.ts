import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../ids";
import { users } from "../modules/auth/tables";
import { customers } from "../modules/customer/tables";
import { createTestContext, type TestContext } from "../test/harness";
import { withTenant } from "./client";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const r = await t.db.execute(query);
  return ((r as unknown as { rows?: T[] }).rows ?? (r as unknown as T[])) as T[];
}

/** Tables without tenant_id, on purpose: the tenant registry itself. */
const GLOBAL_TABLES = ["tenants"];

describe("every tenant table follows the Citus and RLS rules", () => {
  it("has tenant_id, a primary key (tenant_id, id), tenant-first unique indexes, tenant-inclusive foreign keys and forced RLS", async () => {
    const tables = await rows<{ name: string; has_tenant: boolean; rls: boolean; force: boolean }>(sql`
      select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as force,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as has_tenant
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`);
    expect(tables.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const table of tables) {
      if (GLOBAL_TABLES.includes(table.name)) {
        if (!table.rls || !table.force) problems.push(`${table.name}: RLS not forced`);
        continue;
      }
      if (!table.has_tenant) {
        problems.push(`${table.name}: no tenant_id`);
        continue;
      }
      if (!table.rls || !table.force) problems.push(`${table.name}: RLS not enabled and forced`);
      const policies = await rows<{ qual: string }>(sql`select qual from pg_policies where schemaname = 'public' and tablename = ${table.name}`);
      if (!policies.some((p) => p.qual.includes("tenant_id") && p.qual.includes("enzzo_current_tenant"))) problems.push(`${table.name}: no tenant policy`);
      const indexes = await rows<{ name: string; primary: boolean; cols: string[] }>(sql`
        select i.relname as name, x.indisprimary as primary,
          array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, ord)
                left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.ord) as cols
        from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
        where c.relname = ${table.name} and (x.indisunique or x.indisprimary)`);
      const pk = indexes.find((i) => i.primary);
      if (pk?.cols.join(",") !== "tenant_id,id") problems.push(`${table.name}: primary key is ${pk?.cols.join(",")}`);
      for (const ix of indexes) if (ix.cols[0] !== "tenant_id") problems.push(`${table.name}: unique index ${ix.name} does not start with tenant_id`);
      const fks = await rows<{ name: string; cols: string[]; target: string }>(sql`
        select con.conname as name, ref.relname as target,
          array(select a.attname::text from unnest(con.conkey) k(attnum) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as cols
        from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_class ref on ref.oid = con.confrelid
        where con.contype = 'f' and c.relname = ${table.name}`);
      for (const fk of fks) {
        if (GLOBAL_TABLES.includes(fk.target)) continue;
        if (!fk.cols.includes("tenant_id")) problems.push(`${table.name}: foreign key ${fk.name} lacks tenant_id`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("row-level security hides and refuses other tenants' rows even without a where clause", async () => {
    const seen = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select({ tenantId: users.tenantId }).from(users));
    expect(seen.length).toBe(3);
    expect(new Set(seen.map((r) => r.tenantId))).toEqual(new Set([t.acme.tenant.id]));
    const write = withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx.insert(customers).values({ tenantId: t.other.tenant.id, id: newId(), code: "X-1", name: "Intruso" }),
    );
    await expect(write).rejects.toThrow();
    const noTenant = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local role enzzo_app`);
      return tx.select().from(customers);
    });
    expect(noTenant).toEqual([]);
  });
});
