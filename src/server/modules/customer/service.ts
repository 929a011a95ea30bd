import { TRPCError } from "@trpc/server";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { Big, toBig } from "../../../shared/catalog/decimal";
import {
  type CustomerCreateInput,
  type CustomerListInput,
  type CustomerUpdateInput,
  customerSearchDigits,
  customerSearchPatterns,
  customerSearchPrefix,
  type PointSourceType,
  taxIdIssue,
} from "../../../shared/customers/customer";
import { offsetOf, pageOf } from "../../../shared/platform/pagination";
import { rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isForeignKeyViolation, isUniqueViolation, notFound, Translatable } from "../../trpc/errors";
import { currencies } from "../currency/tables";
import { paymentMethods } from "../payment-method/tables";
import { orderPayments, orders } from "../pos/tables";
import { nextDocumentNumber } from "../sequence/service";
import { tenantConfigs } from "../tenant/tables";
import { getLegalData } from "./legal-service";
import { customerPointMovements, customers, customerTypes, legalClients } from "./tables";

/** Every customer column but the tenant id and the generated search text. */
const columns = {
  id: customers.id,
  code: customers.code,
  name: customers.name,
  taxId: customers.taxId,
  taxIdOverride: customers.taxIdOverride,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  isDefault: customers.isDefault,
  eligibleForRewards: customers.eligibleForRewards,
  customerTypeId: customers.customerTypeId,
  creditLimit: customers.creditLimit,
  points: customers.points,
  isActive: customers.isActive,
  deletedAt: customers.deletedAt,
  lastUsedAt: customers.lastUsedAt,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};

/** What the search panel and recent list show of a customer. */
const briefColumns = {
  id: customers.id,
  code: customers.code,
  name: customers.name,
  taxId: customers.taxId,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  isDefault: customers.isDefault,
  eligibleForRewards: customers.eligibleForRewards,
  points: customers.points,
};

const CODE_PREFIX = "CLI-";
const CODE_SEQUENCE = "customer";

/** CONFLICT 'Ya existe un cliente con el código …'. */
function codeTaken(code: string): TRPCError {
  const key = "customers:errors.codeTaken";
  return new TRPCError({ code: "CONFLICT", message: key, cause: new Translatable(key, { code }) });
}

const mine = (tenantId: string, id: string) => and(eq(customers.tenantId, tenantId), eq(customers.id, id));

/** The ids of a list page from enzzo_customer_page (migrations 0012-0015), in name order (its prefix argument is unused since customer.search has its own function). */
async function pageIds(tx: Tx, opts: { patterns: string[]; showDeleted: boolean; limit: number; offset: number; countRows: boolean }) {
  const result = await tx.execute(
    sql`select id, total::int as total from enzzo_customer_page(array(select jsonb_array_elements_text(${JSON.stringify(opts.patterns)}::jsonb)), null::text, ${opts.showDeleted}, ${opts.limit}, ${opts.offset}, ${opts.countRows})`,
  );
  return rowsOf<{ id: string; total: number }>(result);
}

/** Rows of these ids, in the ids' order (read under RLS). */
async function rowsInOrder<T extends { id: string }>(ids: string[], read: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await read(ids)).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => !!r);
}

/** customer.getAll: the tenant's customers by name; search matches name, code, tax id and phone (digits alone too). */
export async function findCustomers(tx: Tx, tenantId: string, input: CustomerListInput) {
  const args = { patterns: customerSearchPatterns(input.search), showDeleted: input.showDeleted, countRows: true };
  const ids = await pageIds(tx, { ...args, limit: input.pageSize, offset: offsetOf(input.page, input.pageSize) });
  // Past the last page the page is empty: count once more to still say how many there are.
  const total = ids[0]?.total ?? (input.page > 1 ? ((await pageIds(tx, { ...args, limit: 1, offset: 0 }))[0]?.total ?? 0) : 0);
  const rows = await rowsInOrder(
    ids.map((r) => r.id),
    (list) =>
      tx
        .select({
          ...columns,
          customerTypeName: customerTypes.name,
          isLegalClient: sql<boolean>`exists (select 1 from ${legalClients} l where l.tenant_id = ${customers.tenantId} and l.id = ${customers.id})`,
        })
        .from(customers)
        .leftJoin(customerTypes, and(eq(customerTypes.tenantId, customers.tenantId), eq(customerTypes.id, customers.customerTypeId)))
        .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, list))),
  );
  return pageOf(rows, total, input.page, input.pageSize);
}

