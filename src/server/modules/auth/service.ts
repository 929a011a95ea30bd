import { createHmac, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { ROLE_DEFAULT_PERMISSIONS, type Role } from "../../../shared/permissions";
import type { AppDeps } from "../../app";
import { afterCommit, rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { tenantModules } from "../tenant/tables";
import { loginTokens, sessions, users } from "./tables";

export const SESSION_COOKIE = "enzzo_session";

export interface SessionUser {
  id: string;
  tenantId: string;
  name: string;
  email: string;
  role: Role;
  isOwner: boolean;
  language: string;
  warehouseId: string | null;
  imageUrl: string | null;
  permissions: readonly string[];
  modules: readonly string[];
  sessionId: string;
}

/** Argon2id through @node-rs/argon2; never hashed by hand. */
export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false);

/** A hash to verify against when the email is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword("not-a-real-password");
  return dummyHash;
};

function tokenHash(deps: AppDeps, token: string): string {
  return createHmac("sha256", deps.sessionSecret).update(token).digest("hex");
}

export function permissionsForRole(role: string): readonly string[] {
  return ROLE_DEFAULT_PERMISSIONS[role as Role] ?? [];
}

export async function findUserByEmail(tx: Tx, tenantId: string, email: string) {
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.email}) = ${email.trim().toLowerCase()}`))
    .limit(1);
  return u ?? null;
}

/** Checks email and password; the same null answer for an unknown email and a wrong password. */
export async function checkCredentials(tx: Tx, tenantId: string, email: string, password: string) {
  const user = await findUserByEmail(tx, tenantId, email);
  if (!user?.isActive) {
    await verifyPassword(await getDummyHash(), password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

export async function createSession(
  tx: Tx,
  deps: AppDeps,
  tenantId: string,
  userId: string,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + deps.config.sessionTtlSeconds * 1000);
  await tx.insert(sessions).values({
    tenantId,
    id: newId(),
    userId,
    tokenHash: tokenHash(deps, token),
    expiresAt,
    ipAddress: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

export async function deleteSession(tx: Tx, deps: AppDeps, tenantId: string, token: string): Promise<void> {
  const hash = tokenHash(deps, token);
  await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.tokenHash, hash)));
  afterCommit(tx, () => forgetSessions((key) => key === sessionKey(tenantId, hash)));
}

/** Ends every session of a user (deactivation, password change by an owner). */
export async function deleteUserSessions(tx: Tx, tenantId: string, userId: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId)));
  forgetUserSessions(tx, tenantId, userId);
}

/**
 * Sessions read in the last 10 seconds (as tenants are, see tenant/service.ts): a till's calls skip
 * the session query, which cost more than most procedures. What changes a session's answer drops
 * its entries once committed: sign-out, a user's update or sessions ended, a module switched. In
 * this process at once; another process running the app sees the change within the 10 seconds.
 */
const SESSION_CACHE_MS = 10_000;
const sessionCache = new Map<string, { user: SessionUser; until: number }>();
/** Bumped by every forgetting: a read that started before it is not kept (it may be stale). */
let sessionGeneration = 0;

const sessionKey = (tenantId: string, hash: string) => `${tenantId}:${hash}`;

function forgetSessions(match: (key: string, user: SessionUser) => boolean): void {
  sessionGeneration++;
  for (const [key, entry] of sessionCache) if (match(key, entry.user)) sessionCache.delete(key);
}

/** After tx commits, a user's cached sessions are read again (their role, language, activity changed). */
export function forgetUserSessions(tx: Tx, tenantId: string, userId: string): void {
  afterCommit(tx, () => forgetSessions((_key, user) => user.tenantId === tenantId && user.id === userId));
}

/** After tx commits, every cached session of the tenant is read again (its modules changed). */
export function forgetTenantSessions(tx: Tx, tenantId: string): void {
  afterCommit(tx, () => forgetSessions((_key, user) => user.tenantId === tenantId));
}

