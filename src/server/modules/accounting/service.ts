import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { DEFAULT_TAXES, DO_CHART, defaultNature, MAPPING_DEFAULTS, methodDefaultKey, parentCodeOf } from "../../../shared/accounting/chart";
import {
  type accountInput,
  type accountUpdateInput,
  type cancelEntryInput,
  entryTotals,
  type journalEntryCreateInput,
  type journalEntryListInput,
  type journalEntryUpdateInput,
  type taxInput,
  type taxUpdateInput,
  type updateMappingsInput,
} from "../../../shared/accounting/rules";
import { businessDate } from "../../../shared/platform/dates";
import { offsetOf, pageOf } from "../../../shared/platform/pagination";
import { rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { paymentMethods } from "../payment-method/tables";
import type { PosContext } from "../pos/service";
import { nextDocumentNumber } from "../sequence/service";
import { taxes } from "../tax/tables";
import { warehouses } from "../warehouse/tables";
import { periodClosed, writeEntry } from "./books";
import { type EntryLineDraft, reversalOf } from "./postings";
import { accountMappings, accounts, fiscalPeriods, journalEntries, journalLines } from "./tables";

const today = (ctx: PosContext) => businessDate(new Date(), ctx.tenant.timezone);
const MANUAL_SERIES = { key: "journal_entry", prefix: "AS-", width: 6 };
const MONTHS_ES = ["Enero", "Febrero", "Marzo", "Abril", "Mayo", "Junio", "Julio", "Agosto", "Septiembre", "Octubre", "Noviembre", "Diciembre"];

// ——— Setup ———

export async function getStatus(ctx: PosContext) {
  const { tx, tenant } = ctx;
  const [row] = rowsOf<{ accounts: number; mappings: number; periods: number; entries: number }>(
    await tx.execute(sql`SELECT
      (SELECT count(*)::int FROM accounts WHERE tenant_id = ${tenant.id}) AS accounts,
      (SELECT count(*)::int FROM account_mappings WHERE tenant_id = ${tenant.id}) AS mappings,
      (SELECT count(*)::int FROM fiscal_periods WHERE tenant_id = ${tenant.id}) AS periods,
      (SELECT count(*)::int FROM journal_entries WHERE tenant_id = ${tenant.id}) AS entries`),
  );
  return { initialized: row!.mappings > 0, accounts: row!.accounts, periods: row!.periods, entries: row!.entries, countryCode: "DO" };
}

function periodRows(tenantId: string, year: number) {
  return MONTHS_ES.map((name, m) => {
    const start = `${year}-${String(m + 1).padStart(2, "0")}-01`;
    const end = new Date(Date.UTC(year, m + 1, 0)).toISOString().slice(0, 10);
    return { tenantId, id: newId(), name: `${name} ${year}`, startDate: start, endDate: end, fiscalYear: year };
  });
}

/**
 * accounting.initialize: the standard chart, the twelve periods of the current year, the default
 * taxes with their accounts and the mapping of every payment method and warehouse. Once only:
 * a second call answers the status as it is.
 */
export async function initialize(ctx: PosContext) {
  const { tx, tenant } = ctx;
  const tenantId = tenant.id;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}:accounting-init`}, 0))`);
  const status = await getStatus(ctx);
  if (status.initialized) return status;
  const existing = new Map((await tx.select({ id: accounts.id, code: accounts.code }).from(accounts).where(eq(accounts.tenantId, tenantId))).map((a) => [a.code, a.id]));
  const ids = new Map(DO_CHART.map((a) => [a.code, existing.get(a.code) ?? newId()]));
  const codes = DO_CHART.map((a) => a.code);
  const missing = DO_CHART.filter((a) => !existing.has(a.code));
  if (missing.length > 0) {
    await tx.insert(accounts).values(
      missing.map((a) => {
        const parent = parentCodeOf(a.code, codes);
        return { tenantId, id: ids.get(a.code)!, code: a.code, name: a.name, type: a.type, nature: a.nature ?? defaultNature(a.type), parentId: parent ? ids.get(parent)! : null, isGroup: !!a.group };
      }),
    );
  }
  const year = Number(today(ctx).slice(0, 4));
  await tx.insert(fiscalPeriods).values(periodRows(tenantId, year)).onConflictDoNothing();
  const [methods, stores, current] = await Promise.all([
    tx.select({ id: paymentMethods.id, code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.tenantId, tenantId)),
    tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.tenantId, tenantId)),
    tx.select({ id: taxes.id, code: taxes.code }).from(taxes).where(eq(taxes.tenantId, tenantId)),
  ]);
  const mapping = [
    ...Object.entries(MAPPING_DEFAULTS).map(([key, code]) => ({ key, accountId: ids.get(code)! })),
    ...methods.map((m) => ({ key: `payment_method:${m.id}`, accountId: ids.get(MAPPING_DEFAULTS[methodDefaultKey(m.code.toUpperCase())])! })),
    ...stores.map((w) => ({ key: `warehouse:${w.id}`, accountId: ids.get(MAPPING_DEFAULTS.inventory)! })),
  ];
  await tx.insert(accountMappings).values(mapping.map((m) => ({ tenantId, id: newId(), ...m })));
  const have = new Map(current.map((t) => [t.code, t.id]));
  for (const t of DEFAULT_TAXES) {
    const accountId = t.account ? ids.get(t.account)! : null;
    const id = have.get(t.code);
    if (id) await tx.update(taxes).set({ kind: t.kind, appliesTo: t.appliesTo, accountId, updatedAt: new Date() }).where(and(eq(taxes.tenantId, tenantId), eq(taxes.id, id)));
    else await tx.insert(taxes).values({ tenantId, id: newId(), code: t.code, name: t.name, rate: t.rate, kind: t.kind, appliesTo: t.appliesTo, accountId, isDefault: false });
  }
  return getStatus(ctx);
}