async function readCustomer(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ ...columns, customerTypeName: customerTypes.name })
    .from(customers)
    .leftJoin(customerTypes, and(eq(customerTypes.tenantId, customers.tenantId), eq(customerTypes.id, customers.customerTypeId)))
    .where(mine(tenantId, id))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** customer.getById: the customer with its points, its type and its legal data (null when it has none). */
export async function getCustomer(tx: Tx, tenantId: string, id: string) {
  const row = await readCustomer(tx, tenantId, id);
  return { ...row, legal: await getLegalData(tx, tenantId, id) };
}

/** Codes are unique per tenant, compared without regard to case. */
async function assertCodeFree(tx: Tx, tenantId: string, code: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), sql`lower(${customers.code}) = lower(${code})`, exceptId ? ne(customers.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw codeTaken(code);
}

/** The next free CLI-000001 code (a code typed by hand may already hold a number of the series). */
async function nextCode(tx: Tx, tenantId: string): Promise<string> {
  for (;;) {
    const code = await nextDocumentNumber(tx, tenantId, CODE_SEQUENCE, CODE_PREFIX);
    const [clash] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), sql`lower(${customers.code}) = lower(${code})`))
      .limit(1);
    if (!clash) return code;
  }
}

/**
 * Makes this customer the tenant's only default: concurrent changes of the default wait for
 * each other (transaction advisory lock), and a partial unique index backs the rule.
 */
async function makeDefault(tx: Tx, tenantId: string, exceptId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-default:${tenantId}`}))`);
  await tx
    .update(customers)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.isDefault, true), ne(customers.id, exceptId)));
}

/** Maps constraint failures: a code taken meanwhile, or a customer type of another tenant (NOT_FOUND). */
async function guarded<T>(code: string | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw code ? codeTaken(code) : appError("CONFLICT", "customers:errors.defaultChanged");
    if (isForeignKeyViolation(e)) throw notFound();
    throw e;
  }
}

async function assertTypeExists(tx: Tx, tenantId: string, typeId: string | null | undefined) {
  if (!typeId) return;
  const [row] = await tx
    .select({ id: customerTypes.id })
    .from(customerTypes)
    .where(and(eq(customerTypes.tenantId, tenantId), eq(customerTypes.id, typeId)))
    .limit(1);
  if (!row) throw notFound();
}

/** customer.create: code auto-generated (CLI-000001) unless the legal form passes one; returns the customer with its id. */
export async function createCustomer(tx: Tx, tenantId: string, input: CustomerCreateInput) {
  await assertTypeExists(tx, tenantId, input.customer_type_id);
  if (input.code) await assertCodeFree(tx, tenantId, input.code);
  const code = input.code ?? (await nextCode(tx, tenantId));
  const id = newId();
  if (input.is_default) await makeDefault(tx, tenantId, id);
  await guarded(code, () =>
    tx.insert(customers).values({
      tenantId,
      id,
      code,
      name: input.name,
      taxId: input.tax_id ?? null,
      taxIdOverride: input.tax_id ? (input.tax_id_override ?? false) : false,
      email: input.email ?? null,
      phone: input.phone ?? null,
      address: input.address ?? null,
      isDefault: input.is_default ?? false,
      eligibleForRewards: input.eligible_for_rewards ?? true,
      customerTypeId: input.customer_type_id ?? null,
      creditLimit: input.credit_limit ?? null,
    }),
  );
  return getCustomer(tx, tenantId, id);
}

/**
 * customer.update: replaces name, tax id, phone, address and email; code, default, rewards,
 * override flag and type only when given. The default customer stays the default until another
 * one takes its place. A deleted customer is restored before it is edited.
 */
