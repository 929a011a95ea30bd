import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQLWrapper, sql } from "drizzle-orm";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
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
    const client = preparing(postgres(opts.url, { max: Number(process.env.DB_POOL_SIZE ?? 10), onnotice: () => {} }));
    // Closing waits at most 5 s for queries in flight: after a load, postgres.js's end() could wait
    // on its reserved connections forever and a SIGTERM never finished the process.
    return { db: drizzlePostgres(client) as unknown as Db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
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
  return tenantTransaction(db, tenantId, async () => undefined, (tx) => fn(tx));
}

/**
 * withTenant, with `first` read as the tenant right after the tenant is set (a procedure's session).
 * On PostgreSQL, BEGIN, the tenant and `first` go to the server in one write and come back in one
 * round trip (postgres.js pipelines the queries of a reserved connection), instead of three.
 */
export async function tenantTransaction<F, T>(db: Db, tenantId: string, first: (tx: Tx) => Promise<F>, fn: (tx: Tx, first: F) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!isPostgresJs(client)) {
    let hooks: (() => void)[] = [];
    const result = await db.transaction(async (tx) => {
      hooks = [];
      commitHooks.set(tx, hooks);
      const [, f] = await Promise.all([enterTenant(tx, tenantId), first(tx)]);
      return fn(tx, f);
    });
    for (const hook of hooks) hook();
    return result;
  }
  const conn = await client.reserve();
  // Once the transaction ends, the connection refuses the procedure's queries: a failure answers
  // while sibling promises of a Promise.all may still be running, and their next query must not
  // run after ROLLBACK (outside the transaction) nor reach the connection once it is back in the
  // pool, where it interleaved with the next request's pipeline (postgres.js then bound one
  // query's parameters to another's unnamed statement and the connection hung).
  const send = preparing(conn).unsafe.bind(conn);
  let ended = false;
  let committed: Promise<unknown> | null = null;
  (conn as { unsafe: typeof send }).unsafe = ((...args: Parameters<typeof send>) => {
    if (ended) throw new TransactionEndedError();
    return send(...args);
  }) as typeof send;
  try {
    // A reserved connection shares the pool's type parsers (Drizzle reads them from .options).
    const tx = drizzlePostgres(Object.assign(conn, { options: client.options })) as unknown as Tx;
    const hooks: (() => void)[] = [];
    commitHooks.set(tx, hooks);
    earlyCommits.set(tx, (queries) => {
      // .execute() puts each query on the connection now, in this order, COMMIT last.
      const sent = queries.map((q) => send(q.sql, q.params as never[]).execute());
      ended = true;
      committed = send("commit").execute();
      return Promise.all([Promise.all(sent), committed]).then(([rows]) => rows.map((r) => [...r]));
    });
    // BEGIN is sent now; the next two are queued behind it on the same connection, in order.
    const begin = send("begin").execute();
    let result: T;
    try {
      const [, , f] = await Promise.all([begin, enterTenant(tx, tenantId), first(tx)]);
      result = await fn(tx, f);
    } catch (e) {
      ended = true;
      // After an early COMMIT (commitWith) a failed statement has already turned it into a rollback.
      if (committed) await (committed as Promise<unknown>).catch(() => {});
      else await send("rollback").catch(() => {});
      throw e;
    }
    ended = true;
    await (committed ?? send("commit"));
    for (const hook of hooks) hook();
    return result;
  } finally {
    conn.release();
  }
}

const earlyCommits = new WeakMap<Tx, (queries: { sql: string; params: unknown[] }[]) => Promise<unknown[][]>>();
const dialect = new PgDialect();

/**
 * Sends the statements in order, then COMMIT behind them on the same connection, without waiting
 * for any answer in between (one round trip for the whole write), and answers each statement's
 * rows (raw: column names as in SQL, values as the driver reads them). Nothing may run on tx
 * afterwards. When a statement fails, PostgreSQL turns the COMMIT into a rollback and the first
 * error is thrown here. Rows locked by the last statements are therefore held only while the
 * server runs them and the COMMIT, not while answers travel back to Node. PGlite, and a
 * transaction not opened by tenantTransaction, run them one after the other and commit when the
 * transaction ends, as usual.
 */
export async function commitWith(tx: Tx, batch: readonly unknown[]): Promise<unknown[][]> {
  // Drizzle's builders are SQLWrappers, though some of their types (after .returning()) hide it.
  const statements = batch.map((s) => {
    if (typeof (s as SQLWrapper | undefined)?.getSQL !== "function") throw new TypeError("commitWith takes SQL statements or query builders");
    return s as SQLWrapper;
  });
  const commit = earlyCommits.get(tx);
  if (!commit) {
    const results: unknown[][] = [];
    for (const s of statements) results.push(rowsOf(await tx.execute(s.getSQL())));
    return results;
  }
  earlyCommits.delete(tx);
  return commit(statements.map((s) => dialect.sqlToQuery(s.getSQL())));
}

/** The SQLSTATE of a database error (postgres.js and PGlite put it on the error or its cause). */
export function sqlStateOf(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, hops = 0; e && hops < 6; e = e.cause as typeof e, hops++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/** The DETAIL of a database error, parsed as JSON (what enzzo_* functions raise with), or null. */
export function sqlErrorDetail<T>(error: unknown): T | null {
  for (let e = error as { detail?: unknown; cause?: unknown } | undefined, hops = 0; e && hops < 6; e = e.cause as typeof e, hops++) {
    if (typeof e.detail === "string") {
      try {
        return JSON.parse(e.detail) as T;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A query sent on a transaction that has already committed or rolled back. */
export class TransactionEndedError extends Error {
  constructor() {
    super("The transaction has ended: no query may run on it");
  }
}

const commitHooks = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs fn once tx has committed (not at all if it rolls back): forgetting what a process keeps in
 * memory about rows tx changed, so no request re-reads the old rows into it before the COMMIT.
 * Outside a tenant transaction fn runs at once.
 */
export function afterCommit(tx: Tx, fn: () => void): void {
  const hooks = commitHooks.get(tx);
  if (hooks) hooks.push(fn);
  else fn();
}

/**
 * Drizzle asks postgres.js for unnamed statements (prepare: false): every parameterized query then
 * waits for its Describe before it can be bound, so nothing pipelines and every statement is
 * planned again. With named statements, cached per connection, a query known to the connection
 * is bound at once and the queries of a Promise.all really go out back to back.
 */
function preparing<T extends postgres.Sql>(sql: T): T {
  const unsafe = sql.unsafe.bind(sql);
  (sql as { unsafe: typeof unsafe }).unsafe = ((query: string, params?: never, options?: object) => unsafe(query, params, { ...options, prepare: true })) as typeof unsafe;
  return sql;
}

function isPostgresJs(client: unknown): client is postgres.Sql {
  return typeof (client as { reserve?: unknown } | undefined)?.reserve === "function";
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
