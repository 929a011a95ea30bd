import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { documentSequences } from "./tables";

/**
 * The next number of a document series, inside the caller's transaction: the row is locked by
 * the UPDATE until commit, so two documents never get the same number and a rollback leaves
 * no gap. Formatted as {prefix}{number padded to width}, e.g. MOV-000001.
 */
/** Makes sure a series row exists (no lock is taken when it does). */
export async function ensureDocumentSequence(tx: Tx, tenantId: string, series: { key: string }) {
  await tx.insert(documentSequences).values({ tenantId, id: newId(), key: series.key, nextValue: 1 }).onConflictDoNothing();
}

export async function nextDocumentNumber(tx: Tx, tenantId: string, key: string, prefix: string, width = 6): Promise<string> {
  await ensureDocumentSequence(tx, tenantId, { key });
  const [row] = await tx
    .update(documentSequences)
    .set({ nextValue: sql`${documentSequences.nextValue} + 1` })
    .where(and(eq(documentSequences.tenantId, tenantId), eq(documentSequences.key, key)))
    .returning({ taken: sql<number>`${documentSequences.nextValue} - 1` });
  return `${prefix}${String(row!.taken).padStart(width, "0")}`;
}