export async function updateCustomer(tx: Tx, tenantId: string, input: CustomerUpdateInput) {
  const current = await readCustomer(tx, tenantId, input.id);
  if (current.deletedAt) throw appError("BAD_REQUEST", "customers:errors.deleted");
  const taxId = input.tax_id ?? null;
  // Without the flag, the stored one holds only for the stored number.
  const override = taxId ? (input.tax_id_override ?? (current.taxIdOverride && current.taxId === taxId)) : false;
  if (taxId && input.tax_id_override === undefined) {
    const issue = taxIdIssue(taxId, override);
    if (issue) throw appError("BAD_REQUEST", issue);
  }
  if (input.customer_type_id !== undefined) await assertTypeExists(tx, tenantId, input.customer_type_id);
  if (input.code) await assertCodeFree(tx, tenantId, input.code, input.id);
  if (input.is_default && !current.isDefault) await makeDefault(tx, tenantId, input.id);
  await guarded(input.code, () =>
    tx
      .update(customers)
      .set({
        name: input.name,
        taxId,
        taxIdOverride: override,
        email: input.email ?? null,
        phone: input.phone ?? null,
        address: input.address ?? null,
        updatedAt: new Date(),
        ...(input.code ? { code: input.code } : {}),
        ...(input.is_default ? { isDefault: true } : {}),
        ...(input.eligible_for_rewards !== undefined ? { eligibleForRewards: input.eligible_for_rewards } : {}),
        ...(input.customer_type_id !== undefined ? { customerTypeId: input.customer_type_id } : {}),
        ...(input.credit_limit !== undefined ? { creditLimit: input.credit_limit } : {}),
      })
      .where(mine(tenantId, input.id)),
  );
  return getCustomer(tx, tenantId, input.id);
}

/** customer.delete: marks the customer deleted and inactive (its sales keep pointing at it); never the default one. */
export async function deleteCustomer(tx: Tx, tenantId: string, id: string) {
  const current = await readCustomer(tx, tenantId, id);
  if (current.isDefault) throw appError("BAD_REQUEST", "customers:errors.defaultCannotBeDeleted");
  if (!current.deletedAt) {
    await tx.update(customers).set({ deletedAt: new Date(), isActive: false, updatedAt: new Date() }).where(mine(tenantId, id));
  }
  return getCustomer(tx, tenantId, id);
}

/** customer.restore: the customer is active again. */
export async function restoreCustomer(tx: Tx, tenantId: string, id: string) {
  const current = await readCustomer(tx, tenantId, id);
  if (current.deletedAt || !current.isActive) {
    await tx.update(customers).set({ deletedAt: null, isActive: true, updatedAt: new Date() }).where(mine(tenantId, id));
  }
  return getCustomer(tx, tenantId, id);
}

/**
 * customer.search: active customers whose name, code, tax id or phone contain the words; names
 * starting with the first word first (for a number: phones and tax ids starting with it), then
 * in name order (accents and case folded). One
 * statement: the definer function's ids (migration 0017) joined back to their rows under RLS.
 */
export async function searchCustomers(tx: Tx, tenantId: string, input: { query: string; limit: number }) {
  const patterns = customerSearchPatterns(input.query);
  if (patterns.length === 0) return [];
  const result = await tx.execute(sql`
    select c.id, c.code, c.name, c.tax_id, c.email, c.phone, c.address, c.is_default, c.eligible_for_rewards, c.points
    from enzzo_customer_search(array(select jsonb_array_elements_text(${JSON.stringify(patterns)}::jsonb)), ${customerSearchPrefix(input.query)}::text, ${customerSearchDigits(input.query)}::text, ${input.limit}) with ordinality as p(id, ord)
    join ${customers} c on c.tenant_id = ${tenantId} and c.id = p.id
    order by p.ord`);
  return rowsOf<{ id: string; code: string; name: string; tax_id: string | null; email: string | null; phone: string | null; address: string | null; is_default: boolean; eligible_for_rewards: boolean; points: number }>(result).map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    taxId: r.tax_id,
    email: r.email,
    phone: r.phone,
    address: r.address,
    isDefault: r.is_default,
    eligibleForRewards: r.eligible_for_rewards,
    points: Number(r.points),
  }));
}

/** customer.getRecent: the customers used last (a sale touches them), then the newest never used. */
export async function recentCustomers(tx: Tx, tenantId: string, limit: number) {
  const active = and(eq(customers.tenantId, tenantId), isNull(customers.deletedAt));
  const used = await tx
    .select(briefColumns)
    .from(customers)
    .where(and(active, isNotNull(customers.lastUsedAt)))
    // DESC NULLS FIRST walks (tenant_id, last_used_at) backwards; there are no nulls here.
    .orderBy(sql`${customers.lastUsedAt} desc nulls first`)
    .limit(limit);
  if (used.length >= limit) return used;
  const fresh = await tx
    .select(briefColumns)
    .from(customers)
    .where(and(active, isNull(customers.lastUsedAt)))
    .orderBy(desc(customers.createdAt))
    .limit(limit - used.length);
  return [...used, ...fresh];
}

