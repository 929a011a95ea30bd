import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { toBig } from "../../../shared/catalog/decimal";
import { type MovementCreateInput, type MovementType, type MovementUpdateInput, movementEffect, type movementListInput } from "../../../shared/catalog/movement";
import { businessDate } from "../../../shared/platform/dates";
import { likePattern, offsetOf, pageOf } from "../../../shared/platform/pagination";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isForeignKeyViolation, notFound } from "../../trpc/errors";
import { postDocument } from "../accounting/documents";
import { reverseSources } from "../accounting/service";
import { users } from "../auth/tables";
import { products } from "../product/tables";
import { nextDocumentNumber } from "../sequence/service";
import { tenants } from "../tenant/tables";
import { warehouses } from "../warehouse/tables";
import { applyStockChanges, stockOf } from "./stock";
import { stockLedger, warehouseMovementLines, warehouseMovements } from "./tables";



export async function findMovements(tx: Tx, tenantId: string, input: z.infer<typeof movementListInput>) {
  const where = and(
    eq(warehouseMovements.tenantId, tenantId),
    input.type ? eq(warehouseMovements.type, input.type) : undefined,
    input.status ? eq(warehouseMovements.status, input.status) : undefined,
    input.warehouseId ? or(eq(warehouseMovements.warehouseId, input.warehouseId), eq(warehouseMovements.destinationWarehouseId, input.warehouseId)) : undefined,
    input.search ? or(ilike(warehouseMovements.number, likePattern(input.search)), ilike(warehouseMovements.reference, likePattern(input.search))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        id: warehouseMovements.id,
        number: warehouseMovements.number,
        type: warehouseMovements.type,
        status: warehouseMovements.status,
        date: warehouseMovements.date,
        reference: warehouseMovements.reference,
        reason: warehouseMovements.reason,
        warehouseName: warehouses.name,
        destinationWarehouseName: sql<string | null>`(select d.name from ${warehouses} d where d.tenant_id = ${warehouseMovements.tenantId} and d.id = ${warehouseMovements.destinationWarehouseId})`,
        userName: sql<string | null>`(select u.name from ${users} u where u.tenant_id = ${warehouseMovements.tenantId} and u.id = ${warehouseMovements.userId})`,
        lineCount: sql<number>`(select count(*)::int from ${warehouseMovementLines} l where l.tenant_id = ${warehouseMovements.tenantId} and l.movement_id = ${warehouseMovements.id})`,
        createdAt: warehouseMovements.createdAt,
      })
      .from(warehouseMovements)
      .innerJoin(warehouses, and(eq(warehouses.tenantId, warehouseMovements.tenantId), eq(warehouses.id, warehouseMovements.warehouseId)))
      .where(where)
      .orderBy(desc(warehouseMovements.date), desc(warehouseMovements.number))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    tx.select({ n: count() }).from(warehouseMovements).where(where),
  ]);
  return pageOf(rows, total?.n ?? 0, input.page, input.pageSize);
}

export async function getMovement(tx: Tx, tenantId: string, id: string) {
  const [m] = await tx
    .select()
    .from(warehouseMovements)
    .where(and(eq(warehouseMovements.tenantId, tenantId), eq(warehouseMovements.id, id)))
    .limit(1);
  if (!m) throw notFound();
  const names = await tx
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), or(eq(warehouses.id, m.warehouseId), m.destinationWarehouseId ? eq(warehouses.id, m.destinationWarehouseId) : undefined)));
  const [user] = m.userId ? await tx.select({ name: users.name }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, m.userId))) : [];
  const nameOf = (wid: string | null) => names.find((w) => w.id === wid)?.name ?? null;
  const lines = await tx
    .select({
      id: warehouseMovementLines.id,
      productId: warehouseMovementLines.productId,
      productName: products.name,
      sku: products.sku,
      quantity: warehouseMovementLines.quantity,
      cost: warehouseMovementLines.cost,
      currentStock: warehouseMovementLines.currentStock,
      newStock: warehouseMovementLines.newStock,
    })
    .from(warehouseMovementLines)
    .innerJoin(products, and(eq(products.tenantId, warehouseMovementLines.tenantId), eq(products.id, warehouseMovementLines.productId)))
    .where(and(eq(warehouseMovementLines.tenantId, tenantId), eq(warehouseMovementLines.movementId, id)))
    .orderBy(asc(products.name));
  return { ...m, warehouseName: nameOf(m.warehouseId), destinationWarehouseName: nameOf(m.destinationWarehouseId), userName: user?.name ?? null, lines };
}