export async function assertInitialized(tx: Tx, tenantId: string) {
  const [row] = await tx.select({ id: accountMappings.id }).from(accountMappings).where(eq(accountMappings.tenantId, tenantId)).limit(1);
  if (!row) throw appError("BAD_REQUEST", "accounting:errors.notInitialized");
}

// ——— Accounts ———

export async function findAccounts(ctx: PosContext, input: { includeInactive: boolean }) {
  const { tx, tenant } = ctx;
  return tx
    .select({ id: accounts.id, code: accounts.code, name: accounts.name, type: accounts.type, nature: accounts.nature, parentId: accounts.parentId, isGroup: accounts.isGroup, isActive: accounts.isActive })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenant.id), input.includeInactive ? undefined : eq(accounts.isActive, true)))
    .orderBy(asc(accounts.code));
}

async function accountOf(tx: Tx, tenantId: string, id: string) {
  const [a] = await tx.select().from(accounts).where(and(eq(accounts.tenantId, tenantId), eq(accounts.id, id)));
  if (!a) throw notFound();
  return a;
}

async function checkParent(tx: Tx, tenantId: string, parentId: string | null | undefined, type: string, selfId?: string) {
  if (!parentId) return;
  const parent = await accountOf(tx, tenantId, parentId);
  // Not itself nor any account under it (a loop would make every balance climb forever).
  if (selfId) {
    const [loop] = rowsOf<{ found: boolean }>(
      await tx.execute(sql`
        WITH RECURSIVE up AS (
          SELECT id, parent_id, 1 AS depth FROM accounts WHERE tenant_id = ${tenantId} AND id = ${parent.id}
          UNION ALL SELECT a.id, a.parent_id, up.depth + 1 FROM accounts a JOIN up ON a.id = up.parent_id AND a.tenant_id = ${tenantId} WHERE up.depth < 50
        )
        SELECT EXISTS (SELECT 1 FROM up WHERE id = ${selfId}) AS found`),
    );
    if (loop?.found) throw appError("BAD_REQUEST", "accounting:errors.parentInvalid");
  }
  if (parent.type !== type) throw appError("BAD_REQUEST", "accounting:errors.parentTypeMismatch");
  if (!parent.isGroup) await tx.update(accounts).set({ isGroup: true, updatedAt: new Date() }).where(and(eq(accounts.tenantId, tenantId), eq(accounts.id, parent.id)));
}

function codeTaken(e: unknown, code: string | undefined) {
  return isUniqueViolation(e) ? appError("BAD_REQUEST", "accounting:errors.codeTaken", { code }) : e;
}