/** customer.getHistory: the customer's invoices (newest first) with their payments, and totals. */
export async function customerHistory(tx: Tx, tenantId: string, input: { customerId: string; page: number; pageSize: number }) {
  await readCustomer(tx, tenantId, input.customerId);
  const where = and(eq(orders.tenantId, tenantId), eq(orders.customerId, input.customerId));
  const [summary] = await tx
    .select({
      orders: count(),
      completedOrders: sql<number>`count(*) filter (where ${orders.status} = 'completed')::int`,
      completedTotal: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.status} = 'completed'), 0)::numeric(14,2)::text`,
      lastPurchaseAt: sql<Date | null>`max(${orders.createdAt})`,
    })
    .from(orders)
    .where(where);
  const list = await tx
    .select({
      id: orders.id,
      number: orders.number,
      ncf: orders.ncf,
      status: orders.status,
      businessDate: orders.businessDate,
      createdAt: orders.createdAt,
      subtotal: orders.subtotal,
      discountTotal: orders.discountTotal,
      taxTotal: orders.taxTotal,
      total: orders.total,
      paidTotal: orders.paidTotal,
      /** what the invoice took of what was handed over: paid minus the change */
      appliedAmount: sql<string>`(${orders.paidTotal} - ${orders.changeAmount})::numeric(14,2)::text`,
      changeAmount: orders.changeAmount,
      pointsEarned: orders.pointsEarned,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  const payments =
    list.length === 0
      ? []
      : await tx
          .select({
            id: orderPayments.id,
            orderId: orderPayments.orderId,
            paymentMethodName: paymentMethods.name,
            paymentMethodCode: paymentMethods.code,
            currencyCode: currencies.code,
            amount: orderPayments.amount,
            baseAmount: orderPayments.baseAmount,
            reference: orderPayments.reference,
            status: orderPayments.status,
            createdAt: orderPayments.createdAt,
          })
          .from(orderPayments)
          .innerJoin(paymentMethods, and(eq(paymentMethods.tenantId, orderPayments.tenantId), eq(paymentMethods.id, orderPayments.paymentMethodId)))
          .innerJoin(currencies, and(eq(currencies.tenantId, orderPayments.tenantId), eq(currencies.id, orderPayments.currencyId)))
          .where(
            and(
              eq(orderPayments.tenantId, tenantId),
              inArray(
                orderPayments.orderId,
                list.map((o) => o.id),
              ),
            ),
          )
          .orderBy(asc(orderPayments.createdAt), asc(orderPayments.id));
  const data = list.map((o) => ({ ...o, payments: payments.filter((p) => p.orderId === o.id).map(({ orderId: _o, ...p }) => p) }));
  return {
    ...pageOf(data, summary?.orders ?? 0, input.page, input.pageSize),
    summary: {
      orders: summary?.orders ?? 0,
      completedOrders: summary?.completedOrders ?? 0,
      completedTotal: summary?.completedTotal ?? "0.00",
      lastPurchaseAt: summary?.lastPurchaseAt ? new Date(summary.lastPurchaseAt) : null,
    },
  };
}

/** customer.getPoints: the rewards balance and the latest movements (newest first). */
export async function customerPoints(tx: Tx, tenantId: string, input: { customerId: string; limit: number }) {
  const customer = await readCustomer(tx, tenantId, input.customerId);
  const movements = await tx
    .select({
      id: customerPointMovements.id,
      points: customerPointMovements.points,
      balanceAfter: customerPointMovements.balanceAfter,
      sourceType: customerPointMovements.sourceType,
      sourceId: customerPointMovements.sourceId,
      note: customerPointMovements.note,
      createdAt: customerPointMovements.createdAt,
    })
    .from(customerPointMovements)
    .where(and(eq(customerPointMovements.tenantId, tenantId), eq(customerPointMovements.customerId, input.customerId)))
    .orderBy(desc(customerPointMovements.createdAt), desc(customerPointMovements.id))
    .limit(input.limit);
  return { customerId: customer.id, balance: customer.points, eligibleForRewards: customer.eligibleForRewards, movements };
}

// ---------------------------------------------------------------------------------------------
// Helpers for the point of sale (called inside its checkout transaction).
// ---------------------------------------------------------------------------------------------

/** The id of the tenant's default customer ('Contado'), seeded at onboarding. */
export async function getDefaultCustomerId(tx: Tx, tenantId: string): Promise<string> {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.isDefault, true), isNull(customers.deletedAt)))
    .limit(1);
  if (!row) throw appError("NOT_FOUND", "customers:errors.noDefault");
  return row.id;
}

/** touchCustomer's one statement (for a batch sent with commitWith). */
export function touchCustomerStatement(tx: Tx, tenantId: string, customerId: string) {
  return tx.update(customers).set({ lastUsedAt: sql`now()` }).where(mine(tenantId, customerId)).returning({ id: customers.id });
}

/** Marks the customer as just used (customer.getRecent lists them by this). NOT_FOUND for an unknown id. */
export async function touchCustomer(tx: Tx, tenantId: string, customerId: string): Promise<void> {
  const done = await touchCustomerStatement(tx, tenantId, customerId);
  if (done.length === 0) throw notFound();
}

export interface PointMovementInput {
  customerId: string;
  /** signed, non-zero */
  points: number;
  sourceType: PointSourceType;
  sourceId?: string | null;
  note?: string | null;
}

/** addPointMovement's one statement (for a batch sent with commitWith): no row when refused. */
export function pointMovementStatement(tenantId: string, input: PointMovementInput) {
  return sql`
    WITH c AS (
      UPDATE ${customers} SET points = points + ${input.points}
      WHERE tenant_id = ${tenantId} AND id = ${input.customerId} ${input.sourceType === "redemption" ? sql`AND points + ${input.points} >= 0` : sql``}
      RETURNING points
    )
    INSERT INTO ${customerPointMovements} (tenant_id, id, customer_id, points, balance_after, source_type, source_id, note)
    SELECT ${tenantId}, ${newId()}, ${input.customerId}, ${input.points}, c.points, ${input.sourceType}, ${input.sourceId ?? null}, ${input.note ?? null} FROM c
    RETURNING balance_after AS balance`;
}

/**
 * Adds (or takes) points in one statement (pointMovementStatement): the customer row is locked and
 * moved by its UPDATE and the movement is appended with the balance after it; returns the new
 * balance. A redemption may not take the balance below zero (BAD_REQUEST); a cancelled sale's
 * reversal may.
 */
export async function addPointMovement(tx: Tx, tenantId: string, input: PointMovementInput): Promise<number> {
  if (!Number.isInteger(input.points) || input.points === 0) throw appError("BAD_REQUEST", "customers:errors.invalidPoints");
  const [row] = rowsOf<{ balance: number }>(await tx.execute(pointMovementStatement(tenantId, input)));
  if (!row) {
    await readCustomer(tx, tenantId, input.customerId);
    throw appError("BAD_REQUEST", "customers:errors.insufficientPoints");
  }
  return Number(row.balance);
}

/** The payment method that pays with rewards points at checkout. */
export const POINTS_METHOD_CODE = "POINTS";

/** The points that pay `amount` pesos at `pointValue` pesos a point: rounded up (a part of a point is a whole point spent). */
export function pointsFor(amount: string, pointValue: string): number {
  return toBig(amount).div(toBig(pointValue)).round(0, Big.roundUp).toNumber();
}

/**
 * Pays `amount` pesos of a sale with the customer's rewards points (issue 16 §4): the tenant's
 * redemption value (rewards_point_value, pesos a point; 0 = off) prices them, ceil(amount / value)
 * points are taken in one UPDATE that only succeeds while the customer has them (a 'redemption'
 * movement of the order), so two sales cannot spend the same points. The cash customer has none.
 * Answers the balance left (null when nothing was spent).
 */
export async function spendPoints(tx: Tx, tenantId: string, orderId: string, customerId: string, amount: string) {
  const [[config], [customer]] = await Promise.all([
    tx.select({ value: tenantConfigs.rewardsPointValue }).from(tenantConfigs).where(eq(tenantConfigs.tenantId, tenantId)).limit(1),
    tx.select({ isDefault: customers.isDefault }).from(customers).where(mine(tenantId, customerId)).limit(1),
  ]);
  const value = config?.value ?? "0";
  if (toBig(value).lte(0)) throw appError("BAD_REQUEST", "customers:errors.pointsRedemptionOff");
  if (!customer || customer.isDefault) throw appError("BAD_REQUEST", "customers:errors.pointsNeedCustomer");
  const points = pointsFor(amount, value);
  if (points <= 0) return null;
  const [row] = rowsOf<{ balance: number }>(
    await tx.execute(pointMovementStatement(tenantId, { customerId, points: -points, sourceType: "redemption", sourceId: orderId, note: amount })),
  );
  if (!row) throw appError("BAD_REQUEST", "customers:errors.insufficientPointsFor", { points, amount });
  return Number(row.balance);
}

/** A cancelled sale gives back the points it spent (a 'redemption_cancel' movement), once. */
export async function reversePointSpends(tx: Tx, tenantId: string, orderId: string) {
  const rows = rowsOf<{ customer_id: string; points: number }>(
    await tx.execute(sql`
      SELECT customer_id, -sum(points)::int AS points FROM ${customerPointMovements} m
      WHERE tenant_id = ${tenantId} AND source_id = ${orderId} AND source_type = 'redemption'
        AND NOT EXISTS (SELECT 1 FROM ${customerPointMovements} r WHERE r.tenant_id = m.tenant_id AND r.source_id = m.source_id AND r.source_type = 'redemption_cancel')
      GROUP BY customer_id`),
  );
  for (const r of rows) {
    if (r.points > 0) await addPointMovement(tx, tenantId, { customerId: r.customer_id, points: r.points, sourceType: "redemption_cancel", sourceId: orderId });
  }
}

/**
 * What a sale needs of its customer ('default': the cash customer); NOT_FOUND for another
 * tenant's, an unknown or a deleted customer.
 */
export async function getCustomerForSale(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({
      id: customers.id,
      name: customers.name,
      taxId: customers.taxId,
      taxIdOverride: customers.taxIdOverride,
      email: customers.email,
      phone: customers.phone,
      address: customers.address,
      eligibleForRewards: customers.eligibleForRewards,
      points: customers.points,
      isDefault: customers.isDefault,
    })
    .from(customers)
    .where(and(id === "default" ? and(eq(customers.tenantId, tenantId), eq(customers.isDefault, true)) : mine(tenantId, id), isNull(customers.deletedAt)))
    .limit(1);
  if (!row) throw id === "default" ? appError("NOT_FOUND", "customers:errors.noDefault") : notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Customer types
// ---------------------------------------------------------------------------------------------

const typeColumns = { id: customerTypes.id, name: customerTypes.name, isActive: customerTypes.isActive, createdAt: customerTypes.createdAt };

export function activeCustomerTypes(tx: Tx, tenantId: string) {
  return tx
    .select(typeColumns)
    .from(customerTypes)
    .where(and(eq(customerTypes.tenantId, tenantId), eq(customerTypes.isActive, true)))
    .orderBy(asc(customerTypes.name));
}

export function allCustomerTypes(tx: Tx, tenantId: string) {
  return tx.select(typeColumns).from(customerTypes).where(eq(customerTypes.tenantId, tenantId)).orderBy(asc(customerTypes.name));
}

async function typeGuarded<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) {
      const key = "customers:errors.typeNameTaken";
      throw new TRPCError({ code: "CONFLICT", message: key, cause: new Translatable(key, { name }) });
    }
    throw e;
  }
}

export async function createCustomerType(tx: Tx, tenantId: string, input: { name: string; is_active?: boolean }) {
  const id = newId();
  await typeGuarded(input.name, () => tx.insert(customerTypes).values({ tenantId, id, name: input.name, isActive: input.is_active ?? true }));
  const [row] = await tx.select(typeColumns).from(customerTypes).where(and(eq(customerTypes.tenantId, tenantId), eq(customerTypes.id, id)));
  return row!;
}

export async function updateCustomerType(tx: Tx, tenantId: string, input: { id: string; name: string; is_active?: boolean }) {
  const where = and(eq(customerTypes.tenantId, tenantId), eq(customerTypes.id, input.id));
  const done = await typeGuarded(input.name, () =>
    tx
      .update(customerTypes)
      .set({ name: input.name, updatedAt: new Date(), ...(input.is_active !== undefined ? { isActive: input.is_active } : {}) })
      .where(where)
      .returning(typeColumns),
  );
  if (done.length === 0) throw notFound();
  return done[0]!;
}
