import { eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { likePattern, searchKey } from "../../../../shared/platform/pagination";
import type { Tx } from "../../../db/client";
import { customers } from "../../customer/tables";
import { getPatientRow } from "../access";
import { dentalPatients } from "../tables";

/** What every procedure of the files area works with. */
export interface FilesCtx {
  tx: Tx;
  tenantId: string;
  userId: string;
  timeZone: string;
  rights: readonly string[];
}

/** The patient columns every list row carries (name and file number for the lists across patients). */
export const patientColumns = {
  patientId: dentalPatients.id,
  patientName: customers.name,
  patientNumber: dentalPatients.number,
};

/** The list's patient filter: NOT_FOUND when the patient is not this tenant's (an outsider learns nothing). */
export async function patientFilter(ctx: FilesCtx, patientId: string | undefined, column: AnyPgColumn): Promise<SQL | undefined> {
  if (!patientId) return undefined;
  await getPatientRow(ctx.tx, ctx.tenantId, patientId);
  return eq(column, patientId);
}

/** A search over the patient's name, code, identification and phone (accents folded) and the row's own text columns. */
export function searchFilter(search: string, own: (SQL | AnyPgColumn)[]): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const folded = likePattern(searchKey(text));
  return or(ilike(customers.searchText, folded), ...own.map((c) => sql`${c} ILIKE ${likePattern(text)}`));
}