export async function createMovement(tx: Tx, tenantId: string, userId: string, input: MovementCreateInput) {
  if (input.idempotencyKey) {
    const [existing] = await tx
      .select({ id: warehouseMovements.id })
      .from(warehouseMovements)
      .where(and(eq(warehouseMovements.tenantId, tenantId), eq(warehouseMovements.idempotencyKey, input.idempotencyKey)));
    if (existing) return getMovement(tx, tenantId, existing.id);
  }
  const id = newId();
  try {
    await tx.insert(warehouseMovements).values({
      tenantId,
      id,
      number: await nextDocumentNumber(tx, tenantId, "warehouse_movement", "MOV-"),
      type: input.type,
      warehouseId: input.warehouseId,
      destinationWarehouseId: input.type === "transfer" ? (input.destinationWarehouseId ?? null) : null,
      date: input.date,
      reference: input.reference || null,
      notes: input.notes || null,
      reason: input.type === "adjustment" ? (input.reason ?? null) : null,
      status: "pending",
      userId,
      idempotencyKey: input.idempotencyKey ?? null,
    });
    await insertLines(tx, tenantId, id, input);
  } catch (e) {
    if (isForeignKeyViolation(e)) throw notFound();
    throw e;
  }
  return input.complete ? completeMovement(tx, tenantId, userId, id) : getMovement(tx, tenantId, id);
}

/**
 * warehouseMovement.update: a pending movement's fields and lines are replaced (its number and
 * author stay); the lines note the stock they start from. With `complete` it is completed at once.
 * A completed or cancelled movement is not edited: it is cancelled (which reverses its stock).
 */
export async function updateMovement(tx: Tx, tenantId: string, userId: string, input: MovementUpdateInput) {
  const m = await lockMovement(tx, tenantId, input.id);
  if (m.status !== "pending") throw appError("BAD_REQUEST", "movementNotEditable");
  try {
    await tx
      .update(warehouseMovements)
      .set({
        type: input.type,
        warehouseId: input.warehouseId,
        destinationWarehouseId: input.type === "transfer" ? (input.destinationWarehouseId ?? null) : null,
        date: input.date,
        reference: input.reference || null,
        notes: input.notes || null,
        reason: input.type === "adjustment" ? (input.reason ?? null) : null,
        updatedAt: new Date(),
      })
      .where(and(eq(warehouseMovements.tenantId, tenantId), eq(warehouseMovements.id, m.id)));
    // The lines of a pending movement are its draft: replaced as a whole.
    await tx.delete(warehouseMovementLines).where(and(eq(warehouseMovementLines.tenantId, tenantId), eq(warehouseMovementLines.movementId, m.id)));
    await insertLines(tx, tenantId, m.id, input);
  } catch (e) {
    if (isForeignKeyViolation(e)) throw notFound();
    throw e;
  }
  return input.complete ? completeMovement(tx, tenantId, userId, m.id) : getMovement(tx, tenantId, m.id);
}

/**
 * warehouseMovement.delete: a pending movement the user throws away. Nothing is lost: it stays,
 * cancelled, under its number (the sequence has no gap); a completed movement is not deleted but
 * cancelled, which reverses its stock.
 */
export async function deleteMovement(tx: Tx, tenantId: string, userId: string, id: string) {
  const m = await lockMovement(tx, tenantId, id);
  if (m.status !== "pending") throw appError("BAD_REQUEST", "movementNotDeletable");
  return cancelMovement(tx, tenantId, userId, id);
}

/** warehouseMovement.getStock: each product's quantity in each warehouse that holds a stock row for it. */
export async function movementStock(tx: Tx, tenantId: string, productIds: string[]) {
  const stock = await stockOf(tx, tenantId, [...new Set(productIds)]);
  return [...stock.entries()].map(([key, quantity]) => {
    const [productId, warehouseId] = key.split(":") as [string, string];
    return { productId, warehouseId, quantity };
  });
}

