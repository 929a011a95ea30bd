import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { warehouseCreateInput, warehouseUpdateInput } from "../../../shared/catalog/warehouse";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { createStockRows } from "../inventory/stock";
import { warehouses } from "./tables";

const columns = {
  id: warehouses.id,
  code: warehouses.code,
  name: warehouses.name,
  order: warehouses.order,
  isDefault: warehouses.isDefault,
  isActive: warehouses.isActive,
};

/** Active warehouses in their order (user form, POS warehouse picker). */
export function findActiveWarehouses(tx: Tx, tenantId: string) {
  return tx
    .select(columns)
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.isActive, true)))
    .orderBy(asc(warehouses.order), asc(warehouses.name));
}

/** Every warehouse, inactive ones too (settings). */
export function findWarehousesForSettings(tx: Tx, tenantId: string) {
  return tx
    .select({ ...columns, createdAt: warehouses.createdAt, updatedAt: warehouses.updatedAt })
    .from(warehouses)
    .where(eq(warehouses.tenantId, tenantId))
    .orderBy(asc(warehouses.order), asc(warehouses.name));
}

export async function getWarehouse(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ ...columns, createdAt: warehouses.createdAt, updatedAt: warehouses.updatedAt })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Serialises changes to the tenant's default warehouse until the transaction ends, so two
 * concurrent "make this one the default" calls cannot leave two defaults.
 */
async function lockDefault(tx: Tx, tenantId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`warehouses.default:${tenantId}`}, 0))`);
}

async function hasOtherDefault(tx: Tx, tenantId: string, exceptId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.isDefault, true), ne(warehouses.id, exceptId)))
    .limit(1);
  return !!row;
}

async function clearOtherDefaults(tx: Tx, tenantId: string, exceptId: string) {
  await tx
    .update(warehouses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.isDefault, true), ne(warehouses.id, exceptId)));
}

async function assertCodeFree(tx: Tx, tenantId: string, code: string, exceptId?: string) {
  const [other] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), sql`upper(${warehouses.code}) = ${code.toUpperCase()}`))
    .limit(1);
  if (other && other.id !== exceptId) throw appError("CONFLICT", "warehouseCodeTaken", { code });
}

/**
 * A new warehouse. Exactly one warehouse is the default: a new default clears the others in
 * this transaction, and a tenant without a default gets this one. The default must be active.
 */
export async function createWarehouse(tx: Tx, tenantId: string, input: z.infer<typeof warehouseCreateInput>) {
  await assertCodeFree(tx, tenantId, input.code);
  const id = newId();
  await lockDefault(tx, tenantId);
  const isDefault = input.isDefault || !(await hasOtherDefault(tx, tenantId, id));
  if (isDefault && !input.isActive) throw appError("BAD_REQUEST", "defaultWarehouseInactive");
  if (isDefault) await clearOtherDefaults(tx, tenantId, id);
  try {
    await tx.insert(warehouses).values({ tenantId, id, code: input.code, name: input.name, order: input.order, isActive: input.isActive, isDefault });
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "warehouseCodeTaken", { code: input.code });
    throw e;
  }
  await createStockRows(tx, tenantId, { warehouseId: id });
  return getWarehouse(tx, tenantId, id);
}

/**
 * Changes a warehouse. Making it the default clears the others (same transaction); the default
 * cannot be deactivated, nor stop being the default except by making another one the default.
 */
export async function updateWarehouse(tx: Tx, tenantId: string, input: z.infer<typeof warehouseUpdateInput>) {
  // Lock before reading, so the default flags read below are not stale.
  if (input.isDefault !== undefined || input.isActive === false) await lockDefault(tx, tenantId);
  const current = await getWarehouse(tx, tenantId, input.id);
  if (input.code !== undefined) await assertCodeFree(tx, tenantId, input.code, input.id);
  const isDefault = input.isDefault ?? current.isDefault;
  const isActive = input.isActive ?? current.isActive;
  if (isDefault && !isActive) throw appError("BAD_REQUEST", "defaultWarehouseInactive");
  if (current.isDefault && input.isDefault === false && !(await hasOtherDefault(tx, tenantId, input.id))) {
    throw appError("BAD_REQUEST", "defaultWarehouseRequired");
  }
  if (input.isDefault === true) await clearOtherDefaults(tx, tenantId, input.id);
  const set: Partial<typeof warehouses.$inferInsert> = { updatedAt: new Date() };
  if (input.code !== undefined) set.code = input.code;
  if (input.name !== undefined) set.name = input.name;
  if (input.order !== undefined) set.order = input.order;
  if (input.isActive !== undefined) set.isActive = input.isActive;
  if (input.isDefault !== undefined) set.isDefault = input.isDefault;
  try {
    await tx
      .update(warehouses)
      .set(set)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, input.id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "warehouseCodeTaken", { code: input.code });
    throw e;
  }
  return getWarehouse(tx, tenantId, input.id);
}
