import { and, asc, eq } from "drizzle-orm";
import {
  ALWAYS_ACTIVE_PAYMENT_METHOD,
  isSystemPaymentMethod,
  type PaymentMethodCreateInput,
  type PaymentMethodUpdateInput,
} from "../../../shared/fiscal-settings/payment-method";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { assertCardProvider } from "../card-provider/service";
import { assertCodeFree, settleDefault } from "../invoice-settings/settings-catalog";
import { paymentMethods } from "./tables";

const CODE_TAKEN = "fiscalSettings:errors.paymentMethod.codeTaken";
const DEFAULTS = { inactive: "fiscalSettings:errors.paymentMethod.defaultInactive", required: "fiscalSettings:errors.paymentMethod.defaultRequired" };

const columns = {
  id: paymentMethods.id,
  code: paymentMethods.code,
  name: paymentMethods.name,
  order: paymentMethods.order,
  isDefault: paymentMethods.isDefault,
  useCurrencies: paymentMethods.useCurrencies,
  useCardProvider: paymentMethods.useCardProvider,
  cardProviderId: paymentMethods.cardProviderId,
  availableForAppointments: paymentMethods.availableForAppointments,
  availableForOnlineStore: paymentMethods.availableForOnlineStore,
  isActive: paymentMethods.isActive,
  createdAt: paymentMethods.createdAt,
  updatedAt: paymentMethods.updatedAt,
};

function withSystemFlag<T extends { code: string }>(row: T) {
  return { ...row, isSystem: isSystemPaymentMethod(row.code) };
}

/** paymentMethod.getAllForSettings: every method, inactive ones too, in their order. */
export async function findPaymentMethodsForSettings(tx: Tx, tenantId: string) {
  const rows = await tx.select(columns).from(paymentMethods).where(eq(paymentMethods.tenantId, tenantId)).orderBy(asc(paymentMethods.order), asc(paymentMethods.name));
  return rows.map(withSystemFlag);
}

async function getPaymentMethod(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select(columns)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return withSystemFlag(row);
}

async function guarded<T>(code: string | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("BAD_REQUEST", CODE_TAKEN, { code });
    throw e;
  }
}

/** paymentMethod.create: a code unique per tenant; a new default clears the others. */
export async function createPaymentMethod(tx: Tx, tenantId: string, input: PaymentMethodCreateInput) {
  await assertCodeFree(tx, paymentMethods, tenantId, input.code, CODE_TAKEN);
  await assertCardProvider(tx, tenantId, input.cardProviderId);
  const id = newId();
  const isDefault = await settleDefault(tx, paymentMethods, tenantId, { id, current: null, isDefault: input.isDefault, isActive: input.isActive }, DEFAULTS);
  await guarded(input.code, () => tx.insert(paymentMethods).values({ tenantId, id, ...input, isDefault }));
  return getPaymentMethod(tx, tenantId, id);
}

/**
 * paymentMethod.update: any field. The system methods (CASH, CARD, TRANSFER, CHECK, CREDIT,
 * CREDIT_NOTE) keep their code, since the POS and the cash count rely on it; cash is never deactivated.
 */
export async function updatePaymentMethod(tx: Tx, tenantId: string, input: PaymentMethodUpdateInput) {
  const current = await getPaymentMethod(tx, tenantId, input.id);
  if (input.code !== undefined && input.code !== current.code) {
    if (current.isSystem) throw appError("BAD_REQUEST", "fiscalSettings:errors.paymentMethod.systemCode", { code: current.code });
    await assertCodeFree(tx, paymentMethods, tenantId, input.code, CODE_TAKEN, input.id);
  }
  await assertCardProvider(tx, tenantId, input.cardProviderId);
  if (input.isActive === false && current.code === ALWAYS_ACTIVE_PAYMENT_METHOD) throw appError("BAD_REQUEST", "fiscalSettings:errors.paymentMethod.cashAlwaysActive");
  const isDefault = await settleDefault(tx, paymentMethods, tenantId, { id: input.id, current, isDefault: input.isDefault, isActive: input.isActive }, DEFAULTS);
  const { id, ...fields } = input;
  await guarded(input.code, () =>
    tx
      .update(paymentMethods)
      .set({ ...fields, isDefault, updatedAt: new Date() })
      .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.id, id))),
  );
  return getPaymentMethod(tx, tenantId, id);
}
