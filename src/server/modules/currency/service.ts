import { and, asc, desc, eq, sql } from "drizzle-orm";
import { Big } from "../../../shared/catalog/decimal";
import type { CurrencyCreateInput, CurrencySetRateInput, CurrencyUpdateInput } from "../../../shared/fiscal-settings/currency";
import type { Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { users } from "../auth/tables";
import { assertCodeFree, settleDefault } from "../invoice-settings/settings-catalog";
import { currencies, currencyRates } from "./tables";

const CODE_TAKEN = "fiscalSettings:errors.currency.codeTaken";
const DEFAULTS = { inactive: "fiscalSettings:errors.currency.defaultInactive", required: "fiscalSettings:errors.currency.defaultRequired" };
const ONE = "1.000000";

/**
 * The rate in force on `today` (pesos per unit): the latest history row on or before that date, so a
 * rate scheduled for a later day takes effect on its own when the day comes; currencies.rate when
 * there is no history. Every reader of a rate (lists, the POS, payments) uses this one expression.
 */
export function rateInForce(today: string) {
  return sql<string>`coalesce((select r.rate from ${currencyRates} r where r.tenant_id = ${currencies}.tenant_id and r.currency_id = ${currencies}.id and r.effective_date <= ${today}::date order by r.effective_date desc limit 1), ${currencies.rate})`;
}

/**
 * Every currency of the tenant (inactive too), the default first: the rate in force (pesos per
 * unit, what the POS uses), the date it took effect, and the next scheduled rate if any.
 */
function currencyQuery(tx: Tx, today: string) {
  return tx
    .select({
      id: currencies.id,
      code: currencies.code,
      numericCode: currencies.numericCode,
      name: currencies.name,
      symbol: currencies.symbol,
      rate: rateInForce(today),
      isDefault: currencies.isDefault,
      isActive: currencies.isActive,
      /** effective date of the latest history row on or before today */
      rateDate: sql<string | null>`(select max(r.effective_date)::text from ${currencyRates} r where r.tenant_id = ${currencies}.tenant_id and r.currency_id = ${currencies}.id and r.effective_date <= ${today}::date)`,
      /** the next rate that takes effect after today, 'YYYY-MM-DD|rate' */
      scheduled: sql<string | null>`(select r.effective_date::text || '|' || r.rate::text from ${currencyRates} r where r.tenant_id = ${currencies}.tenant_id and r.currency_id = ${currencies}.id and r.effective_date > ${today}::date order by r.effective_date limit 1)`,
      createdAt: currencies.createdAt,
      updatedAt: currencies.updatedAt,
    })
    .from(currencies)
    .$dynamic();
}

type CurrencyQueryRow = Awaited<ReturnType<ReturnType<typeof currencyQuery>["execute"]>>[number];

function view({ scheduled, ...row }: CurrencyQueryRow) {
  const [date, rate] = scheduled ? scheduled.split("|") : [];
  return { ...row, nextRate: date && rate ? { effectiveDate: date, rate } : null };
}

/** currency.getAll: every currency, inactive ones too, default first, then by code. */
export async function findCurrencies(tx: Tx, tenantId: string, today: string) {
  const rows = await currencyQuery(tx, today)
    .where(eq(currencies.tenantId, tenantId))
    .orderBy(desc(currencies.isDefault), asc(currencies.code));
  return rows.map(view);
}

export async function getCurrency(tx: Tx, tenantId: string, id: string, today: string) {
  const [row] = await currencyQuery(tx, today)
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return view(row);
}

/** Locks the currency's row until COMMIT: rate changes of one currency run one at a time. */
async function lockCurrency(tx: Tx, tenantId: string, id: string) {
  await tx.execute(sql`select 1 from ${currencies} where tenant_id = ${tenantId} and id = ${id} for no key update`);
}

/** Writes the history row of `date` (replacing one of the same date). */
async function upsertRate(tx: Tx, tenantId: string, currencyId: string, rate: string, date: string, userId: string) {
  await tx
    .insert(currencyRates)
    .values({ tenantId, id: newId(), currencyId, rate, effectiveDate: date, createdBy: userId })
    .onConflictDoUpdate({
      target: [currencyRates.tenantId, currencyRates.currencyId, currencyRates.effectiveDate],
      set: { rate, createdBy: userId, updatedAt: new Date() },
    });
}

/** The latest history date on or before today, or null. */
async function latestDateInForce(tx: Tx, tenantId: string, currencyId: string, today: string): Promise<string | null> {
  const [row] = await tx
    .select({ date: sql<string | null>`max(${currencyRates.effectiveDate})::text` })
    .from(currencyRates)
    .where(and(eq(currencyRates.tenantId, tenantId), eq(currencyRates.currencyId, currencyId), sql`${currencyRates.effectiveDate} <= ${today}::date`));
  return row?.date ?? null;
}

function sameRate(a: string, b: string): boolean {
  return new Big(a).eq(new Big(b));
}

async function guarded<T>(code: string | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("BAD_REQUEST", CODE_TAKEN, { code });
    throw e;
  }
}