export async function createAccount(ctx: PosContext, input: z.output<typeof accountInput>) {
  const { tx, tenant } = ctx;
  await checkParent(tx, tenant.id, input.parentId, input.type);
  const id = newId();
  try {
    await tx.insert(accounts).values({ tenantId: tenant.id, id, ...input, parentId: input.parentId ?? null });
  } catch (e) {
    throw codeTaken(e, input.code);
  }
  return accountOf(tx, tenant.id, id);
}

async function hasPostings(tx: Tx, tenantId: string, accountId: string) {
  const [row] = await tx.select({ id: journalLines.id }).from(journalLines).where(and(eq(journalLines.tenantId, tenantId), eq(journalLines.accountId, accountId))).limit(1);
  return !!row;
}

export async function updateAccount(ctx: PosContext, input: z.output<typeof accountUpdateInput>) {
  const { tx, tenant } = ctx;
  const current = await accountOf(tx, tenant.id, input.id);
  const { id, ...changes } = input;
  const type = changes.type ?? current.type;
  if ((changes.type && changes.type !== current.type) || (changes.isGroup === true && !current.isGroup)) {
    if (await hasPostings(tx, tenant.id, id)) throw appError("BAD_REQUEST", "accounting:errors.accountHasPostings");
  }
  if (changes.parentId !== undefined) await checkParent(tx, tenant.id, changes.parentId, type, id);
  try {
    await tx
      .update(accounts)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.id, id)));
  } catch (e) {
    throw codeTaken(e, changes.code);
  }
  return accountOf(tx, tenant.id, id);
}

// ——— Mapping ———

export async function getMappings(ctx: PosContext) {
  const { tx, tenant } = ctx;
  const [rows, methods, stores] = await Promise.all([
    tx.select({ key: accountMappings.key, accountId: accountMappings.accountId }).from(accountMappings).where(eq(accountMappings.tenantId, tenant.id)),
    tx.select({ id: paymentMethods.id, name: paymentMethods.name, code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.tenantId, tenant.id)).orderBy(asc(paymentMethods.name)),
    tx.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.tenantId, tenant.id)).orderBy(asc(warehouses.name)),
  ]);
  const byKey = new Map(rows.map((r) => [r.key, r.accountId]));
  return {
    defaults: Object.keys(MAPPING_DEFAULTS).map((key) => ({ key, accountId: byKey.get(key) ?? null })),
    paymentMethods: methods.map((m) => ({ key: `payment_method:${m.id}`, name: m.name, code: m.code, accountId: byKey.get(`payment_method:${m.id}`) ?? null })),
    warehouses: stores.map((w) => ({ key: `warehouse:${w.id}`, name: w.name, accountId: byKey.get(`warehouse:${w.id}`) ?? null })),
  };
}

export async function updateMappings(ctx: PosContext, input: z.output<typeof updateMappingsInput>) {
  const { tx, tenant } = ctx;
  await assertInitialized(tx, tenant.id);
  const accountIds = [...new Set(input.mappings.map((m) => m.accountId))];
  const found = await tx.select({ id: accounts.id, isGroup: accounts.isGroup, isActive: accounts.isActive }).from(accounts).where(and(eq(accounts.tenantId, tenant.id), inArray(accounts.id, accountIds)));
  if (found.length !== accountIds.length) throw notFound();
  if (found.some((a) => a.isGroup || !a.isActive)) throw appError("BAD_REQUEST", "accounting:errors.accountNotPostable");
  // The keys this tenant has: the defaults, and one per payment method and warehouse (read once).
  const current = await getMappings(ctx);
  const known = new Set([...current.defaults, ...current.paymentMethods, ...current.warehouses].map((m) => m.key));
  for (const m of input.mappings) if (!known.has(m.key)) throw notFound();
  for (const m of input.mappings) {
    await tx
      .insert(accountMappings)
      .values({ tenantId: tenant.id, id: newId(), key: m.key, accountId: m.accountId })
      .onConflictDoUpdate({ target: [accountMappings.tenantId, accountMappings.key], set: { accountId: m.accountId, updatedAt: new Date() } });
  }
  return getMappings(ctx);
}

// ——— Fiscal periods ———

export async function findPeriods(ctx: PosContext, input: { year?: number }) {
  const { tx, tenant } = ctx;
  return tx
    .select()
    .from(fiscalPeriods)
    .where(and(eq(fiscalPeriods.tenantId, tenant.id), input.year ? eq(fiscalPeriods.fiscalYear, input.year) : undefined))
    .orderBy(desc(fiscalPeriods.startDate));
}