/** A movement's lines, each noting the stock it starts from in the movement's warehouse. */
async function insertLines(tx: Tx, tenantId: string, movementId: string, input: Pick<MovementCreateInput, "warehouseId" | "lines">) {
  const stock = await stockOf(tx, tenantId, input.lines.map((l) => l.productId));
  await tx.insert(warehouseMovementLines).values(
    input.lines.map((l) => ({
      tenantId,
      id: newId(),
      movementId,
      productId: l.productId,
      quantity: l.quantity,
      cost: l.cost ?? null,
      currentStock: stock.get(`${l.productId}:${input.warehouseId}`) ?? "0",
    })),
  );
}

async function lockMovement(tx: Tx, tenantId: string, id: string) {
  const [m] = await tx
    .select()
    .from(warehouseMovements)
    .where(and(eq(warehouseMovements.tenantId, tenantId), eq(warehouseMovements.id, id)))
    .for("update");
  if (!m) throw notFound();
  return m;
}

/** Completing changes stock: entry adds, exit takes, transfer moves, adjustment sets the count. */
export async function completeMovement(tx: Tx, tenantId: string, userId: string, id: string) {
  const m = await lockMovement(tx, tenantId, id);
  if (m.status !== "pending") throw appError("BAD_REQUEST", "movementNotPending");
  const lines = await tx
    .select()
    .from(warehouseMovementLines)
    .where(and(eq(warehouseMovementLines.tenantId, tenantId), eq(warehouseMovementLines.movementId, id)));
  const stock = await stockOf(tx, tenantId, lines.map((l) => l.productId));
  const changes = lines.flatMap((l) =>
    movementEffect(m.type as MovementType, l.quantity, m.warehouseId, m.destinationWarehouseId, stock.get(`${l.productId}:${m.warehouseId}`) ?? "0").map((e) => ({
      productId: l.productId,
      ...e,
    })),
  );
  const balances = await applyStockChanges(tx, { tenantId, userId, sourceType: "movement", sourceId: id, note: m.number }, changes);
  for (const l of lines) {
    const before = stock.get(`${l.productId}:${m.warehouseId}`) ?? "0";
    await tx
      .update(warehouseMovementLines)
      .set({ currentStock: before, newStock: balances.get(`${l.productId}:${m.warehouseId}`) ?? toBig(before).toFixed(4) })
      .where(and(eq(warehouseMovementLines.tenantId, tenantId), eq(warehouseMovementLines.id, l.id)));
  }
  await tx
    .update(warehouseMovements)
    .set({ status: "completed", completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(warehouseMovements.tenantId, tenantId), eq(warehouseMovements.id, id)));
  await postDocument(tx, tenantId, userId, "stock_movement", id);
  return getMovement(tx, tenantId, id);
}

/** Cancelling a pending movement only marks it; a completed one is reversed through the ledger. */
export async function cancelMovement(tx: Tx, tenantId: string, userId: string, id: string) {
  const m = await lockMovement(tx, tenantId, id);
  if (m.status === "cancelled") throw appError("BAD_REQUEST", "movementCancelled");
  if (m.status === "completed") {
    const entries = await tx
      .select({ productId: stockLedger.productId, warehouseId: stockLedger.warehouseId, quantity: stockLedger.quantity })
      .from(stockLedger)
      .where(and(eq(stockLedger.tenantId, tenantId), eq(stockLedger.sourceType, "movement"), eq(stockLedger.sourceId, id)));
    await applyStockChanges(
      tx,
      { tenantId, userId, sourceType: "movement_cancel", sourceId: id, note: m.number, allowNegative: true },
      entries.map((e) => ({ productId: e.productId, warehouseId: e.warehouseId, delta: toBig(e.quantity).neg().toFixed(4) })),
    );
  }
  await tx
    .update(warehouseMovements)
    .set({ status: "cancelled", cancelledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(warehouseMovements.tenantId, tenantId), eq(warehouseMovements.id, id)));
  if (m.status === "completed") {
    // The reversal is dated today in the tenant's own time zone.
    const [tenant] = await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId));
    await reverseSources(tx, tenantId, userId, [{ type: "stock_movement", ids: [id] }], businessDate(new Date(), tenant!.timezone));
  }
  return getMovement(tx, tenantId, id);
}