/**
 * The caller's session read again from the database now (permissions.refreshCache): its cached
 * entry is dropped first, so a change made elsewhere (another process, the database itself) shows
 * at once instead of within SESSION_CACHE_MS.
 */
export async function refreshSessionUser(tx: Tx, deps: AppDeps, req: FastifyRequest, tenantId: string): Promise<SessionUser | null> {
  const token = req.cookies?.[SESSION_COOKIE];
  if (token) {
    const key = sessionKey(tenantId, tokenHash(deps, token));
    forgetSessions((k) => k === key);
  }
  return readSessionUser(tx, deps, req, tenantId);
}

export async function readSessionUser(tx: Tx, deps: AppDeps, req: FastifyRequest, tenantId: string): Promise<SessionUser | null> {
  const token = req.cookies?.[SESSION_COOKIE];
  if (!token) return null;
  const hash = tokenHash(deps, token);
  const key = sessionKey(tenantId, hash);
  const now = Date.now();
  const hit = sessionCache.get(key);
  if (hit && hit.until > now) return hit.user;
  const generation = sessionGeneration;
  const found = await querySessionUser(tx, hash, tenantId);
  if (!found) {
    sessionCache.delete(key);
    return null;
  }
  if (generation === sessionGeneration) {
    if (sessionCache.size >= 10_000) for (const [k, e] of sessionCache) if (e.until <= now) sessionCache.delete(k);
    sessionCache.set(key, { user: found.user, until: Math.min(now + SESSION_CACHE_MS, found.expiresAt.getTime()) });
  }
  return found.user;
}

async function querySessionUser(tx: Tx, hash: string, tenantId: string): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  // One statement written out (building it with the query builder cost more than the query),
  // the enabled modules in the same round trip.
  const result = await tx.execute(sql`
    select u.id, u.tenant_id, u.name, u.email, u.role, u.is_owner, u.language, u.warehouse_id, u.image_url, u.is_active, s.id as session_id, s.expires_at,
      (select coalesce(array_agg(m.module_code order by m.module_code), '{}') from ${tenantModules} m where m.tenant_id = s.tenant_id and m.enabled) as modules
    from ${sessions} s
    join ${users} u on u.tenant_id = s.tenant_id and u.id = s.user_id
    where s.tenant_id = ${tenantId} and s.token_hash = ${hash} and s.expires_at > now()
    limit 1`);
  const [u] = rowsOf<{
    id: string;
    tenant_id: string;
    name: string;
    email: string;
    role: Role;
    is_owner: boolean;
    language: string;
    warehouse_id: string | null;
    image_url: string | null;
    is_active: boolean;
    session_id: string;
    expires_at: string | Date;
    modules: string[];
  }>(result);
  if (!u?.is_active) return null;
  return {
    user: {
      id: u.id,
      tenantId: u.tenant_id,
      name: u.name,
      email: u.email,
      role: u.role,
      isOwner: u.is_owner,
      language: u.language,
      warehouseId: u.warehouse_id,
      imageUrl: u.image_url,
      permissions: u.is_owner ? permissionsForRole("owner") : permissionsForRole(u.role),
      modules: u.modules,
      sessionId: u.session_id,
    },
    expiresAt: new Date(u.expires_at),
  };
}

/** A one-time token (2 minutes) that signs a newly registered owner in on the tenant's host. */
export async function createLoginToken(tx: Tx, deps: AppDeps, tenantId: string, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(loginTokens).values({
    tenantId,
    id: newId(),
    userId,
    tokenHash: tokenHash(deps, token),
    expiresAt: new Date(Date.now() + 120_000),
  });
  return token;
}

export async function consumeLoginToken(tx: Tx, deps: AppDeps, tenantId: string, token: string): Promise<string | null> {
  const [row] = await tx
    .update(loginTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(loginTokens.tenantId, tenantId),
        eq(loginTokens.tokenHash, tokenHash(deps, token)),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: loginTokens.userId });
  return row?.userId ?? null;
}
