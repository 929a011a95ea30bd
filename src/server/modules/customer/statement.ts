import { and, eq, sql } from "drizzle-orm";
import { toBig } from "../../../shared/catalog/decimal";
import { AGING_BUCKETS, type AgingBucket, agingBucketOf } from "../../../shared/invoices/schemas";
import { rowsOf, type Tx } from "../../db/client";
import { notFound } from "../../trpc/errors";
import { creditNotes } from "../credit-note/tables";
import { orders } from "../pos/tables";
import type { TenantRow as Tenant } from "../tenant/service";
import { customers } from "./tables";

/** The open invoices a statement lists (unless `all` is asked, as the Excel export does); the totals always cover all of them. */
export const STATEMENT_MAX_INVOICES = 1000;

type Buckets = Record<AgingBucket, string>;

interface OpenInvoiceRow {
  id: string;
  number: string;
  ncf: string | null;
  date: string;
  due_date: string | null;
  total: string;
  paid: string;
  credited: string;
  balance_due: string;
  days_overdue: number;
}

/**
 * The SQL twin of agingBucketOf (src/shared/invoices/schemas.ts): days past the due date on `asOf`,
 * not yet due (or no due date) is current. The statement test checks that both agree row by row.
 */
const bucketSql = (asOf: string) => sql`CASE
  WHEN o.due_date IS NULL OR o.due_date >= ${asOf}::date THEN 'current'
  WHEN ${asOf}::date - o.due_date <= 30 THEN 'd1_30'
  WHEN ${asOf}::date - o.due_date <= 60 THEN 'd31_60'
  WHEN ${asOf}::date - o.due_date <= 90 THEN 'd61_90'
  ELSE 'd90_plus' END`;

/**
 * customer.getStatement: what the customer owes on `asOf` (completed invoices with a balance; a
 * cancelled invoice owes nothing), in the five aging buckets, with the open invoices oldest first,
 * the credit limit and what is left of it, and the store credit of their credit notes. The list stops
 * at STATEMENT_MAX_INVOICES (`truncated`) unless `all`.
 */
export async function customerStatement(tx: Tx, tenant: Tenant, customerId: string, asOf: string, all = false) {
  const tenantId = tenant.id;
  const [customer] = await tx
    .select({ id: customers.id, code: customers.code, name: customers.name, taxId: customers.taxId, phone: customers.phone, email: customers.email, address: customers.address, creditLimit: customers.creditLimit, isDefault: customers.isDefault })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!customer) throw notFound();

  const open = sql`o.tenant_id = ${tenantId} AND o.customer_id = ${customerId} AND o.status = 'completed' AND o.balance_due > 0`;
  const [totals, list, credit] = await Promise.all([
    tx.execute(sql`
      SELECT b.bucket, sum(b.balance_due)::numeric(14,2)::text AS amount, count(*)::int AS count
      FROM (SELECT ${bucketSql(asOf)} AS bucket, o.balance_due FROM ${orders} o WHERE ${open}) b
      GROUP BY b.bucket`),
    tx.execute(sql`
      SELECT o.id, o.number, o.ncf, o.business_date::text AS date, o.due_date::text AS due_date, o.total::text AS total,
        (o.paid_total - o.change_amount)::text AS paid, o.credited_total::text AS credited, o.balance_due::text AS balance_due,
        greatest(${asOf}::date - o.due_date, 0)::int AS days_overdue
      FROM ${orders} o WHERE ${open}
      ORDER BY o.business_date, o.number
      ${all ? sql`` : sql`LIMIT ${STATEMENT_MAX_INVOICES}`}`),
    tx
      .select({ available: sql<string>`coalesce(sum(${creditNotes.available}), 0)::numeric(14,2)::text` })
      .from(creditNotes)
      .where(and(eq(creditNotes.tenantId, tenantId), eq(creditNotes.customerId, customerId), sql`${creditNotes.status} in ('approved', 'partially_used')`, sql`${creditNotes.available} > 0`)),
  ]);

  const buckets = Object.fromEntries(AGING_BUCKETS.map((b) => [b, "0.00"])) as Buckets;
  let balance = toBig(0);
  let count = 0;
  for (const row of rowsOf<{ bucket: AgingBucket; amount: string; count: number }>(totals)) {
    buckets[row.bucket] = toBig(row.amount).toFixed(2);
    balance = balance.plus(row.amount);
    count += row.count;
  }
  const overdue = AGING_BUCKETS.filter((b) => b !== "current").reduce((sum, b) => sum.plus(buckets[b]), toBig(0));
  const limit = customer.creditLimit;
  const available = limit === null ? null : toBig(limit).minus(balance);
  const invoices = rowsOf<OpenInvoiceRow>(list).map((r) => ({
    id: r.id,
    number: r.number,
    ncf: r.ncf,
    date: r.date,
    dueDate: r.due_date,
    total: toBig(r.total).toFixed(2),
    paidTotal: toBig(r.paid).toFixed(2),
    creditedTotal: toBig(r.credited).toFixed(2),
    balanceDue: toBig(r.balance_due).toFixed(2),
    daysOverdue: r.days_overdue,
    bucket: agingBucketOf(r.due_date, asOf),
  }));
  return {
    business: { name: tenant.name, taxId: tenant.taxId, address: tenant.address, phone: tenant.phone },
    customer: {
      id: customer.id,
      code: customer.code,
      name: customer.name,
      taxId: customer.taxId,
      creditLimit: limit === null ? null : toBig(limit).toFixed(2),
      phone: customer.phone,
      email: customer.email,
      address: customer.address,
      isDefault: customer.isDefault,
    },
    asOf,
    balanceDue: balance.toFixed(2),
    overdueTotal: overdue.toFixed(2),
    buckets,
    creditLimit: limit === null ? null : toBig(limit).toFixed(2),
    creditAvailable: available === null ? null : (available.lt(0) ? toBig(0) : available).toFixed(2),
    storeCredit: toBig(credit[0]?.available).toFixed(2),
    openInvoiceCount: count,
    truncated: count > invoices.length,
    openInvoices: invoices,
  };
}
