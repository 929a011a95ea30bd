import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import type { FastifyInstance } from "fastify";
import postgres from "postgres";
import superjson from "superjson";
import { buildApp } from "../app";
import { loadConfig, type ServerConfig } from "../config";
import { type Database, type Db, openDatabase, withTenant } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { newId } from "../ids";
import { hashPassword } from "../modules/auth/service";
import { users } from "../modules/auth/tables";
import { createTenant } from "../modules/onboarding/service";
import { cashboxes, cashboxSessions } from "../modules/pos/tables";
import { invalidateTenantCache, type TenantRow } from "../modules/tenant/service";
import type { AppRouter } from "../trpc/app-router";

export const TEST_PASSWORD = "secret123";
export const SUPERADMIN_TOKEN = "test-super-admin-token";
export type Role = "owner" | "admin" | "cashier";

/**
 * A fresh database: in-memory PGlite by default, or a new database on the PostgreSQL server
 * when TEST_DATABASE=postgres (TEST_PG_URL, default postgres://127.0.0.1:5432/postgres).
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE !== "postgres") {
    const database = await openDatabase({ dataDir: "memory://" });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_PG_URL ?? "postgres://127.0.0.1:5432/postgres";
  const name = `enzzo_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface TestTenant {
  tenant: TenantRow;
  users: Record<Role, { id: string; email: string }>;
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  kind: Database["kind"];
  uploadDir: string;
  acme: TestTenant;
  other: TestTenant;
  /** A tRPC client on the tenant's host, signed in as that role (or anonymous). */
  client(subdomain: string, role?: Credentials): Promise<Client>;
  /** Signs in through the HTTP endpoint and returns the session cookie ("enzzo_session=…"). */
  signIn(subdomain: string, role: Credentials): Promise<string>;
  /** Raw HTTP through the app (app.inject) on a host. */
  request(host: string, opts: { method?: string; url: string; body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; cookie?: string; setCookie?: string }>;
  close(): Promise<void>;
}

export type Client = ReturnType<typeof createTRPCClient<AppRouter>>;
type Credentials = Role | { email: string; password: string };

async function addUser(db: Db, tenantId: string, role: Role, email: string) {
  const id = newId();
  await withTenant(db, tenantId, (tx) =>
    hashPassword(TEST_PASSWORD).then((passwordHash) =>
      tx.insert(users).values({ tenantId, id, name: `${role} ${email}`, email, passwordHash, role, isOwner: role === "owner" }),
    ),
  );
  return { id, email };
}

async function makeTenant(db: Db, subdomain: string): Promise<TestTenant> {
  const ownerEmail = `owner@${subdomain}.test`;
  const { tenant, ownerId } = await createTenant(db, {
    businessName: `${subdomain} SRL`,
    subdomain,
    taxId: "131246796",
    product: "pos",
    owner: { name: `Owner ${subdomain}`, email: ownerEmail, password: TEST_PASSWORD },
    trial: false,
    sampleNcfRanges: true,
  });
  return {
    tenant,
    users: {
      owner: { id: ownerId, email: ownerEmail },
      admin: await addUser(db, tenant.id, "admin", `admin@${subdomain}.test`),
      cashier: await addUser(db, tenant.id, "cashier", `cashier@${subdomain}.test`),
    },
  };
}