/** currency.create: the rate starts today (a history row); the default currency is worth 1. */
export async function createCurrency(tx: Tx, tenantId: string, userId: string, input: CurrencyCreateInput, today: string) {
  await assertCodeFree(tx, currencies, tenantId, input.code, CODE_TAKEN);
  const id = newId();
  const isDefault = await settleDefault(tx, currencies, tenantId, { id, current: null, isDefault: input.isDefault, isActive: input.isActive }, DEFAULTS);
  const rate = isDefault ? ONE : input.rate;
  await guarded(input.code, () =>
    tx.insert(currencies).values({ tenantId, id, code: input.code, numericCode: input.numericCode, name: input.name, symbol: input.symbol, rate, isDefault, isActive: input.isActive }),
  );
  await upsertRate(tx, tenantId, id, rate, today, userId);
  return getCurrency(tx, tenantId, id, today);
}

/**
 * currency.update: any field; a new default clears the others (and is worth 1 from today). A
 * changed rate takes effect today, like currency.setRate without a date.
 */
export async function updateCurrency(tx: Tx, tenantId: string, userId: string, input: CurrencyUpdateInput, today: string) {
  const current = await getCurrency(tx, tenantId, input.id, today);
  await lockCurrency(tx, tenantId, input.id);
  if (input.code !== undefined) await assertCodeFree(tx, currencies, tenantId, input.code, CODE_TAKEN, input.id);
  const isDefault = await settleDefault(tx, currencies, tenantId, { id: input.id, current, isDefault: input.isDefault, isActive: input.isActive }, DEFAULTS);
  const rate = isDefault ? ONE : (input.rate ?? current.rate);
  const rateChanged = !sameRate(rate, current.rate);
  await guarded(input.code, () =>
    tx
      .update(currencies)
      .set({
        code: input.code,
        numericCode: input.numericCode,
        name: input.name,
        symbol: input.symbol,
        isActive: input.isActive,
        isDefault,
        ...(rateChanged ? { rate } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(currencies.tenantId, tenantId), eq(currencies.id, input.id))),
  );
  if (rateChanged) await upsertRate(tx, tenantId, input.id, rate, today, userId);
  return getCurrency(tx, tenantId, input.id, today);
}

/**
 * currency.setRate: records the rate from `effectiveDate` on (one row per date: a second rate
 * on the same date replaces the first). When that date is today or earlier and no later date up
 * to today has a rate, it becomes the rate in force (currencies.rate). The default currency is
 * always worth 1.
 */
export async function setCurrencyRate(tx: Tx, tenantId: string, userId: string, input: CurrencySetRateInput, today: string) {
  const current = await getCurrency(tx, tenantId, input.currencyId, today);
  if (current.isDefault) throw appError("BAD_REQUEST", "fiscalSettings:errors.currency.defaultRate", { code: current.code });
  await lockCurrency(tx, tenantId, input.currencyId);
  const effectiveDate = input.effectiveDate ?? today;
  await upsertRate(tx, tenantId, input.currencyId, input.rate, effectiveDate, userId);
  const applied = effectiveDate <= today && (await latestDateInForce(tx, tenantId, input.currencyId, today)) === effectiveDate;
  if (applied) {
    await tx
      .update(currencies)
      .set({ rate: input.rate, updatedAt: new Date() })
      .where(and(eq(currencies.tenantId, tenantId), eq(currencies.id, input.currencyId)));
  }
  return { applied, effectiveDate, currency: await getCurrency(tx, tenantId, input.currencyId, today) };
}

/** currency.getRateHistory: the currency's rates, newest date first; `inForce` marks the one in use today. */
export async function getRateHistory(tx: Tx, tenantId: string, currencyId: string, today: string, limit = 100) {
  await getCurrency(tx, tenantId, currencyId, today);
  const rows = await tx
    .select({
      id: currencyRates.id,
      rate: currencyRates.rate,
      effectiveDate: currencyRates.effectiveDate,
      createdBy: currencyRates.createdBy,
      createdByName: users.name,
      createdAt: currencyRates.createdAt,
      updatedAt: currencyRates.updatedAt,
    })
    .from(currencyRates)
    .leftJoin(users, and(eq(users.tenantId, currencyRates.tenantId), eq(users.id, currencyRates.createdBy)))
    .where(and(eq(currencyRates.tenantId, tenantId), eq(currencyRates.currencyId, currencyId)))
    .orderBy(desc(currencyRates.effectiveDate))
    .limit(limit);
  const inForce = rows.find((r) => r.effectiveDate <= today)?.id;
  return rows.map((r) => ({ ...r, inForce: r.id === inForce, scheduled: r.effectiveDate > today }));
}
