import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import {
  type CardProviderCreateInput,
  type CardProviderKind,
  type CardProviderRow,
  type CardProviderUpdateInput,
  IMPLEMENTED_PAYMENT_INTERFACES,
  PAYMENT_INTERFACE_CODES,
  type PaymentInterfaceCode,
} from "../../../shared/fiscal-settings/card-provider";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { assertCodeFree, settleDefault } from "../invoice-settings/settings-catalog";
import { cashboxes } from "../pos/tables";
import { cardProviders } from "./tables";

const CODE_TAKEN = "fiscalSettings:errors.cardProvider.codeTaken";
const DEFAULTS = { inactive: "fiscalSettings:errors.cardProvider.defaultInactive", required: "fiscalSettings:errors.cardProvider.defaultRequired" };

const columns = {
  id: cardProviders.id,
  code: cardProviders.code,
  name: cardProviders.name,
  kind: cardProviders.kind,
  api_url: cardProviders.apiUrl,
  cashbox_id: cardProviders.cashboxId,
  cashbox_name: cashboxes.name,
  is_default: cardProviders.isDefault,
  is_active: cardProviders.isActive,
};

function rows(tx: Tx, where: SQL | undefined) {
  return tx
    .select(columns)
    .from(cardProviders)
    .leftJoin(cashboxes, and(eq(cashboxes.tenantId, cardProviders.tenantId), eq(cashboxes.id, cardProviders.cashboxId)))
    .where(where);
}

/** cardProvider.getAll: every provider of the tenant (inactive ones too), the default first, then by name. */
export async function findCardProviders(tx: Tx, tenantId: string): Promise<CardProviderRow[]> {
  const list = await rows(tx, eq(cardProviders.tenantId, tenantId)).orderBy(desc(cardProviders.isDefault), asc(cardProviders.name), asc(cardProviders.code));
  return list.map((r) => ({ ...r, kind: r.kind as CardProviderKind }));
}

export async function getCardProvider(tx: Tx, tenantId: string, id: string): Promise<CardProviderRow> {
  const [row] = await rows(tx, and(eq(cardProviders.tenantId, tenantId), eq(cardProviders.id, id))).limit(1);
  if (!row) throw notFound();
  return { ...row, kind: row.kind as CardProviderKind };
}

/** A provider named by a payment method or a form must be the tenant's (else NOT_FOUND). */
export async function assertCardProvider(tx: Tx, tenantId: string, id: string | null | undefined) {
  if (id) await getCardProvider(tx, tenantId, id);
}

async function assertCashbox(tx: Tx, tenantId: string, id: string | null | undefined) {
  if (!id) return;
  const [row] = await tx
    .select({ id: cashboxes.id })
    .from(cashboxes)
    .where(and(eq(cashboxes.tenantId, tenantId), eq(cashboxes.id, id)))
    .limit(1);
  if (!row) throw notFound();
}

async function guarded<T>(code: string | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("BAD_REQUEST", CODE_TAKEN, { code });
    throw e;
  }
}

const stored = (input: Partial<CardProviderCreateInput>) => ({
  code: input.code,
  name: input.name,
  kind: input.kind,
  apiUrl: input.api_url ?? undefined,
  cashboxId: input.cashbox_id,
  isActive: input.is_active,
});

/** cardProvider.create: a code unique per tenant; the first active provider, or one marked so, is the default. */
export async function createCardProvider(tx: Tx, tenantId: string, input: CardProviderCreateInput) {
  await assertCodeFree(tx, cardProviders, tenantId, input.code, CODE_TAKEN);
  await assertCashbox(tx, tenantId, input.cashbox_id);
  const id = newId();
  const isDefault = await settleDefault(tx, cardProviders, tenantId, { id, current: null, isDefault: input.is_default, isActive: input.is_active }, DEFAULTS);
  await guarded(input.code, () =>
    tx.insert(cardProviders).values({ tenantId, id, code: input.code, name: input.name, kind: input.kind, apiUrl: input.api_url!, cashboxId: input.cashbox_id ?? null, isActive: input.is_active ?? true, isDefault }),
  );
  return getCardProvider(tx, tenantId, id);
}

/** cardProvider.update: any field; the default stays active and is replaced only by making another one the default. */
export async function updateCardProvider(tx: Tx, tenantId: string, input: CardProviderUpdateInput) {
  const current = await getCardProvider(tx, tenantId, input.id);
  if (input.code !== undefined && input.code !== current.code) await assertCodeFree(tx, cardProviders, tenantId, input.code, CODE_TAKEN, input.id);
  await assertCashbox(tx, tenantId, input.cashbox_id);
  const isDefault = await settleDefault(
    tx,
    cardProviders,
    tenantId,
    { id: input.id, current: { isDefault: current.is_default, isActive: current.is_active }, isDefault: input.is_default, isActive: input.is_active },
    DEFAULTS,
  );
  await guarded(input.code, () =>
    tx
      .update(cardProviders)
      .set({ ...stored(input), isDefault, updatedAt: new Date() })
      .where(and(eq(cardProviders.tenantId, tenantId), eq(cardProviders.id, input.id))),
  );
  return getCardProvider(tx, tenantId, input.id);
}

/**
 * paymentInterface.getTenantInterfaces (spec 02 'Payment interface per tenant: code,
 * is_configured, tenant_config{is_default, is_active, configuration}'): every adapter code, each
 * with the tenant's configuration when it has one. The local card service is configured by a
 * card provider of kind card_service (the default one if several); the other codes are not built.
 */
export async function tenantPaymentInterfaces(tx: Tx, tenantId: string) {
  const services = (await findCardProviders(tx, tenantId)).filter((p) => p.kind === "card_service");
  const chosen = services.find((p) => p.is_active && p.is_default) ?? services.find((p) => p.is_active) ?? services[0];
  return PAYMENT_INTERFACE_CODES.map((code: PaymentInterfaceCode) => {
    const config = code === "card_service" ? chosen : undefined;
    return {
      code,
      is_implemented: IMPLEMENTED_PAYMENT_INTERFACES.includes(code),
      is_configured: !!config?.is_active,
      tenant_config: config
        ? { id: config.id, is_default: config.is_default, is_active: config.is_active, configuration: { api_url: config.api_url, cashbox_id: config.cashbox_id, name: config.name } }
        : null,
    };
  });
}