export async function createYear(ctx: PosContext, year: number) {
  const { tx, tenant } = ctx;
  await assertInitialized(tx, tenant.id);
  await tx.insert(fiscalPeriods).values(periodRows(tenant.id, year)).onConflictDoNothing();
  return findPeriods(ctx, { year });
}

async function periodOf(tx: Tx, tenantId: string, id: string) {
  const [p] = await tx.select().from(fiscalPeriods).where(and(eq(fiscalPeriods.tenantId, tenantId), eq(fiscalPeriods.id, id))).for("update");
  if (!p) throw notFound();
  return p;
}

/** Closes a period: drafts dated in it must be posted or deleted first. */
export async function closePeriod(ctx: PosContext, id: string) {
  const { tx, tenant, user } = ctx;
  const p = await periodOf(tx, tenant.id, id);
  if (p.status === "closed") throw appError("BAD_REQUEST", "accounting:errors.periodAlreadyClosed");
  const [draft] = await tx
    .select({ number: journalEntries.number })
    .from(journalEntries)
    .where(and(eq(journalEntries.tenantId, tenant.id), eq(journalEntries.status, "draft"), sql`${journalEntries.date} BETWEEN ${p.startDate} AND ${p.endDate}`))
    .limit(1);
  if (draft) throw appError("BAD_REQUEST", "accounting:errors.periodHasDrafts", { number: draft.number });
  await tx.update(fiscalPeriods).set({ status: "closed", closedAt: new Date(), closedBy: user.id, updatedAt: new Date() }).where(and(eq(fiscalPeriods.tenantId, tenant.id), eq(fiscalPeriods.id, id)));
  return { ...p, status: "closed" };
}

/** Reopens a closed period: the owner only, with a reason kept on the period. */
export async function reopenPeriod(ctx: PosContext, input: { id: string; reason: string }) {
  const { tx, tenant, user } = ctx;
  if (!user.isOwner) throw appError("FORBIDDEN", "accounting:errors.ownerOnly");
  const p = await periodOf(tx, tenant.id, input.id);
  if (p.status !== "closed") throw appError("BAD_REQUEST", "accounting:errors.periodNotClosed");
  await tx
    .update(fiscalPeriods)
    .set({ status: "open", reopenReason: input.reason, reopenedAt: new Date(), reopenedBy: user.id, updatedAt: new Date() })
    .where(and(eq(fiscalPeriods.tenantId, tenant.id), eq(fiscalPeriods.id, input.id)));
  return { ...p, status: "open", reopenReason: input.reason };
}

async function assertOpenDate(tx: Tx, tenantId: string, date: string) {
  const [closed] = await tx
    .select({ id: fiscalPeriods.id })
    .from(fiscalPeriods)
    .where(and(eq(fiscalPeriods.tenantId, tenantId), eq(fiscalPeriods.status, "closed"), sql`${date}::date BETWEEN ${fiscalPeriods.startDate} AND ${fiscalPeriods.endDate}`));
  if (closed) throw periodClosed(date);
}

// ——— Taxes ———

export async function findTaxes(ctx: PosContext) {
  const { tx, tenant } = ctx;
  return tx.select().from(taxes).where(eq(taxes.tenantId, tenant.id)).orderBy(asc(taxes.kind), asc(taxes.code));
}

async function checkTaxAccount(tx: Tx, tenantId: string, accountId: string | null | undefined) {
  if (accountId) await accountOf(tx, tenantId, accountId);
}

export async function createTax(ctx: PosContext, input: z.output<typeof taxInput>) {
  const { tx, tenant } = ctx;
  await checkTaxAccount(tx, tenant.id, input.accountId);
  const id = newId();
  try {
    await tx.insert(taxes).values({ tenantId: tenant.id, id, ...input, amount: input.amount ?? null, accountId: input.accountId ?? null });
  } catch (e) {
    throw isUniqueViolation(e) ? appError("BAD_REQUEST", "accounting:errors.codeTaken", { code: input.code }) : e;
  }
  const [row] = await tx.select().from(taxes).where(and(eq(taxes.tenantId, tenant.id), eq(taxes.id, id)));
  return row!;
}

