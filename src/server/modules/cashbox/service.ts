import { TRPCError } from "@trpc/server";
import { and, asc, count, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CASH_METHOD_CODE, type CashboxCreateInput, type CashboxUpdateInput, type CloseCashboxInput, type OpenCashboxInput } from "../../../shared/cashbox/cashbox";
import { Big } from "../../../shared/catalog/decimal";
import { offsetOf, pageOf } from "../../../shared/platform/pagination";
import { rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound, Translatable } from "../../trpc/errors";
import { postDocument } from "../accounting/documents";
import { users } from "../auth/tables";
import { paymentMethods } from "../payment-method/tables";
import { cashboxes, cashboxSessions, orderPayments, orders } from "../pos/tables";
import { tenantConfigs } from "../tenant/tables";
import { warehouses } from "../warehouse/tables";

/** CONFLICT 'Ya existe una caja con el nombre …'. */
function nameTaken(name: string): TRPCError {
  const key = "cashbox:errors.nameTaken";
  return new TRPCError({ code: "CONFLICT", message: key, cause: new Translatable(key, { name }) });
}

/** CONFLICT 'Ya existe una caja con el código …'. */
function codeTaken(code: string): TRPCError {
  const key = "cashbox:errors.codeTaken";
  return new TRPCError({ code: "CONFLICT", message: key, cause: new Translatable(key, { code }) });
}

const openedBy = alias(users, "opened_by_user");
const closedBy = alias(users, "closed_by_user");

// ---------------------------------------------------------------------------------------------
// Cash boxes (settings)

/** The tenant's cash boxes by name, each with its warehouse and its open session (if any). */
export function findCashboxes(tx: Tx, tenantId: string, input: { includeInactive: boolean }) {
  return cashboxRows(tx, tenantId, input.includeInactive ? undefined : eq(cashboxes.isActive, true));
}

async function cashboxRows(tx: Tx, tenantId: string, where: SQL | undefined) {
  const rows = await tx
    .select({
      id: cashboxes.id,
      name: cashboxes.name,
      warehouseId: cashboxes.warehouseId,
      warehouseName: warehouses.name,
      code: cashboxes.code,
      printServer: cashboxes.printServer,
      willOpenDrawer: cashboxes.willOpenDrawer,
      template: cashboxes.template,
      showNotifications: cashboxes.showNotifications,
      waitForPrint: cashboxes.waitForPrint,
      openDrawerOnPrint: cashboxes.openDrawerOnPrint,
      drawerServiceUrl: cashboxes.drawerServiceUrl,
      isActive: cashboxes.isActive,
      createdAt: cashboxes.createdAt,
      updatedAt: cashboxes.updatedAt,
      sessionId: cashboxSessions.id,
      sessionOpenedAt: cashboxSessions.openedAt,
      sessionOpenedBy: cashboxSessions.openedBy,
      sessionOpenedByName: openedBy.name,
    })
    .from(cashboxes)
    .leftJoin(warehouses, and(eq(warehouses.tenantId, cashboxes.tenantId), eq(warehouses.id, cashboxes.warehouseId)))
    .leftJoin(cashboxSessions, and(eq(cashboxSessions.tenantId, cashboxes.tenantId), eq(cashboxSessions.cashboxId, cashboxes.id), eq(cashboxSessions.status, "open")))
    .leftJoin(openedBy, and(eq(openedBy.tenantId, cashboxSessions.tenantId), eq(openedBy.id, cashboxSessions.openedBy)))
    .where(and(eq(cashboxes.tenantId, tenantId), where))
    .orderBy(asc(sql`lower(${cashboxes.name})`));
  return rows.map(({ sessionId, sessionOpenedAt, sessionOpenedBy, sessionOpenedByName, ...box }) => ({
    ...box,
    openSession: sessionId ? { id: sessionId, openedAt: sessionOpenedAt!, openedBy: sessionOpenedBy!, openedByName: sessionOpenedByName ?? "" } : null,
  }));
}

async function getCashbox(tx: Tx, tenantId: string, id: string) {
  const [row] = await cashboxRows(tx, tenantId, eq(cashboxes.id, id));
  if (!row) throw notFound();
  return row;
}

