import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Tx } from "../../db/client";
import { appError } from "../../trpc/errors";

/**
 * Rules shared by the fiscal settings catalogs (currencies, payment methods, invoice conditions,
 * invoice types): a code unique per tenant (ignoring case) and exactly one default, which must be
 * active. Every such table has tenant_id, id, code, is_default, is_active and updated_at.
 */
export interface DefaultMessages {
  /** the default cannot be deactivated */
  inactive: string;
  /** the default stops being it only when another one takes its place */
  required: string;
}

/** BAD_REQUEST with `key` ({code}) when another row of the tenant has this code. */
export async function assertCodeFree(tx: Tx, table: PgTable, tenantId: string, code: string, key: string, exceptId?: string) {
  const result = await tx.execute(
    sql`select id from ${table} where tenant_id = ${tenantId} and upper(code) = ${code.toUpperCase()} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  if (rowsOf(result).length > 0) throw appError("BAD_REQUEST", key, { code });
}

/**
 * Serialises changes to a table's default until the transaction ends, so two concurrent
 * "make this one the default" calls cannot leave two defaults.
 */
async function lockDefault(tx: Tx, table: PgTable, tenantId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${getTableName(table)}.default:${tenantId}`}, 0))`);
}

async function hasOtherDefault(tx: Tx, table: PgTable, tenantId: string, exceptId: string): Promise<boolean> {
  const result = await tx.execute(sql`select id from ${table} where tenant_id = ${tenantId} and is_default and id <> ${exceptId} limit 1`);
  return rowsOf(result).length > 0;
}

/**
 * The one-default rule, applied before the row is written (same transaction): a new default
 * clears the others; the first active row of a tenant without a default becomes it; the default
 * cannot be deactivated, nor stop being the default except by making another one the default.
 * Returns whether the row is (stays) the default.
 */
export async function settleDefault(
  tx: Tx,
  table: PgTable,
  tenantId: string,
  row: { id: string; current: { isDefault: boolean; isActive: boolean } | null; isDefault: boolean | undefined; isActive: boolean | undefined },
  messages: DefaultMessages,
): Promise<boolean> {
  await lockDefault(tx, table, tenantId);
  const isActive = row.isActive ?? row.current?.isActive ?? true;
  let isDefault = row.isDefault ?? row.current?.isDefault ?? false;
  if (!row.current && !isDefault && isActive && !(await hasOtherDefault(tx, table, tenantId, row.id))) isDefault = true;
  if (isDefault && !isActive) throw appError("BAD_REQUEST", messages.inactive);
  if (row.current?.isDefault && !isDefault && !(await hasOtherDefault(tx, table, tenantId, row.id))) throw appError("BAD_REQUEST", messages.required);
  if (isDefault) {
    await tx.execute(sql`update ${table} set is_default = false, updated_at = now() where tenant_id = ${tenantId} and is_default and id <> ${row.id}`);
  }
  return isDefault;
}
