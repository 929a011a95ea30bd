import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { documentSequences } from "./tables";

/** The invoice series (FAC-000001 …): its row is made with the tenant, so no sale inserts it. */
export const ORDER_SERIES = { key: "order", prefix: "FAC-", width: 6 };

/**
 * The next number of a document series, inside the caller's transaction, in one statement
 * (enzzo_next_number, migration 0022): the row is locked by its UPDATE until commit, so two
 * documents never get the same number and a rollback leaves no gap; a series never used before is
 * created. Formatted as {prefix}{number padded to width}, e.g. MOV-000001.
 */
export async function nextDocumentNumber(tx: Tx, tenantId: string, key: string, prefix: string, width = 6): Promise<string> {
  const [row] = rowsOf<{ n: string | number }>(await tx.execute(sql`SELECT enzzo_next_number(${tenantId}, ${key}) AS n`));
  return `${prefix}${String(row!.n).padStart(width, "0")}`;
}

/** The series rows a new tenant starts with (in its creation transaction). */
export async function createTenantSeries(tx: Tx, tenantId: string) {
  await tx.insert(documentSequences).values({ tenantId, id: newId(), key: ORDER_SERIES.key, nextValue: 1 });
}
