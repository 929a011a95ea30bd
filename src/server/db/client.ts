import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";

/** The Drizzle database, whichever driver is underneath (PGlite or postgres.js). */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A transaction handle; services take this so every query runs tenant-scoped. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; unset for embedded PGlite. */
  url?: string;
  /** PGlite data folder; "memory://" keeps it in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const client = postgres(opts.url, { max: Number(process.env.DB_POOL_SIZE ?? 10), onnotice: () => {} });
    return { db: drizzlePostgres(client) as unknown as Db, kind: "postgres", close: () => client.end() };
  }
  const dir = opts.dataDir ?? "./data";
  if (!dir.startsWith("memory://")) mkdirSync(path.resolve(dir), { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  return { db: drizzlePglite(client) as unknown as Db, kind: "pglite", close: () => client.close() };
}

/**
 * Runs fn in one transaction under the row-level-security role with app.tenant_id set:
 * a query in it cannot see or write another tenant's rows even if a where clause is missing.
 */
export function withTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await enterTenant(tx, tenantId);
    return fn(tx);
  });
}

/** From here to the end of the transaction, tx works as the tenant under row-level security. */
export async function enterTenant(tx: Tx, tenantId: string): Promise<void> {
  // One round trip: the tenant and SET LOCAL ROLE enzzo_app (role is a setting too).
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'enzzo_app', true)`);
}

/** The rows of a raw `execute` result, whichever driver answered (PGlite: {rows}, postgres.js: array). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