async function assertWarehouse(tx: Tx, tenantId: string, warehouseId: string | null) {
  if (!warehouseId) return;
  const [row] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, warehouseId)))
    .limit(1);
  if (!row) throw appError("NOT_FOUND", "cashbox:errors.warehouseNotFound");
}

async function assertNameFree(tx: Tx, tenantId: string, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: cashboxes.id })
    .from(cashboxes)
    .where(and(eq(cashboxes.tenantId, tenantId), sql`lower(${cashboxes.name}) = lower(${name})`, exceptId ? ne(cashboxes.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw nameTaken(name);
}

/** Codes are unique per tenant, compared without regard to case. */
async function assertCodeFree(tx: Tx, tenantId: string, code: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: cashboxes.id })
    .from(cashboxes)
    .where(and(eq(cashboxes.tenantId, tenantId), sql`upper(${cashboxes.code}) = upper(${code})`, exceptId ? ne(cashboxes.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw codeTaken(code);
}

/** The first free CAJA{n} code (n from the number of cash boxes + 1). */
async function nextCode(tx: Tx, tenantId: string): Promise<string> {
  const [row] = await tx.select({ n: count() }).from(cashboxes).where(eq(cashboxes.tenantId, tenantId));
  const taken = new Set((await tx.select({ code: cashboxes.code }).from(cashboxes).where(eq(cashboxes.tenantId, tenantId))).map((r) => r.code?.toUpperCase()));
  let n = Number(row?.n ?? 0) + 1;
  while (taken.has(`CAJA${n}`)) n++;
  return `CAJA${n}`;
}

/** Leaves out the fields not sent, so they keep their stored value (or the column's default). */
function sentOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function createCashbox(tx: Tx, tenantId: string, input: CashboxCreateInput) {
  await assertWarehouse(tx, tenantId, input.warehouseId);
  await assertNameFree(tx, tenantId, input.name);
  if (input.code) await assertCodeFree(tx, tenantId, input.code);
  const code = input.code ?? (await nextCode(tx, tenantId));
  const id = newId();
  try {
    await tx.insert(cashboxes).values({ tenantId, id, ...sentOnly(input), name: input.name, code });
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(input.name);
    throw e;
  }
  return getCashbox(tx, tenantId, id);
}

export async function updateCashbox(tx: Tx, tenantId: string, input: CashboxUpdateInput) {
  const current = await getCashbox(tx, tenantId, input.id);
  await assertWarehouse(tx, tenantId, input.warehouseId);
  await assertNameFree(tx, tenantId, input.name, input.id);
  if (input.code !== undefined) await assertCodeFree(tx, tenantId, input.code, input.id);
  if (!input.isActive && current.openSession) throw appError("BAD_REQUEST", "cashbox:errors.openCannotDeactivate");
  const { id, ...values } = input;
  try {
    await tx
      .update(cashboxes)
      .set({ ...sentOnly(values), warehouseId: values.warehouseId, printServer: values.printServer, updatedAt: new Date() })
      .where(and(eq(cashboxes.tenantId, tenantId), eq(cashboxes.id, id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(input.name);
    throw e;
  }
  return getCashbox(tx, tenantId, id);
}

// ---------------------------------------------------------------------------------------------
// Sessions: open, active

/**
 * What the POS needs of the open session: ids, name, drawer and print server (spec §7 cashbox.getActive),
 * and the cash box's code, receipt template, print flags and drawer service, named as cashbox.getAll names them.
 */
const activeColumns = {
  sessionId: cashboxSessions.id,
  cashboxId: cashboxes.id,
  cashboxName: cashboxes.name,
  will_open_drawer: cashboxes.willOpenDrawer,
  print_server: cashboxes.printServer,
  code: cashboxes.code,
  template: cashboxes.template,
  showNotifications: cashboxes.showNotifications,
  waitForPrint: cashboxes.waitForPrint,
  openDrawerOnPrint: cashboxes.openDrawerOnPrint,
  drawerServiceUrl: cashboxes.drawerServiceUrl,
  warehouseId: cashboxes.warehouseId,
  openingAmount: cashboxSessions.openingAmount,
  openedAt: cashboxSessions.openedAt,
  openedBy: cashboxSessions.openedBy,
  openedByName: openedBy.name,
  status: cashboxSessions.status,
};

function sessionQuery(tx: Tx, tenantId: string, where: SQL | undefined) {
  return tx
    .select(activeColumns)
    .from(cashboxSessions)
    .innerJoin(cashboxes, and(eq(cashboxes.tenantId, cashboxSessions.tenantId), eq(cashboxes.id, cashboxSessions.cashboxId)))
    .innerJoin(openedBy, and(eq(openedBy.tenantId, cashboxSessions.tenantId), eq(openedBy.id, cashboxSessions.openedBy)))
    .where(and(eq(cashboxSessions.tenantId, tenantId), where))
    .orderBy(desc(cashboxSessions.openedAt))
    .limit(1);
}

/** The open session of the cash box given, else the one the user opened; null when there is none. */
export async function getActiveSession(tx: Tx, tenantId: string, userId: string, cashboxId?: string) {
  const [row] = await sessionQuery(tx, tenantId, and(eq(cashboxSessions.status, "open"), cashboxId ? eq(cashboxSessions.cashboxId, cashboxId) : eq(cashboxSessions.openedBy, userId)));
  if (!row) return null;
  const { status: _status, ...active } = row;
  return active;
}

async function sessionById(tx: Tx, tenantId: string, sessionId: string) {
  const [row] = await sessionQuery(tx, tenantId, eq(cashboxSessions.id, sessionId));
  return row ?? null;
}

/**
 * Opens a cash box with its float. One open session per cash box and per user. The client's
 * request id becomes the session's id, so a retried call returns the session it opened.
 */
export async function openCashbox(tx: Tx, tenantId: string, userId: string, input: OpenCashboxInput) {
  const repeat = await sessionById(tx, tenantId, input.clientRequestId);
  if (repeat) {
    if (repeat.cashboxId !== input.cashboxId || repeat.openedBy !== userId) throw appError("CONFLICT", "cashbox:errors.requestIdTaken");
    const { status: _status, ...active } = repeat;
    return active;
  }
  const box = await getCashbox(tx, tenantId, input.cashboxId);
  if (!box.isActive) throw appError("BAD_REQUEST", "cashbox:errors.inactive", { name: box.name });
  if (box.openSession) throw appError("CONFLICT", "cashbox:errors.alreadyOpen", { name: box.name, user: box.openSession.openedByName });
  const mine = await getActiveSession(tx, tenantId, userId);
  if (mine) throw appError("CONFLICT", "cashbox:errors.userHasOpen", { name: mine.cashboxName });

  // A concurrent open of the same box (or the same request) meets the unique indexes: nothing is inserted.
  const inserted = await tx
    .insert(cashboxSessions)
    .values({ tenantId, id: input.clientRequestId, cashboxId: input.cashboxId, openingAmount: input.openingAmount, openedBy: userId })
    .onConflictDoNothing()
    .returning({ id: cashboxSessions.id });
  if (inserted.length === 0) {
    const raced = await sessionById(tx, tenantId, input.clientRequestId);
    if (raced?.cashboxId === input.cashboxId && raced.openedBy === userId) {
      const { status: _status, ...active } = raced;
      return active;
    }
    throw appError("CONFLICT", "cashbox:errors.alreadyOpen", { name: box.name, user: "" });
  }
  return (await getActiveSession(tx, tenantId, userId, input.cashboxId))!;
}

// ---------------------------------------------------------------------------------------------
// Close

export interface CloseLine {
  paymentMethodId: string;
  code: string;
  name: string;
  isCash: boolean;
  /** completed payments of the session's completed orders, in the tenant's currency */
  payments: string;
  paymentCount: number;
  /** cash: opening float + cash payments − change given − cash refunds of credit notes; other methods: their payments − what credit notes returned to the card through them */
  expected: string;
  counted?: string;
  difference?: string;
}

interface AggregateRow {
  id: string;
  code: string;
  name: string;
  payments: string;
  payment_count: number | string;
  order_count: number | string;
  change_total: string;
  /** cash that left the drawer: credit notes refunded in cash and supplier bills paid in cash */
  refunded: string;
  /** credit notes refunded to a card through this method in the session */
  card_refunded: string;
}

/**
 * One aggregate query: per payment method, the completed payments (base_amount) the session took
 * (its sales, and payments of earlier invoices recorded at it) on orders still completed, with the
 * number of its orders, the change given, the cash refunded by credit notes or paid to suppliers and, per card method,
 * what credit notes returned to the card on its terminal. Methods listed:
 * the active ones, cash, and any that took a payment in the session.
 */
async function aggregate(tx: Tx, tenantId: string, sessionId: string) {
  const result = await tx.execute(sql`
    with paid as (
      select p.payment_method_id, sum(p.base_amount) as total, count(*) as n
      from order_payments p
      join orders o on o.tenant_id = p.tenant_id and o.id = p.order_id and o.status = 'completed'
      where p.tenant_id = ${tenantId} and p.cashbox_session_id = ${sessionId} and p.status = 'completed'
      group by p.payment_method_id
    ),
    totals as (
      select count(*) as order_count, coalesce(sum(change_amount), 0) as change_total
      from orders o where o.tenant_id = ${tenantId} and o.cashbox_session_id = ${sessionId} and o.status = 'completed'
    ),
    refunds as (
      select coalesce(sum(n.refund_amount), 0) as refunded
      from credit_notes n where n.tenant_id = ${tenantId} and n.cashbox_session_id = ${sessionId} and n.refund_method = 'cash'
    ),
    supplier_paid as (
      -- supplier bills paid in cash from this drawer (issue 13 §3)
      select coalesce(sum(sp.amount), 0) as paid
      from supplier_bill_payments sp where sp.tenant_id = ${tenantId} and sp.cashbox_session_id = ${sessionId} and sp.status = 'completed'
    ),
    card_refunds as (
      select n.refund_payment_method_id as payment_method_id, sum(n.refund_amount) as refunded
      from credit_notes n
      where n.tenant_id = ${tenantId} and n.cashbox_session_id = ${sessionId} and n.refund_method = 'card' and n.status = 'used'
      group by n.refund_payment_method_id
    )
    select pm.id, pm.code, pm.name,
      coalesce(paid.total, 0)::text as payments,
      coalesce(paid.n, 0) as payment_count,
      totals.order_count, totals.change_total::text as change_total, (refunds.refunded + supplier_paid.paid)::text as refunded,
      coalesce(card_refunds.refunded, 0)::text as card_refunded
    from payment_methods pm
    left join paid on paid.payment_method_id = pm.id
    left join card_refunds on card_refunds.payment_method_id = pm.id
    cross join totals
    cross join refunds
    cross join supplier_paid
    where pm.tenant_id = ${tenantId} and (pm.is_active or paid.total is not null or card_refunds.refunded is not null or upper(pm.code) = ${CASH_METHOD_CODE})
    order by pm."order", pm.name
  `);
  return rowsOf<AggregateRow>(result);
}

function summaryLines(rows: AggregateRow[], openingAmount: string): CloseLine[] {
  const change = new Big(rows[0]?.change_total ?? "0");
  const refunded = new Big(rows[0]?.refunded ?? "0");
  return rows.map((r) => {
    const isCash = r.code.toUpperCase() === CASH_METHOD_CODE;
    const payments = new Big(r.payments);
    const expected = isCash ? new Big(openingAmount).plus(payments).minus(change).minus(refunded) : payments.minus(r.card_refunded ?? "0");
    return { paymentMethodId: r.id, code: r.code, name: r.name, isCash, payments: payments.toFixed(2), paymentCount: Number(r.payment_count), expected: expected.toFixed(2) };
  });
}

function sum(values: string[]): string {
  return values.reduce((acc, v) => acc.plus(v), new Big(0)).toFixed(2);
}

/** The session's stored closing, or null while it is open. */
async function storedClosing(tx: Tx, tenantId: string, sessionId: string) {
  const [row] = await tx
    .select({
      closing: cashboxSessions.closing,
      closedAt: cashboxSessions.closedAt,
      closedBy: cashboxSessions.closedBy,
      closedByName: closedBy.name,
      totalExpected: cashboxSessions.totalExpected,
      totalCounted: cashboxSessions.totalCounted,
      totalDifference: cashboxSessions.totalDifference,
      comments: cashboxSessions.comments,
    })
    .from(cashboxSessions)
    .leftJoin(closedBy, and(eq(closedBy.tenantId, cashboxSessions.tenantId), eq(closedBy.id, cashboxSessions.closedBy)))
    .where(and(eq(cashboxSessions.tenantId, tenantId), eq(cashboxSessions.id, sessionId)))
    .limit(1);
  return row;
}

/**
 * cashbox.getCloseSummary: what the drawer should hold per payment method. For a closed session,
 * the closing as it was stored (expected, counted and difference per method).
 */
export async function getCloseSummary(tx: Tx, tenantId: string, sessionId: string) {
  const session = await sessionById(tx, tenantId, sessionId);
  if (!session) throw notFound();
  const rows = await aggregate(tx, tenantId, sessionId);
  const live = summaryLines(rows, session.openingAmount);
  const closed = session.status === "closed" ? await storedClosing(tx, tenantId, sessionId) : null;
  const lines = closed ? (closed.closing as CloseLine[]) : live;
  return {
    sessionId: session.sessionId,
    cashboxId: session.cashboxId,
    cashboxName: session.cashboxName,
    status: session.status as "open" | "closed",
    openingAmount: session.openingAmount,
    openedAt: session.openedAt,
    openedBy: session.openedBy,
    openedByName: session.openedByName,
    orderCount: Number(rows[0]?.order_count ?? 0),
    changeTotal: new Big(rows[0]?.change_total ?? "0").toFixed(2),
    lines,
    totalExpected: closed?.totalExpected ?? sum(live.map((l) => l.expected)),
    totalCounted: closed?.totalCounted ?? null,
    totalDifference: closed?.totalDifference ?? null,
    comments: closed?.comments ?? null,
    closedAt: closed?.closedAt ?? null,
    closedBy: closed?.closedBy ?? null,
    closedByName: closed?.closedByName ?? null,
  };
}

/** Whether a close request repeats the one that closed the session (same user, counts and comments). */
function sameClose(summary: Awaited<ReturnType<typeof getCloseSummary>>, userId: string, input: CloseCashboxInput): boolean {
  if (summary.closedBy !== userId || (summary.comments ?? null) !== input.comments) return false;
  const counted = new Map(input.counted.map((c) => [c.paymentMethodId, c.amount]));
  if ([...counted.keys()].some((id) => !summary.lines.some((l) => l.paymentMethodId === id))) return false;
  return summary.lines.every((l) => new Big(counted.get(l.paymentMethodId) ?? "0").eq(l.counted ?? "0"));
}

/**
 * cashbox.close: compares what was counted with what was expected per method, requires comments
 * when anything differs, stores the breakdown and totals and closes the session. Closing a closed
 * session again returns its result only when it is the same request; otherwise 'No active cashbox found'.
 */
export async function closeCashbox(tx: Tx, tenantId: string, userId: string, input: CloseCashboxInput, opts: { canCloseOthers: boolean }) {
  // The row lock makes two closes of one session take turns.
  const [locked] = await tx
    .select({ status: cashboxSessions.status, openedBy: cashboxSessions.openedBy })
    .from(cashboxSessions)
    .where(and(eq(cashboxSessions.tenantId, tenantId), eq(cashboxSessions.id, input.sessionId)))
    .for("update");
  if (!locked) throw notFound();
  // A cashier counts only the drawer they opened; a supervisor (pos.close_cash) closes anyone's.
  if (locked.openedBy !== userId && !opts.canCloseOthers) throw appError("FORBIDDEN", "cashbox:errors.notYourSession");
  const summary = await getCloseSummary(tx, tenantId, input.sessionId);
  if (locked.status !== "open") {
    if (sameClose(summary, userId, input)) return summary;
    throw appError("CONFLICT", "cashbox:errors.noActive");
  }

  const counted = new Map(input.counted.map((c) => [c.paymentMethodId, c.amount]));
  for (const id of counted.keys()) {
    if (!summary.lines.some((l) => l.paymentMethodId === id)) throw appError("NOT_FOUND", "cashbox:errors.unknownMethod");
  }
  const lines: CloseLine[] = summary.lines.map((l) => {
    const amount = new Big(counted.get(l.paymentMethodId) ?? "0");
    return { ...l, counted: amount.toFixed(2), difference: amount.minus(l.expected).toFixed(2) };
  });
  if (lines.some((l) => !new Big(l.difference!).eq(0)) && !input.comments) throw appError("BAD_REQUEST", "cashbox:errors.commentsRequired");

  await tx
    .update(cashboxSessions)
    .set({
      status: "closed",
      closedBy: userId,
      closedAt: new Date(),
      closing: lines,
      totalExpected: sum(lines.map((l) => l.expected)),
      totalCounted: sum(lines.map((l) => l.counted!)),
      totalDifference: sum(lines.map((l) => l.difference!)),
      comments: input.comments,
    })
    .where(and(eq(cashboxSessions.tenantId, tenantId), eq(cashboxSessions.id, input.sessionId)));
  if (lines.some((l) => !new Big(l.difference!).eq(0))) await postDocument(tx, tenantId, userId, "cash_difference", input.sessionId);
  return getCloseSummary(tx, tenantId, input.sessionId);
}

// ---------------------------------------------------------------------------------------------
// History

/** Sessions, newest first (closed ones by closing time): the 'last closings' list. */
export async function findSessions(tx: Tx, tenantId: string, input: { page: number; pageSize: number; status?: "open" | "closed"; cashboxId?: string }) {
  const where = and(
    eq(cashboxSessions.tenantId, tenantId),
    input.status ? eq(cashboxSessions.status, input.status) : undefined,
    input.cashboxId ? eq(cashboxSessions.cashboxId, input.cashboxId) : undefined,
  );
  const [[total], rows] = await Promise.all([
    tx.select({ n: count() }).from(cashboxSessions).where(where),
    tx
      .select({
        id: cashboxSessions.id,
        cashboxId: cashboxSessions.cashboxId,
        cashboxName: cashboxes.name,
        status: cashboxSessions.status,
        openingAmount: cashboxSessions.openingAmount,
        openedAt: cashboxSessions.openedAt,
        openedByName: openedBy.name,
        closedAt: cashboxSessions.closedAt,
        closedByName: closedBy.name,
        totalExpected: cashboxSessions.totalExpected,
        totalCounted: cashboxSessions.totalCounted,
        totalDifference: cashboxSessions.totalDifference,
        comments: cashboxSessions.comments,
      })
      .from(cashboxSessions)
      .innerJoin(cashboxes, and(eq(cashboxes.tenantId, cashboxSessions.tenantId), eq(cashboxes.id, cashboxSessions.cashboxId)))
      .innerJoin(openedBy, and(eq(openedBy.tenantId, cashboxSessions.tenantId), eq(openedBy.id, cashboxSessions.openedBy)))
      .leftJoin(closedBy, and(eq(closedBy.tenantId, cashboxSessions.tenantId), eq(closedBy.id, cashboxSessions.closedBy)))
      .where(where)
      .orderBy(desc(sql`coalesce(${cashboxSessions.closedAt}, ${cashboxSessions.openedAt})`), desc(cashboxSessions.id))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
  ]);
  return pageOf(rows, total?.n ?? 0, input.page, input.pageSize);
}

// ---------------------------------------------------------------------------------------------
// POS sales in no cash count

/**
 * cashbox.getUnassigned: completed POS sales that belong to no cash box session (made before POS
 * sales needed one, or while the shop sold without a cash box), newest first, at most `limit`,
 * with the total count. None while the shop sells without a cash box (nothing to count).
 */
export async function findUnassignedSales(tx: Tx, tenantId: string, limit: number) {
  const [config] = await tx.select({ off: tenantConfigs.sellWithoutCashbox }).from(tenantConfigs).where(eq(tenantConfigs.tenantId, tenantId));
  if (config?.off) return { data: [], total: 0 };
  const where = sql`o.tenant_id = ${tenantId} AND o.source = 'pos' AND o.status = 'completed' AND o.cashbox_session_id IS NULL`;
  const [rows, [count]] = await Promise.all([
    tx.execute(sql`
      SELECT o.id, o.number, o.ncf, o.business_date::text AS business_date, o.created_at, o.total::text AS total, u.name AS cashier,
        coalesce((SELECT jsonb_agg(jsonb_build_object('method', m.name, 'amount', p.base_amount::text) ORDER BY p.created_at)
          FROM ${orderPayments} p JOIN ${paymentMethods} m ON m.tenant_id = p.tenant_id AND m.id = p.payment_method_id
          WHERE p.tenant_id = o.tenant_id AND p.order_id = o.id AND p.status = 'completed'), '[]'::jsonb) AS payments
      FROM ${orders} o JOIN ${users} u ON u.tenant_id = o.tenant_id AND u.id = o.user_id
      WHERE ${where}
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT ${limit}`),
    tx.execute(sql`SELECT count(*)::int AS n FROM ${orders} o WHERE ${where}`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return {
    data: rowsOf<{ id: string; number: string; ncf: string | null; business_date: string; created_at: string | Date; total: string; cashier: string; payments: unknown }>(rows).map((r) => ({
      orderId: r.id,
      number: r.number,
      ncf: r.ncf,
      businessDate: r.business_date,
      createdAt: new Date(r.created_at).toISOString(),
      total: r.total,
      cashier: r.cashier,
      payments: (typeof r.payments === "string" ? JSON.parse(r.payments) : r.payments) as { method: string; amount: string }[],
    })),
    total: count?.n ?? 0,
  };
}

/**
 * cashbox.assignSales: puts POS sales that belong to no session, and their payments, into an open
 * session, so they are counted when it closes. Sales already in a session are left as they are
 * (a repeated call changes nothing); a closed session is refused (its count is done).
 */
export async function assignSales(tx: Tx, tenantId: string, input: { sessionId: string; orderIds: string[] }) {
  const [session] = await tx
    .select({ status: cashboxSessions.status })
    .from(cashboxSessions)
    .where(and(eq(cashboxSessions.tenantId, tenantId), eq(cashboxSessions.id, input.sessionId)))
    .for("update");
  if (!session) throw notFound();
  if (session.status !== "open") throw appError("BAD_REQUEST", "cashbox:errors.assignToClosed");
  const ids = `{${input.orderIds.join(",")}}`;
  const moved = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE ${orders} o SET cashbox_session_id = ${input.sessionId}, updated_at = now()
      WHERE o.tenant_id = ${tenantId} AND o.id = ANY(${ids}::uuid[]) AND o.source = 'pos' AND o.status = 'completed' AND o.cashbox_session_id IS NULL
      RETURNING o.id`),
  );
  if (moved.length > 0) {
    await tx.execute(sql`
      UPDATE ${orderPayments} p SET cashbox_session_id = ${input.sessionId}
      WHERE p.tenant_id = ${tenantId} AND p.order_id = ANY(${`{${moved.map((m) => m.id).join(",")}}`}::uuid[]) AND p.cashbox_session_id IS NULL`);
  }
  return { assigned: moved.length };
}

/**
 * The user's open cash box session (on the given cash box, when one is named), with what its
 * receipts need (print service, cash drawer); null when they have none open. Money taken at the
 * counter (a POS sale, a payment recorded in the back office, a cash refund) is counted in it.
 * A cash box named that is not open in the user's name is refused.
 */
export async function openSessionOf(tx: Tx, tenantId: string, userId: string, cashboxId?: string | null) {
  const [row] = await tx
    .select({ id: cashboxSessions.id, printServer: cashboxes.printServer, willOpenDrawer: cashboxes.willOpenDrawer })
    .from(cashboxSessions)
    .innerJoin(cashboxes, and(eq(cashboxes.tenantId, cashboxSessions.tenantId), eq(cashboxes.id, cashboxSessions.cashboxId)))
    .where(
      and(
        eq(cashboxSessions.tenantId, tenantId),
        eq(cashboxSessions.openedBy, userId),
        eq(cashboxSessions.status, "open"),
        cashboxId ? eq(cashboxSessions.cashboxId, cashboxId) : undefined,
      ),
    )
    .orderBy(desc(cashboxSessions.openedAt))
    .limit(1);
  if (!row && cashboxId) throw appError("BAD_REQUEST", "pos:errors.noActiveCashbox");
  return row ?? null;
}
