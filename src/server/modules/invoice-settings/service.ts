import { and, asc, eq } from "drizzle-orm";
import type {
  InvoiceConditionCreateInput,
  InvoiceConditionUpdateInput,
  InvoiceTypeCreateInput,
  InvoiceTypeUpdateInput,
} from "../../../shared/fiscal-settings/invoice-settings";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { invoiceConditions, invoiceTypes } from "../invoice/tables";
import { ncfTypes } from "../ncf/tables";
import { assertCodeFree, settleDefault } from "./settings-catalog";

function guard(key: string) {
  return async <T>(code: string | undefined, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      if (isUniqueViolation(e)) throw appError("BAD_REQUEST", key, { code });
      throw e;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Invoice conditions (payment terms)

const CONDITION_CODE_TAKEN = "fiscalSettings:errors.invoiceCondition.codeTaken";
const CONDITION_DEFAULTS = { inactive: "fiscalSettings:errors.invoiceCondition.defaultInactive", required: "fiscalSettings:errors.invoiceCondition.defaultRequired" };
const conditionGuarded = guard(CONDITION_CODE_TAKEN);

const conditionColumns = {
  id: invoiceConditions.id,
  code: invoiceConditions.code,
  name: invoiceConditions.name,
  days: invoiceConditions.days,
  order: invoiceConditions.order,
  isDefault: invoiceConditions.isDefault,
  isActive: invoiceConditions.isActive,
};

/** invoiceCondition.getAll: the active conditions in their order (invoice and POS pickers). */
export function findActiveInvoiceConditions(tx: Tx, tenantId: string) {
  return tx
    .select(conditionColumns)
    .from(invoiceConditions)
    .where(and(eq(invoiceConditions.tenantId, tenantId), eq(invoiceConditions.isActive, true)))
    .orderBy(asc(invoiceConditions.order), asc(invoiceConditions.name));
}

/** invoiceCondition.getAllForSettings: every condition, inactive ones too. */
export function findInvoiceConditionsForSettings(tx: Tx, tenantId: string) {
  return tx
    .select({ ...conditionColumns, createdAt: invoiceConditions.createdAt, updatedAt: invoiceConditions.updatedAt })
    .from(invoiceConditions)
    .where(eq(invoiceConditions.tenantId, tenantId))
    .orderBy(asc(invoiceConditions.order), asc(invoiceConditions.name));
}

async function getInvoiceCondition(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ ...conditionColumns, createdAt: invoiceConditions.createdAt, updatedAt: invoiceConditions.updatedAt })
    .from(invoiceConditions)
    .where(and(eq(invoiceConditions.tenantId, tenantId), eq(invoiceConditions.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function createInvoiceCondition(tx: Tx, tenantId: string, input: InvoiceConditionCreateInput) {
  await assertCodeFree(tx, invoiceConditions, tenantId, input.code, CONDITION_CODE_TAKEN);
  const id = newId();
  const isDefault = await settleDefault(tx, invoiceConditions, tenantId, { id, current: null, isDefault: input.isDefault, isActive: input.isActive }, CONDITION_DEFAULTS);
  await conditionGuarded(input.code, () => tx.insert(invoiceConditions).values({ tenantId, id, ...input, isDefault }));
  return getInvoiceCondition(tx, tenantId, id);
}

export async function updateInvoiceCondition(tx: Tx, tenantId: string, input: InvoiceConditionUpdateInput) {
  const current = await getInvoiceCondition(tx, tenantId, input.id);
  if (input.code !== undefined) await assertCodeFree(tx, invoiceConditions, tenantId, input.code, CONDITION_CODE_TAKEN, input.id);
  const isDefault = await settleDefault(tx, invoiceConditions, tenantId, { id: input.id, current, isDefault: input.isDefault, isActive: input.isActive }, CONDITION_DEFAULTS);
  const { id, ...fields } = input;
  await conditionGuarded(input.code, () =>
    tx
      .update(invoiceConditions)
      .set({ ...fields, isDefault, updatedAt: new Date() })
      .where(and(eq(invoiceConditions.tenantId, tenantId), eq(invoiceConditions.id, id))),
  );
  return getInvoiceCondition(tx, tenantId, id);
}

// ---------------------------------------------------------------------------------------------
// Invoice types

const TYPE_CODE_TAKEN = "fiscalSettings:errors.invoiceType.codeTaken";
const TYPE_DEFAULTS = { inactive: "fiscalSettings:errors.invoiceType.defaultInactive", required: "fiscalSettings:errors.invoiceType.defaultRequired" };
const typeGuarded = guard(TYPE_CODE_TAKEN);

const typeColumns = {
  id: invoiceTypes.id,
  code: invoiceTypes.code,
  name: invoiceTypes.name,
  ncfTypeId: invoiceTypes.ncfTypeId,
  ncfTypeCode: ncfTypes.code,
  ncfTypeDescription: ncfTypes.description,
  order: invoiceTypes.order,
  isDefault: invoiceTypes.isDefault,
  isActive: invoiceTypes.isActive,
};

function typeQuery(tx: Tx) {
  return tx
    .select({ ...typeColumns, createdAt: invoiceTypes.createdAt, updatedAt: invoiceTypes.updatedAt })
    .from(invoiceTypes)
    .leftJoin(ncfTypes, and(eq(ncfTypes.tenantId, invoiceTypes.tenantId), eq(ncfTypes.id, invoiceTypes.ncfTypeId)))
    .$dynamic();
}

/** invoiceType.getAll: the active types in their order, each with its NCF type (invoice and POS pickers). */
export function findActiveInvoiceTypes(tx: Tx, tenantId: string) {
  return tx
    .select(typeColumns)
    .from(invoiceTypes)
    .leftJoin(ncfTypes, and(eq(ncfTypes.tenantId, invoiceTypes.tenantId), eq(ncfTypes.id, invoiceTypes.ncfTypeId)))
    .where(and(eq(invoiceTypes.tenantId, tenantId), eq(invoiceTypes.isActive, true)))
    .orderBy(asc(invoiceTypes.order), asc(invoiceTypes.name));
}

/** invoiceType.getAllForSettings: every type, inactive ones too. */
export function findInvoiceTypesForSettings(tx: Tx, tenantId: string) {
  return typeQuery(tx).where(eq(invoiceTypes.tenantId, tenantId)).orderBy(asc(invoiceTypes.order), asc(invoiceTypes.name));
}

async function getInvoiceType(tx: Tx, tenantId: string, id: string) {
  const [row] = await typeQuery(tx)
    .where(and(eq(invoiceTypes.tenantId, tenantId), eq(invoiceTypes.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** NOT_FOUND unless the NCF type is the tenant's. */
async function assertNcfType(tx: Tx, tenantId: string, ncfTypeId: string | null | undefined) {
  if (!ncfTypeId) return;
  const [row] = await tx
    .select({ id: ncfTypes.id })
    .from(ncfTypes)
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.id, ncfTypeId)))
    .limit(1);
  if (!row) throw appError("NOT_FOUND", "fiscalSettings:errors.invoiceType.ncfTypeNotFound");
}

async function nextTypeOrder(tx: Tx, tenantId: string): Promise<number> {
  const rows = await tx.select({ order: invoiceTypes.order }).from(invoiceTypes).where(eq(invoiceTypes.tenantId, tenantId));
  return Math.min(999, Math.max(-1, ...rows.map((r) => r.order)) + 1);
}

export async function createInvoiceType(tx: Tx, tenantId: string, input: InvoiceTypeCreateInput) {
  await assertNcfType(tx, tenantId, input.ncfTypeId);
  await assertCodeFree(tx, invoiceTypes, tenantId, input.code, TYPE_CODE_TAKEN);
  const id = newId();
  const isDefault = await settleDefault(tx, invoiceTypes, tenantId, { id, current: null, isDefault: input.isDefault, isActive: input.isActive }, TYPE_DEFAULTS);
  const order = input.order ?? (await nextTypeOrder(tx, tenantId));
  await typeGuarded(input.code, () => tx.insert(invoiceTypes).values({ tenantId, id, ...input, order, isDefault }));
  return getInvoiceType(tx, tenantId, id);
}

export async function updateInvoiceType(tx: Tx, tenantId: string, input: InvoiceTypeUpdateInput) {
  const current = await getInvoiceType(tx, tenantId, input.id);
  await assertNcfType(tx, tenantId, input.ncfTypeId);
  if (input.code !== undefined) await assertCodeFree(tx, invoiceTypes, tenantId, input.code, TYPE_CODE_TAKEN, input.id);
  const isDefault = await settleDefault(tx, invoiceTypes, tenantId, { id: input.id, current, isDefault: input.isDefault, isActive: input.isActive }, TYPE_DEFAULTS);
  const { id, ...fields } = input;
  await typeGuarded(input.code, () =>
    tx
      .update(invoiceTypes)
      .set({ ...fields, isDefault, updatedAt: new Date() })
      .where(and(eq(invoiceTypes.tenantId, tenantId), eq(invoiceTypes.id, id))),
  );
  return getInvoiceType(tx, tenantId, id);
}
