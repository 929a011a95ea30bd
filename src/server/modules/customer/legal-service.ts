import { and, eq, isNull } from "drizzle-orm";
import { LEGAL_FIELDS, type LegalData } from "../../../shared/customers/legal-client";
import type { Tx } from "../../db/client";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { customers, legalClients } from "./tables";

/**
 * legattiCustomer.*: the legal data of a customer (one legal_clients row, id = the customer's).
 * In and out with the spec's field names (snake_case), so the form sends back what it read.
 */

type LegalRow = typeof legalClients.$inferSelect;
type LegalColumn = keyof LegalRow;

/** address_line1 -> addressLine1, billing_postal_code -> billingPostalCode. */
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as LegalColumn;

function toRow(data: LegalData): Partial<LegalRow> {
  const row: Record<string, unknown> = {};
  for (const key of LEGAL_FIELDS) row[camel(key)] = data[key];
  return row as Partial<LegalRow>;
}

function fromRow(row: LegalRow): LegalData & { created_at: Date; updated_at: Date } {
  const data: Record<string, unknown> = {};
  for (const key of LEGAL_FIELDS) data[key] = row[camel(key)] ?? null;
  return { ...(data as LegalData), tags: row.tags ?? [], created_at: row.createdAt, updated_at: row.updatedAt };
}

/** The legal data of a customer of this tenant, or null when it has none. */
export async function getLegalData(tx: Tx, tenantId: string, customerId: string) {
  const [row] = await tx
    .select()
    .from(legalClients)
    .where(and(eq(legalClients.tenantId, tenantId), eq(legalClients.id, customerId)))
    .limit(1);
  return row ? fromRow(row) : null;
}

/** NOT_FOUND for an unknown, another tenant's or (when writing) a deleted customer. */
async function assertCustomer(tx: Tx, tenantId: string, customerId: string, opts: { active: boolean }) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId), opts.active ? isNull(customers.deletedAt) : undefined))
    .limit(1);
  if (!row) throw notFound();
}

export async function getLegalClient(tx: Tx, tenantId: string, customerId: string) {
  await assertCustomer(tx, tenantId, customerId, { active: false });
  return getLegalData(tx, tenantId, customerId);
}

/** legattiCustomer.create: the second step after customer.create; CONFLICT when the customer already has legal data. */
export async function createLegalClient(tx: Tx, tenantId: string, customerId: string, data: LegalData) {
  await assertCustomer(tx, tenantId, customerId, { active: true });
  try {
    await tx.insert(legalClients).values({ ...toRow(data), tenantId, id: customerId });
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("CONFLICT", "customers:errors.legalExists");
    throw e;
  }
  return (await getLegalData(tx, tenantId, customerId))!;
}

/** legattiCustomer.update: replaces the legal data (fields left out are cleared); creates it when the customer had none. */
export async function updateLegalClient(tx: Tx, tenantId: string, customerId: string, data: LegalData) {
  await assertCustomer(tx, tenantId, customerId, { active: true });
  const values = toRow(data);
  await tx
    .insert(legalClients)
    .values({ ...values, tenantId, id: customerId })
    .onConflictDoUpdate({ target: [legalClients.tenantId, legalClients.id], set: { ...values, updatedAt: new Date() } });
  return (await getLegalData(tx, tenantId, customerId))!;
}
