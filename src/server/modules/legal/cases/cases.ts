import { and, asc, desc, eq, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { billingOf } from "../../../../shared/legal/billing";
import { type CaseCreateValues, type CaseUpdateValues, type caseListInput, caseNumberOf, type legalClientsInput } from "../../../../shared/legal/case";
import { CASE_TYPES, type CaseType, URGENT_PRIORITIES } from "../../../../shared/legal/constants";
import { businessDate } from "../../../../shared/platform/dates";
import { likePattern, offsetOf, pageOf, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, searchKey } from "../../../../shared/platform/pagination";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import type { SessionUser } from "../../auth/service";
import { users } from "../../auth/tables";
import { customers, legalClients } from "../../customer/tables";
import { loadCase } from "../access";
import { legalCases, legalTimeEntries } from "../tables";

export interface LegalCtx {
  tx: Tx;
  tenant: { id: string; timezone: string };
  user: SessionUser;
}

/** Today in the firm's time zone (America/Santo_Domingo by default). */
export const todayOf = (ctx: { tenant: { timezone: string } }) => businessDate(new Date(), ctx.tenant.timezone || "America/Santo_Domingo");

export const iso = (d: Date | string | null | undefined) => (d ? (d instanceof Date ? d.toISOString() : new Date(d).toISOString()) : null);
export const hhmm = (t: string | null | undefined) => (t ? t.slice(0, 5) : null);

const caseColumns = {
  row: legalCases,
  clientName: customers.name,
  clientTaxId: customers.taxId,
  attorneyName: users.name,
};

type CaseJoined = { row: typeof legalCases.$inferSelect; clientName: string | null; clientTaxId: string | null; attorneyName: string | null };

export function toCase(r: CaseJoined) {
  const c = r.row;
  return {
    id: c.id,
    caseNumber: c.caseNumber,
    title: c.title,
    description: c.description,
    caseType: c.caseType as CaseType,
    caseSubtype: c.caseSubtype,
    status: c.status,
    priority: c.priority,
    dateOpened: c.dateOpened,
    dateClosed: c.dateClosed,
    limitationDate: c.limitationDate,
    primaryClientId: c.primaryClientId,
    primaryClientName: r.clientName ?? "",
    primaryClientTaxId: r.clientTaxId ?? null,
    leadAttorneyId: c.leadAttorneyId,
    leadAttorneyName: r.attorneyName ?? null,
    supervisingPartner: c.supervisingPartner,
    courtName: c.courtName,
    courtJurisdiction: c.courtJurisdiction,
    judgeName: c.judgeName,
    billingType: c.billingType,
    estimatedValue: c.estimatedValue,
    retainerAmount: c.retainerAmount,
    totalBilled: c.totalBilled,
    totalPaid: c.totalPaid,
    tags: (c.tags as string[] | null) ?? [],
    riskLevel: c.riskLevel,
    conflictCheckCompleted: c.conflictCheckCompleted,
    conflictCheckDate: c.conflictCheckDate,
    createdAt: iso(c.createdAt) as string,
    updatedAt: iso(c.updatedAt) as string,
  };
}
export type LegalCase = ReturnType<typeof toCase>;

function caseQuery(tx: Tx) {
  return tx
    .select(caseColumns)
    .from(legalCases)
    .leftJoin(customers, and(eq(customers.tenantId, legalCases.tenantId), eq(customers.id, legalCases.primaryClientId)))
    .leftJoin(users, and(eq(users.tenantId, legalCases.tenantId), eq(users.id, legalCases.leadAttorneyId)));
}

export async function getCaseRow(tx: Tx, tenantId: string, id: string): Promise<LegalCase> {
  const [r] = await caseQuery(tx).where(and(eq(legalCases.tenantId, tenantId), eq(legalCases.id, id)));
  if (!r) throw appError("NOT_FOUND", "legal:errors.caseNotFound");
  return toCase(r);
}

const fold = (column: SQL | typeof legalCases.title) => sql`translate(lower(${column}), ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO})`;

export async function getCases(ctx: LegalCtx, input: z.output<typeof caseListInput>) {
  const { tx, tenant } = ctx;
  const where: (SQL | undefined)[] = [eq(legalCases.tenantId, tenant.id)];
  if (input.status) where.push(eq(legalCases.status, input.status));
  if (input.priority) where.push(eq(legalCases.priority, input.priority));
  if (input.caseType) where.push(eq(legalCases.caseType, input.caseType));
  if (input.urgent) where.push(inArray(legalCases.priority, [...URGENT_PRIORITIES]), notInArray(legalCases.status, ["closed", "archived"]));
  if (input.clientId) where.push(eq(legalCases.primaryClientId, input.clientId));
  if (input.search) {
    const pattern = likePattern(searchKey(input.search));
    where.push(or(sql`${fold(legalCases.title)} like ${pattern}`, sql`lower(${legalCases.caseNumber}) like ${pattern}`, sql`${fold(sql`${customers.name}`)} like ${pattern}`));
  }
  const condition = and(...where);
  const rows = await caseQuery(tx)
    .where(condition)
    .orderBy(desc(legalCases.dateOpened), desc(legalCases.caseNumber))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(legalCases)
    .leftJoin(customers, and(eq(customers.tenantId, legalCases.tenantId), eq(customers.id, legalCases.primaryClientId)))
    .where(condition);
  return pageOf(rows.map(toCase), Number(count?.n ?? 0), input.page, input.pageSize);
}

export async function getCaseStats(ctx: LegalCtx) {
  const rows = await ctx.tx
    .select({ status: legalCases.status, priority: legalCases.priority, caseType: legalCases.caseType, n: sql<number>`count(*)::int` })
    .from(legalCases)
    .where(eq(legalCases.tenantId, ctx.tenant.id))
    .groupBy(legalCases.status, legalCases.priority, legalCases.caseType);
  const byType = Object.fromEntries(CASE_TYPES.map((t) => [t, 0])) as Record<CaseType, number>;
  const stats = { total: 0, active: 0, onHold: 0, closed: 0, archived: 0, urgent: 0, byType };
  for (const r of rows) {
    const n = Number(r.n);
    stats.total += n;
    if (r.status === "active") stats.active += n;
    else if (r.status === "on_hold") stats.onHold += n;
    else if (r.status === "closed") stats.closed += n;
    else if (r.status === "archived") stats.archived += n;
    if ((URGENT_PRIORITIES as readonly string[]).includes(r.priority) && r.status !== "closed" && r.status !== "archived") stats.urgent += n;
    if (r.caseType in byType) byType[r.caseType as CaseType] += n;
  }
  return stats;
}

/** Billing of a case from its time entries. */
export async function caseBilling(tx: Tx, tenantId: string, caseId: string) {
  const entries = await tx
    .select({ durationHours: legalTimeEntries.durationHours, hourlyRate: legalTimeEntries.hourlyRate, isBillable: legalTimeEntries.isBillable, billingStatus: legalTimeEntries.billingStatus, totalAmount: legalTimeEntries.totalAmount })
    .from(legalTimeEntries)
    .where(and(eq(legalTimeEntries.tenantId, tenantId), eq(legalTimeEntries.caseId, caseId)));
  return billingOf(entries);
}

export async function getCase(ctx: LegalCtx, id: string) {
  const c = await getCaseRow(ctx.tx, ctx.tenant.id, id);
  return { ...c, billing: await caseBilling(ctx.tx, ctx.tenant.id, id) };
}

/** NOT_FOUND 'legal:errors.clientNotFound' unless the customer is this tenant's, not deleted, with legal data. */
async function assertLegalClient(tx: Tx, tenantId: string, customerId: string) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .innerJoin(legalClients, and(eq(legalClients.tenantId, customers.tenantId), eq(legalClients.id, customers.id)))
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId), isNull(customers.deletedAt)));
  if (!row) throw appError("NOT_FOUND", "legal:errors.clientNotFound");
}