export async function updateTax(ctx: PosContext, input: z.output<typeof taxUpdateInput>) {
  const { tx, tenant } = ctx;
  const { id, ...changes } = input;
  const [current] = await tx.select({ id: taxes.id }).from(taxes).where(and(eq(taxes.tenantId, tenant.id), eq(taxes.id, id)));
  if (!current) throw notFound();
  await checkTaxAccount(tx, tenant.id, changes.accountId);
  try {
    await tx
      .update(taxes)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(taxes.tenantId, tenant.id), eq(taxes.id, id)));
  } catch (e) {
    throw isUniqueViolation(e) ? appError("BAD_REQUEST", "accounting:errors.codeTaken", { code: changes.code }) : e;
  }
  const [row] = await tx.select().from(taxes).where(and(eq(taxes.tenantId, tenant.id), eq(taxes.id, id)));
  return row!;
}

// ——— Journal entries ———

export async function findEntries(ctx: PosContext, input: z.output<typeof journalEntryListInput>) {
  const { tx, tenant } = ctx;
  const where: (SQL | undefined)[] = [eq(journalEntries.tenantId, tenant.id)];
  if (input.status) where.push(eq(journalEntries.status, input.status));
  if (input.sourceType) where.push(eq(journalEntries.sourceType, input.sourceType));
  if (input.dateFrom) where.push(sql`${journalEntries.date} >= ${input.dateFrom}`);
  if (input.dateTo) where.push(sql`${journalEntries.date} <= ${input.dateTo}`);
  if (input.search) {
    const q = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(journalEntries.number, q), ilike(journalEntries.description, q), ilike(journalEntries.reference, q)));
  }
  const [rows, [count]] = await Promise.all([
    tx
      .select({
        id: journalEntries.id,
        number: journalEntries.number,
        date: journalEntries.date,
        reference: journalEntries.reference,
        description: journalEntries.description,
        status: journalEntries.status,
        sourceType: journalEntries.sourceType,
        total: journalEntries.total,
        reversalOfId: journalEntries.reversalOfId,
        reversedById: journalEntries.reversedById,
      })
      .from(journalEntries)
      .where(and(...where))
      .orderBy(desc(journalEntries.date), desc(journalEntries.id))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    tx.select({ n: sql<number>`count(*)::int` }).from(journalEntries).where(and(...where)),
  ]);
  return pageOf(rows, count!.n, input.page, input.pageSize);
}

export async function getEntry(ctx: PosContext, id: string) {
  const { tx, tenant } = ctx;
  const [e] = await tx.select().from(journalEntries).where(and(eq(journalEntries.tenantId, tenant.id), eq(journalEntries.id, id)));
  if (!e) throw notFound();
  const [lines, period] = await Promise.all([
    tx
      .select({ id: journalLines.id, lineNo: journalLines.lineNo, accountId: journalLines.accountId, code: accounts.code, name: accounts.name, description: journalLines.description, debit: journalLines.debit, credit: journalLines.credit })
      .from(journalLines)
      .innerJoin(accounts, and(eq(accounts.tenantId, journalLines.tenantId), eq(accounts.id, journalLines.accountId)))
      .where(and(eq(journalLines.tenantId, tenant.id), eq(journalLines.entryId, id)))
      .orderBy(asc(journalLines.lineNo)),
    tx
      .select({ name: fiscalPeriods.name, status: fiscalPeriods.status })
      .from(fiscalPeriods)
      .where(and(eq(fiscalPeriods.tenantId, tenant.id), sql`${e.date}::date BETWEEN ${fiscalPeriods.startDate} AND ${fiscalPeriods.endDate}`)),
  ]);
  const totals = entryTotals(lines);
  return { ...e, lines, period: period[0] ?? null, totalDebit: totals.debit, totalCredit: totals.credit };
}

type EntryFields = z.output<typeof journalEntryCreateInput>;

/** The next number of the manual entries' series (AS-000001). */
export function manualNumber(tx: Tx, tenantId: string): Promise<string> {
  return nextDocumentNumber(tx, tenantId, MANUAL_SERIES.key, MANUAL_SERIES.prefix, MANUAL_SERIES.width);
}

