import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { type Database, openDatabase, withTenant } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { seedDemo } from "../src/server/db/seed/demo";
import { type TenantRow, unsafeFindTenantBySubdomain } from "../src/server/modules/tenant/service";

/** The PostgreSQL server the benchmarks create their databases on (BENCH_PG_URL). */
export const ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A new database enzzo_bench_{name}_{time} on ADMIN_URL, migrated and seeded with the demo tenant.
 * drop() removes it (BENCH_KEEP keeps it and prints its name).
 */
export async function freshDemoDatabase(name: string): Promise<{ url: string; database: Database; tenant: TenantRow; drop(): Promise<void> }> {
  const dbName = `enzzo_bench_${name}_${Date.now()}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const drop = async () => {
    if (process.env.BENCH_KEEP) console.log(`kept database ${dbName}`);
    else await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  };
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  const url = u.toString();
  try {
    const database = await openDatabase({ url });
    await migrateDatabase(database);
    await seedDemo(database.db);
    const tenant = (await unsafeFindTenantBySubdomain(database.db, "demo"))!;
    return { url, database, tenant, drop };
  } catch (e) {
    await drop();
    throw e;
  }
}

/**
 * Opens a cash box session for each of these demo users, on a cash box of their own, as a cashier
 * does before selling at the POS (a POS sale needs the cashier's open session).
 */
export async function openBenchCashboxes(database: Database, tenantId: string, emails: string[]): Promise<void> {
  await withTenant(database.db, tenantId, async (tx) => {
    for (const email of emails) {
      await tx.execute(sql`
        WITH u AS (SELECT id FROM users WHERE email = ${email}),
        c AS (INSERT INTO cashboxes (tenant_id, id, code, name) SELECT ${tenantId}, gen_random_uuid(), 'BENCH-' || u.id, 'Caja ' || ${email} FROM u RETURNING id)
        INSERT INTO cashbox_sessions (tenant_id, id, cashbox_id, opened_by) SELECT ${tenantId}, gen_random_uuid(), c.id, u.id FROM c, u`);
    }
  });
}

/** Starts the app on port against url (quiet log, no sign-in limit, 16 connections) and waits for /healthz. */
export async function startBenchServer(port: number, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "enzzo-bench-")), DATABASE_URL: url, LOG_LEVEL: "warn", AUTH_RATE_LIMIT_MAX: "100000", DB_POOL_SIZE: "16" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitHealthy(port, child);
  return child;
}

/** Stops a server from startBenchServer and gives it a second to close its connections. */
export async function stopBenchServer(child: ChildProcess | undefined): Promise<void> {
  if (!child) return;
  child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
}

/** The benchmarks talk to the demo tenant on 127.0.0.1 with its Host header (fetch() drops Host). */
export const BENCH_HOST = "demo.localhost";

/** Waits until the server started by a benchmark answers /healthz (2 minutes at most). */
export async function waitHealthy(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

/** One HTTP request to the demo tenant: status, body text and the first cookie set. */
export function benchRequest(port: number, method: string, path: string, body: string | null, cookie?: string): Promise<{ status: number; text: string; cookie?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        headers: { host: BENCH_HOST, "content-type": "application/json", ...(body ? { "content-length": Buffer.byteLength(body) } : {}), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, cookie: String(res.headers["set-cookie"]?.[0] ?? "").split(";")[0] }));
      },
    );
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

/** Signs a demo user in and answers the session cookie. */
export async function signInCookie(port: number, email = "owner@demo.test"): Promise<string> {
  const r = await benchRequest(port, "POST", "/api/auth/sign-in/email", JSON.stringify({ email, password: "demo1234" }));
  if (r.status !== 200 || !r.cookie) throw new Error(`sign-in failed: ${r.status}`);
  return r.cookie;
}
