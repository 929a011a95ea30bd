import { createHmac, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { ROLE_DEFAULT_PERMISSIONS, type Role } from "../../../shared/permissions";
import type { AppDeps } from "../../app";
import { rowsOf, type Tx } from "../../db/client";
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
  await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.tokenHash, tokenHash(deps, token))));
}

/** Ends every session of a user (deactivation, password change by an owner). */
export async function deleteUserSessions(tx: Tx, tenantId: string, userId: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId)));
}

export async function readSessionUser(tx: Tx, deps: AppDeps, req: FastifyRequest, tenantId: string): Promise<SessionUser | null> {
  const token = req.cookies?.[SESSION_COOKIE];
  if (!token) return null;
  // Every authenticated call runs this: one statement written out (building it with the query
  // builder cost more than the query), the enabled modules in the same round trip.
  const result = await tx.execute(sql`
    select u.id, u.tenant_id, u.name, u.email, u.role, u.is_owner, u.language, u.warehouse_id, u.image_url, u.is_active, s.id as session_id,
      (select coalesce(array_agg(m.module_code order by m.module_code), '{}') from ${tenantModules} m where m.tenant_id = s.tenant_id and m.enabled) as modules
    from ${sessions} s
    join ${users} u on u.tenant_id = s.tenant_id and u.id = s.user_id
    where s.tenant_id = ${tenantId} and s.token_hash = ${tokenHash(deps, token)} and s.expires_at > now()
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
    modules: string[];
  }>(result);
  if (!u?.is_active) return null;
  return {
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