/** The lines' accounts: of this tenant (else NOT_FOUND), active and not group accounts. */
async function checkLines(tx: Tx, tenantId: string, lines: EntryFields["lines"]): Promise<EntryLineDraft[]> {
  const ids = [...new Set(lines.map((l) => l.accountId))];
  const found = await tx.select({ id: accounts.id, isGroup: accounts.isGroup, isActive: accounts.isActive, code: accounts.code }).from(accounts).where(and(eq(accounts.tenantId, tenantId), inArray(accounts.id, ids)));
  if (found.length !== ids.length) throw notFound();
  const bad = found.find((a) => a.isGroup || !a.isActive);
  if (bad) throw appError("BAD_REQUEST", "accounting:errors.accountNotPostable", { code: bad.code });
  return lines.map((l) => ({ accountId: l.accountId, description: l.description ?? null, debit: l.debit, credit: l.credit }));
}

/** journalEntry.create: a manual entry, as a draft or posted at once. The same client_key answers the first entry. */
export async function createEntry(ctx: PosContext, input: EntryFields) {
  const { tx, tenant, user } = ctx;
  await assertInitialized(tx, tenant.id);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenant.id}:${input.client_key}`}, 0))`);
  const [done] = await tx.select({ id: journalEntries.id }).from(journalEntries).where(and(eq(journalEntries.tenantId, tenant.id), eq(journalEntries.clientKey, input.client_key)));
  if (done) return getEntry(ctx, done.id);
  const lines = await checkLines(tx, tenant.id, input.lines);
  if (input.post) await assertOpenDate(tx, tenant.id, input.date);
  const number = await manualNumber(tx, tenant.id);
  const id = await writeEntry(
    tx,
    { sourceType: "manual", sourceId: null as unknown as string, number, date: input.date, description: input.description, reference: input.reference ?? null, lines },
    { tenantId: tenant.id, userId: user.id, status: input.post ? "posted" : "draft" },
  );
  await tx.update(journalEntries).set({ clientKey: input.client_key }).where(and(eq(journalEntries.tenantId, tenant.id), eq(journalEntries.id, id!)));
  return getEntry(ctx, id!);
}

async function lockEntry(tx: Tx, tenantId: string, id: string) {
  const [e] = await tx.select().from(journalEntries).where(and(eq(journalEntries.tenantId, tenantId), eq(journalEntries.id, id))).for("update");
  if (!e) throw notFound();
  return e;
}

/** journalEntry.update: a draft only (a posted entry is never edited, only reversed). */
export async function updateEntry(ctx: PosContext, input: z.output<typeof journalEntryUpdateInput>) {
  const { tx, tenant, user } = ctx;
  const e = await lockEntry(tx, tenant.id, input.id);
  if (e.status !== "draft") throw appError("BAD_REQUEST", "accounting:errors.onlyDraftEditable");
  const lines = await checkLines(tx, tenant.id, input.lines);
  if (input.post) await assertOpenDate(tx, tenant.id, input.date);
  const posted = input.post;
  await tx.delete(journalLines).where(and(eq(journalLines.tenantId, tenant.id), eq(journalLines.entryId, e.id)));
  await tx.insert(journalLines).values(lines.map((l, i) => ({ tenantId: tenant.id, id: newId(), entryId: e.id, lineNo: i + 1, ...l, date: input.date, posted })));
  await tx
    .update(journalEntries)
    .set({
      date: input.date,
      reference: input.reference ?? null,
      description: input.description,
      total: entryTotals(lines).debit,
      status: posted ? "posted" : "draft",
      postedAt: posted ? new Date() : null,
      postedBy: posted ? user.id : null,
      updatedAt: new Date(),
    })
    .where(and(eq(journalEntries.tenantId, tenant.id), eq(journalEntries.id, e.id)));
  return getEntry(ctx, e.id);
}

/** journalEntry.post: a draft into the books, unless its period is closed. */
export async function postEntry(ctx: PosContext, id: string) {
  const { tx, tenant, user } = ctx;
  const e = await lockEntry(tx, tenant.id, id);
  if (e.status !== "draft") throw appError("BAD_REQUEST", "accounting:errors.onlyDraftPostable");
  await assertOpenDate(tx, tenant.id, e.date);
  const lines = await tx.select({ debit: journalLines.debit, credit: journalLines.credit }).from(journalLines).where(and(eq(journalLines.tenantId, tenant.id), eq(journalLines.entryId, id)));
  if (!entryTotals(lines).balanced) throw appError("BAD_REQUEST", "accounting:errors.unbalanced");
  await tx.update(journalLines).set({ posted: true }).where(and(eq(journalLines.tenantId, tenant.id), eq(journalLines.entryId, id)));
  await tx.update(journalEntries).set({ status: "posted", postedAt: new Date(), postedBy: user.id, updatedAt: new Date() }).where(and(eq(journalEntries.tenantId, tenant.id), eq(journalEntries.id, id)));
  return getEntry(ctx, id);
}

