import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type postgres from "postgres";
import { type Db, type Tx, withTenant } from "../src/server/db/client";
import { type Row, summarize } from "./load";
import { ADMIN_URL } from "./server";

/**
 * The floor of a measured procedure, outside the app: the SQL it sends, captured from postgres.js
 * and replayed by pgbench (Debian's postgresql package) at the same clients, when it is on the PATH.
 */
/**
 * The statements `fn` sends in a tenant transaction (BEGIN, the tenant and RLS role, …, COMMIT),
 * read from postgres.js's debug hook with their parameters inlined as SQL literals. The transaction
 * is rolled back, so what it wrote is not kept.
 */
export async function captureSql(db: Db, tenantId: string, fn: (tx: Tx) => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: postgres.Sql }).$client;
  const options = client.options as unknown as { debug?: (id: number, query: string, parameters: unknown[]) => void };
  const statements: string[] = [];
  options.debug = (_id, query, parameters) => statements.push(inlineParameters(query, parameters));
  const rollback = new Error("rollback");
  try {
    await withTenant(db, tenantId, async (tx) => {
      await fn(tx);
      throw rollback;
    });
  } catch (e) {
    if (e !== rollback) throw e;
  } finally {
    options.debug = undefined;
  }
  // BEGIN comes first and the ROLLBACK last; the script ends with COMMIT as the app does. A new
  // connection's first query reads the array types from pg_catalog (postgres.js, once): not the app's.
  return [...statements.filter((s) => !/^(begin|rollback)$/i.test(s.trim()) && !s.includes("pg_catalog.")), "commit"].map((s) => s.replace(/\s+/g, " ").trim());
}

function inlineParameters(query: string, parameters: unknown[]): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const v = parameters[Number(n) - 1];
    return v === null || v === undefined ? "NULL" : `'${String(v).replaceAll("'", "''")}'`;
  });
}

export function pgbenchVersion(): string | null {
  try {
    const version = execFileSync("pgbench", ["--version"], { encoding: "utf8" }).match(/\d+(\.\d+)*/)?.[0];
    return `pgbench ${version ?? ""}`.trim();
  } catch {
    return null;
  }
}

/** Runs the scripts (each a transaction's statements) with pgbench for `seconds` at `clients`, equal weights; latency percentiles from its per-transaction log. */
export function runPgbench(url: string, title: string, scripts: string[][], clients: number, seconds: number): Row {
  const dir = mkdtempSync(path.join(os.tmpdir(), "enzzo-pgbench-"));
  try {
    const files = scripts.map((s, i) => {
      const file = path.join(dir, `script${i}.sql`);
      writeFileSync(file, `BEGIN;\n${s.map((q) => `${q};`).join("\n")}\n`);
      return file;
    });
    const u = new URL(url);
    const admin = new URL(ADMIN_URL);
    execFileSync(
      "pgbench",
      [
        "-n",
        "-M",
        "prepared",
        "-c",
        String(clients),
        "-j",
        String(Math.min(clients, 2)),
        "-T",
        String(seconds),
        "-l",
        `--log-prefix=${path.join(dir, "log")}`,
        "-h",
        u.hostname || admin.hostname,
        "-p",
        u.port || "5432",
        "-U",
        decodeURIComponent(u.username || "postgres"),
        ...files.flatMap((f) => ["-f", f]),
        u.pathname.slice(1),
      ],
      { cwd: dir, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } },
    );
    // Each log line: client_id transaction_no latency_us script_no epoch epoch_us
    const times = readdirSync(dir)
      .filter((f) => f.startsWith("log"))
      .flatMap((f) => readFileSync(path.join(dir, f), "utf8").trim().split("\n"))
      .filter(Boolean)
      .map((l) => Number(l.split(" ")[2]) / 1000);
    const row = summarize(title, times, seconds, 0);
    console.log(row);
    return row;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