/** Builds the app on a fresh database with two tenants (acme and other), each with owner, admin and cashier. */
export async function createTestContext(opts: { authRateLimitMax?: number; config?: Partial<ServerConfig> } = {}): Promise<TestContext> {
  invalidateTenantCache();
  const { database, drop } = await freshDatabase();
  await migrateDatabase(database);
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), "enzzo-uploads-"));
  // Shop pages are rendered afresh on every request unless a test asks for the cache (page-cache.test.ts).
  const config = { ...loadConfig({}), superAdminToken: SUPERADMIN_TOKEN, uploadDir, shopPageCacheSeconds: 0, ...opts.config };
  const app = await buildApp(
    { db: database.db, config, sessionSecret: "test-secret", authRateLimitMax: opts.authRateLimitMax ?? 10_000 },
    { serveWeb: false },
  );
  const acme = await makeTenant(database.db, "acme");
  const other = await makeTenant(database.db, "other");

  const request: TestContext["request"] = async (host, o) => {
    const res = await app.inject({
      method: (o.method ?? "GET") as "GET",
      url: o.url,
      headers: { host, ...(o.cookie ? { cookie: o.cookie } : {}), ...(o.body !== undefined ? { "content-type": "application/json" } : {}), ...o.headers },
      payload: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const setCookie = ([] as string[]).concat(res.headers["set-cookie"] ?? [])[0];
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {}
    return { status: res.statusCode, body, setCookie, cookie: setCookie?.split(";")[0] };
  };

  const signIn: TestContext["signIn"] = async (subdomain, role) => {
    const creds = typeof role === "string" ? { email: `${role}@${subdomain}.test`, password: TEST_PASSWORD } : role;
    const res = await request(`${subdomain}.localhost`, { method: "POST", url: "/api/auth/sign-in/email", body: creds });
    if (res.status !== 200 || !res.cookie) throw new Error(`sign-in failed for ${creds.email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.cookie;
  };

  const client: TestContext["client"] = async (subdomain, role) => {
    const host = `${subdomain}.localhost`;
    const cookie = role ? await signIn(subdomain, role) : undefined;
    const c = createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `http://${host}/api/trpc`,
          transformer: superjson,
          headers: () => ({ ...(cookie ? { cookie } : {}), "x-locale": "es" }),
          fetch: async (input, init) => {
            const url = new URL(typeof input === "string" ? input : (input as URL).toString());
            const headers = Object.fromEntries(new Headers(init?.headers as HeadersInit).entries());
            const res = await app.inject({
              method: (init?.method ?? "GET") as "GET",
              url: url.pathname + url.search,
              headers: { ...headers, host },
              payload: (init?.body as string | undefined) ?? undefined,
            });
            return new Response(res.body, { status: res.statusCode, headers: { "content-type": "application/json" } });
          },
        }),
      ],
    });
    return c;
  };

  return {
    app,
    db: database.db,
    kind: database.kind,
    uploadDir,
    acme,
    other,
    client,
    signIn,
    request,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** The clients most tests act through: acme's owner and cashier, and the other tenant's owner (the outsider, for the NOT_FOUND checks). */
export interface RoleClients {
  owner: Client;
  cashier: Client;
  outsider: Client;
}

/** A fresh test context (createTestContext) with its RoleClients signed in. */
export async function createRoleContext(opts?: Parameters<typeof createTestContext>[0]): Promise<RoleClients & { t: TestContext }> {
  const t = await createTestContext(opts);
  const owner = await t.client("acme", "owner");
  const cashier = await t.client("acme", "cashier");
  const outsider = await t.client("other", "owner");
  return { t, owner, cashier, outsider };
}

/**
 * Gives a user of the tenant an open cash box session on a cash box of their own (made for them),
 * as a cashier has before selling at the POS; answers the cash box and session ids.
 */
export async function openCashboxFor(t: TestContext, tenant: TestTenant, role: Role, openingAmount = "0") {
  const cashboxId = newId();
  const sessionId = newId();
  const userId = tenant.users[role].id;
  await withTenant(t.db, tenant.tenant.id, async (tx) => {
    await tx.insert(cashboxes).values({ tenantId: tenant.tenant.id, id: cashboxId, code: `T-${role}-${cashboxId.slice(-6)}`, name: `Caja ${role} ${cashboxId.slice(-6)}` });
    await tx.insert(cashboxSessions).values({ tenantId: tenant.tenant.id, id: sessionId, cashboxId, openingAmount, openedBy: userId });
  });
  return { cashboxId, sessionId };
}

/** The tRPC error code of a failed call (e.g. 'NOT_FOUND'), or throws if the call succeeded. */
export async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof TRPCClientError) return { code: (e.data as { code: string }).code, message: e.message };
    throw e;
  }
  throw new Error("expected the call to fail, it succeeded");
}