/** NOT_FOUND 'legal:errors.userNotFound' unless the user is an active user of the tenant. */
export async function assertUser(tx: Tx, tenantId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), eq(users.isActive, true)));
  if (!row) throw appError("NOT_FOUND", "legal:errors.userNotFound");
}

/** The next running number of the year for the tenant (one writer at a time). */
export async function nextCaseNumber(tx: Tx, tenantId: string, year: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal-case-number:${tenantId}`}))`);
  const prefix = `EXP-${year}-`;
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(substring(${legalCases.caseNumber} from ${prefix.length + 1}::int)::int), 0)::int` })
    .from(legalCases)
    .where(and(eq(legalCases.tenantId, tenantId), sql`${legalCases.caseNumber} ~ ${`^EXP-${year}-[0-9]{1,9}$`}`));
  return caseNumberOf(year, Number(row?.n ?? 0) + 1);
}

/** The fields given (an update leaves absent fields as they are). */
export function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function assertCaseDates(v: { dateOpened?: string | null; limitationDate?: string | null }) {
  if (v.dateOpened && v.limitationDate && v.limitationDate < v.dateOpened) throw appError("BAD_REQUEST", "legal:errors.limitationBeforeOpened");
}

export async function createCase(ctx: LegalCtx, input: CaseCreateValues) {
  const { tx, tenant, user } = ctx;
  await assertLegalClient(tx, tenant.id, input.primaryClientId);
  if (input.leadAttorneyId) await assertUser(tx, tenant.id, input.leadAttorneyId);
  const dateOpened = input.dateOpened ?? todayOf(ctx);
  assertCaseDates({ dateOpened, limitationDate: input.limitationDate });
  const status = input.status ?? "active";
  const id = newId();
  const caseNumber = await nextCaseNumber(tx, tenant.id, dateOpened.slice(0, 4));
  await tx.insert(legalCases).values({
    ...definedOnly({ ...input, status: undefined, dateOpened: undefined }),
    tenantId: tenant.id,
    id,
    caseNumber,
    status,
    dateOpened,
    dateClosed: status === "closed" || status === "archived" ? todayOf(ctx) : null,
    createdBy: user.id,
  } as typeof legalCases.$inferInsert);
  return getCaseRow(tx, tenant.id, id);
}

export async function updateCase(ctx: LegalCtx, input: CaseUpdateValues) {
  const { tx, tenant } = ctx;
  const current = await loadCase(tx, tenant.id, input.id);
  if (input.primaryClientId && input.primaryClientId !== current.primaryClientId) await assertLegalClient(tx, tenant.id, input.primaryClientId);
  if (input.leadAttorneyId && input.leadAttorneyId !== current.leadAttorneyId) await assertUser(tx, tenant.id, input.leadAttorneyId);
  assertCaseDates({ dateOpened: input.dateOpened ?? current.dateOpened, limitationDate: input.limitationDate === undefined ? current.limitationDate : input.limitationDate });
  const { id, status, ...rest } = input;
  const values: Record<string, unknown> = definedOnly(rest);
  if (status !== undefined && status !== current.status) Object.assign(values, statusChange(ctx, current, status));
  if (Object.keys(values).length > 0) {
    await tx
      .update(legalCases)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(legalCases.tenantId, tenant.id), eq(legalCases.id, id)));
  }
  return getCaseRow(tx, tenant.id, id);
}

/** Closing (or archiving) sets the closing date today when empty; reopening (active, on hold) clears it. */
function statusChange(ctx: LegalCtx, current: { dateClosed: string | null }, status: string) {
  if (status === "closed" || status === "archived") return { status, dateClosed: current.dateClosed ?? todayOf(ctx) };
  return { status, dateClosed: null };
}

export async function setCaseStatus(ctx: LegalCtx, input: { id: string; status: string }) {
  const { tx, tenant } = ctx;
  const current = await loadCase(tx, tenant.id, input.id);
  await tx
    .update(legalCases)
    .set({ ...statusChange(ctx, current, input.status), updatedAt: new Date() })
    .where(and(eq(legalCases.tenantId, tenant.id), eq(legalCases.id, input.id)));
  return getCaseRow(tx, tenant.id, input.id);
}

export async function getAttorneys(ctx: LegalCtx) {
  return ctx.tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenant.id), eq(users.isActive, true)))
    .orderBy(asc(users.name));
}

export async function getLegalClients(ctx: LegalCtx, input: z.output<typeof legalClientsInput>) {
  const where: (SQL | undefined)[] = [eq(customers.tenantId, ctx.tenant.id), isNull(customers.deletedAt)];
  if (input.search) where.push(sql`${customers.searchText} like ${likePattern(searchKey(input.search))}`);
  return ctx.tx
    .select({ id: customers.id, name: customers.name, taxId: customers.taxId })
    .from(customers)
    .innerJoin(legalClients, and(eq(legalClients.tenantId, customers.tenantId), eq(legalClients.id, customers.id)))
    .where(and(...where))
    .orderBy(asc(customers.name))
    .limit(50);
}
