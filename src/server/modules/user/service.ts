import { and, asc, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { userCreateInput, userUpdateInput } from "../../../shared/platform/schemas";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { deleteUserSessions, findUserByEmail, forgetUserSessions, hashPassword } from "../auth/service";
import { users } from "../auth/tables";
import { warehouses } from "../warehouse/tables";

const publicColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  isOwner: users.isOwner,
  language: users.language,
  warehouseId: users.warehouseId,
  imageUrl: users.imageUrl,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

export async function findUsers(tx: Tx, tenantId: string) {
  return tx.select(publicColumns).from(users).where(eq(users.tenantId, tenantId)).orderBy(asc(users.name));
}

export async function getUser(tx: Tx, tenantId: string, id: string) {
  const [u] = await tx
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .limit(1);
  if (!u) throw notFound();
  return u;
}

async function assertWarehouse(tx: Tx, tenantId: string, warehouseId: string | null | undefined) {
  if (!warehouseId) return;
  const [w] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, warehouseId)))
    .limit(1);
  if (!w) throw notFound();
}

export async function createUser(tx: Tx, tenantId: string, input: z.infer<typeof userCreateInput>) {
  if (await findUserByEmail(tx, tenantId, input.email)) throw appError("CONFLICT", "emailTaken");
  await assertWarehouse(tx, tenantId, input.warehouseId);
  const id = newId();
  try {
    await tx.insert(users).values({
      tenantId,
      id,
      name: input.name,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      isOwner: input.role === "owner",
      language: input.language,
      warehouseId: input.warehouseId,
      imageUrl: input.imageUrl ?? null,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "emailTaken");
    throw e;
  }
  return getUser(tx, tenantId, id);
}

async function otherActiveOwners(tx: Tx, tenantId: string, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isOwner, true), eq(users.isActive, true), ne(users.id, exceptId)));
  return rows.length;
}

export async function updateUser(tx: Tx, tenantId: string, actorId: string, input: z.infer<typeof userUpdateInput>) {
  const current = await getUser(tx, tenantId, input.id);
  if (input.email && input.email !== current.email.toLowerCase()) {
    const other = await findUserByEmail(tx, tenantId, input.email);
    if (other && other.id !== input.id) throw appError("CONFLICT", "emailTaken");
  }
  await assertWarehouse(tx, tenantId, input.warehouseId);
  const losesOwner = current.isOwner && ((input.role && input.role !== "owner") || input.isActive === false);
  if (losesOwner && (await otherActiveOwners(tx, tenantId, input.id)) === 0) throw appError("BAD_REQUEST", "lastOwner");
  if (input.isActive === false && input.id === actorId) throw appError("BAD_REQUEST", "cannotDeactivateSelf");
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.email !== undefined) set.email = input.email;
  if (input.role !== undefined) {
    set.role = input.role;
    set.isOwner = input.role === "owner";
  }
  if (input.language !== undefined) set.language = input.language;
  if (input.warehouseId !== undefined) set.warehouseId = input.warehouseId;
  if (input.imageUrl !== undefined) set.imageUrl = input.imageUrl;
  if (input.isActive !== undefined) set.isActive = input.isActive;
  if (input.password) set.passwordHash = await hashPassword(input.password);
  try {
    await tx
      .update(users)
      .set(set)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, input.id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "emailTaken");
    throw e;
  }
  // Ending the sessions forgets the cached ones too; otherwise they are read again (role, language…).
  if ((input.password || input.isActive === false) && input.id !== actorId) await deleteUserSessions(tx, tenantId, input.id);
  else forgetUserSessions(tx, tenantId, input.id);
  return getUser(tx, tenantId, input.id);
}
