import { TRPCError } from "@trpc/server";
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { ProviderInput, ProviderListInput } from "../../../shared/catalog/provider";
import { PROVIDER_OPTIONAL_FIELDS } from "../../../shared/catalog/provider";
import { compactTaxId } from "../../../shared/fiscal/tax-id";
import { likePattern, offsetOf, pageOf } from "../../../shared/platform/pagination";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { isUniqueViolation, notFound, Translatable } from "../../trpc/errors";
import { providers } from "./tables";

/** Every column but the tenant id. */
const columns = {
  id: providers.id,
  code: providers.code,
  name: providers.name,
  companyName: providers.companyName,
  taxId: providers.taxId,
  email: providers.email,
  phone: providers.phone,
  mobile: providers.mobile,
  website: providers.website,
  address: providers.address,
  city: providers.city,
  state: providers.state,
  country: providers.country,
  postalCode: providers.postalCode,
  contactPerson: providers.contactPerson,
  contactPosition: providers.contactPosition,
  paymentTerms: providers.paymentTerms,
  creditLimit: providers.creditLimit,
  discountPercent: providers.discountPercent,
  description: providers.description,
  notes: providers.notes,
  isActive: providers.isActive,
  createdAt: providers.createdAt,
  updatedAt: providers.updatedAt,
};

/** CONFLICT 'Ya existe un suplidor con el código …' (text in the providers catalog). */
function codeTaken(code: string): TRPCError {
  const key = "providers:errors.codeTaken";
  return new TRPCError({ code: "CONFLICT", message: key, cause: new Translatable(key, { code }) });
}

/** The tenant's providers, by name; search matches name, code, tax id and company name, ignoring case. */
export async function findProviders(tx: Tx, tenantId: string, input: ProviderListInput) {
  const filters: (SQL | undefined)[] = [eq(providers.tenantId, tenantId)];
  if (input.isActive !== undefined) filters.push(eq(providers.isActive, input.isActive));
  if (input.search) {
    const pattern = likePattern(input.search);
    const taxDigits = compactTaxId(input.search);
    filters.push(
      or(
        ilike(providers.name, pattern),
        ilike(providers.code, pattern),
        ilike(providers.companyName, pattern),
        ilike(providers.taxId, taxDigits ? likePattern(taxDigits) : pattern),
      ),
    );
  }
  const where = and(...filters);
  const [total] = await tx.select({ n: count() }).from(providers).where(where);
  const rows = await tx
    .select(columns)
    .from(providers)
    .where(where)
    .orderBy(asc(sql`lower(${providers.name})`), asc(providers.code))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  return pageOf(rows, total?.n ?? 0, input.page, input.pageSize);
}

export async function getProvider(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select(columns)
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Codes are unique per tenant, compared without regard to case ('p-001' clashes with 'P-001'). */
async function assertCodeFree(tx: Tx, tenantId: string, code: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), sql`lower(${providers.code}) = lower(${code})`, exceptId ? ne(providers.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw codeTaken(code);
}

/** The stored values of the form: every optional field left out is null. */
function valuesOf(input: ProviderInput) {
  const values: Partial<typeof providers.$inferInsert> = { code: input.code, name: input.name };
  for (const field of PROVIDER_OPTIONAL_FIELDS) (values as Record<string, unknown>)[field] = input[field] ?? null;
  return values as Omit<typeof providers.$inferInsert, "tenantId" | "id">;
}

export async function createProvider(tx: Tx, tenantId: string, input: ProviderInput) {
  await assertCodeFree(tx, tenantId, input.code);
  const id = newId();
  try {
    await tx.insert(providers).values({ ...valuesOf(input), tenantId, id, isActive: input.isActive ?? true });
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken(input.code);
    throw e;
  }
  return getProvider(tx, tenantId, id);
}

/** Replaces the form's fields (optional fields left out are cleared); isActive only when given. */
export async function updateProvider(tx: Tx, tenantId: string, input: ProviderInput & { id: string }) {
  await getProvider(tx, tenantId, input.id);
  await assertCodeFree(tx, tenantId, input.code, input.id);
  const set = { ...valuesOf(input), updatedAt: new Date(), ...(input.isActive !== undefined ? { isActive: input.isActive } : {}) };
  try {
    await tx
      .update(providers)
      .set(set)
      .where(and(eq(providers.tenantId, tenantId), eq(providers.id, input.id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken(input.code);
    throw e;
  }
  return getProvider(tx, tenantId, input.id);
}

/** Providers are never deleted: they are deactivated (and may be activated again). */
export async function setProviderActive(tx: Tx, tenantId: string, input: { id: string; isActive: boolean }) {
  await getProvider(tx, tenantId, input.id);
  await tx
    .update(providers)
    .set({ isActive: input.isActive, updatedAt: new Date() })
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, input.id)));
  return getProvider(tx, tenantId, input.id);
}
