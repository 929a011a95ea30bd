import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

const statements = new Map<string, string[]>();
const columnNames = new WeakMap<PgTable, Map<string, string>>();

/** A table's column names by property name (tenantId → tenant_id), read once from its Drizzle schema. */
function columnsOf(table: PgTable): Map<string, string> {
  let map = columnNames.get(table);
  if (!map) {
    map = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]));
    columnNames.set(table, map);
  }
  return map;
}

/**
 * An INSERT of rows (Drizzle's insert shape: property names, values as Drizzle takes them) sent as
 * ONE jsonb parameter that PostgreSQL unpacks with jsonb_populate_recordset. Building Drizzle's
 * own INSERT of a 10-line sale (240 parameters, each checked and encoded) cost more CPU than the
 * database spent on it; this statement's text is the same for every sale, so it is built once
 * and stays prepared on each connection. Columns left out (undefined in every row) take their
 * defaults; every row must name the same columns.
 */
export function jsonInsert<T extends PgTable>(table: T, rows: readonly T["$inferInsert"][], returning: readonly (keyof T["$inferSelect"] & string)[] = []): SQL {
  const columns = columnsOf(table);
  const keys = Object.keys(rows[0] ?? {}).filter((k) => (rows[0] as Record<string, unknown>)[k] !== undefined);
  const name = getTableName(table);
  const cacheKey = `${name}:${keys.join(",")}:${returning.join(",")}`;
  let text = statements.get(cacheKey);
  if (!text) {
    const list = keys
      .map((k) => {
        const column = columns.get(k);
        if (!column) throw new Error(`${name} has no column ${k}`);
        return `"${column}"`;
      })
      .join(", ");
    const back = returning.length > 0 ? ` RETURNING ${returning.map((k) => `"${columns.get(k)}"`).join(", ")}` : "";
    text = [`INSERT INTO "${name}" (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::"${name}", `, `::jsonb)${back}`];
    statements.set(cacheKey, text);
  }
  const json = JSON.stringify(
    rows.map((row) => {
      const r = row as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const k of keys) out[columns.get(k)!] = r[k] ?? null;
      return out;
    }),
  );
  return sql`${sql.raw(text[0]!)}${json}${sql.raw(text[1]!)}`;
}