/** journalEntry.delete: a draft only; it never counted. Posted entries are cancelled (reversed). */
export async function deleteEntry(ctx: PosContext, id: string) {
  const { tx, tenant } = ctx;
  const e = await lockEntry(tx, tenant.id, id);
  if (e.status !== "draft") throw appError("BAD_REQUEST", "accounting:errors.onlyDraftDeletable");
  await tx.delete(journalLines).where(and(eq(journalLines.tenantId, tenant.id), eq(journalLines.entryId, id)));
  await tx.delete(journalEntries).where(and(eq(journalEntries.tenantId, tenant.id), eq(journalEntries.id, id)));
  return { success: true as const };
}

/**
 * Reverses a posted entry on `date` (its reversal posted, the entry marked cancelled): the books
 * keep both. The reversal's date must be in an open period. Used by journalEntry.cancel and by
 * documents that are cancelled.
 */
export async function reverseEntry(tx: Tx, tenantId: string, userId: string, id: string, date: string, reason?: string | null) {
  const e = await lockEntry(tx, tenantId, id);
  if (e.status !== "posted" || e.reversedById) return null;
  await assertOpenDate(tx, tenantId, date);
  const lines = await tx
    .select({ accountId: journalLines.accountId, description: journalLines.description, debit: journalLines.debit, credit: journalLines.credit })
    .from(journalLines)
    .where(and(eq(journalLines.tenantId, tenantId), eq(journalLines.entryId, id)))
    .orderBy(asc(journalLines.lineNo));
  const draft = reversalOf({ id: e.id, number: e.number, description: reason ? `${e.description} — ${reason}` : e.description, lines }, date);
  const reversalId = await writeEntry(tx, draft, { tenantId, userId, reversalOfId: e.id });
  await tx
    .update(journalEntries)
    .set({ status: "cancelled", reversedById: reversalId, cancelledAt: new Date(), cancelledBy: userId, updatedAt: new Date() })
    .where(and(eq(journalEntries.tenantId, tenantId), eq(journalEntries.id, id)));
  return reversalId;
}

/** journalEntry.cancel: a draft is cancelled; a posted entry is reversed. */
export async function cancelEntry(ctx: PosContext, input: z.output<typeof cancelEntryInput>) {
  const { tx, tenant, user } = ctx;
  const e = await lockEntry(tx, tenant.id, input.id);
  if (e.status === "cancelled") throw appError("BAD_REQUEST", "accounting:errors.alreadyCancelled");
  if (e.sourceType === "reversal") throw appError("BAD_REQUEST", "accounting:errors.reversalNotCancellable");
  if (e.status === "draft") {
    await tx.update(journalEntries).set({ status: "cancelled", cancelledAt: new Date(), cancelledBy: user.id, updatedAt: new Date() }).where(and(eq(journalEntries.tenantId, tenant.id), eq(journalEntries.id, e.id)));
    return getEntry(ctx, e.id);
  }
  if (e.sourceType !== "manual") throw appError("BAD_REQUEST", "accounting:errors.automaticEntry");
  await reverseEntry(tx, tenant.id, user.id, e.id, input.date ?? today(ctx), input.reason);
  return getEntry(ctx, e.id);
}

/** Reverses every posted, not yet reversed entry of the documents (a cancelled invoice and its payments). */
export async function reverseSources(tx: Tx, tenantId: string, userId: string, sources: { type: string; ids: string[] }[], date: string) {
  for (const s of sources) {
    if (s.ids.length === 0) continue;
    const rows = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.tenantId, tenantId), eq(journalEntries.sourceType, s.type), inArray(journalEntries.sourceId, s.ids), eq(journalEntries.status, "posted")));
    for (const r of rows) await reverseEntry(tx, tenantId, userId, r.id, date);
  }
}
