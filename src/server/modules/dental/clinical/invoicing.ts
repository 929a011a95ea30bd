import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { Big, toBig } from "../../../../shared/catalog/decimal";
import { type invoiceProceduresInput, planTotals, prorate } from "../../../../shared/dental/plan";
import { rowsOf } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { CREDIT_METHOD_CODE, createInvoice, loadProducts, type PosContext, priceItems } from "../../pos/service";
import { orders } from "../../pos/tables";
import { dentalPatients, dentalPlanPhases, dentalPlanProcedures, dentalTreatmentPlans } from "../tables";
import { planNotFound } from "./plans";

type Input = z.output<typeof invoiceProceduresInput>;

/**
 * dental.invoiceProcedures (issue 18 §4): done procedures of a plan not invoiced yet, billed through
 * the one invoice path (createInvoice: NCF from the ranges, idempotency by clientOrderId) to the
 * patient's customer. Each procedure is billed at its part of the plan's patient share (its price
 * less its prorated share of the plan's discount and insurance coverage, src/shared/dental/plan.ts
 * prorate over every live procedure of the plan), paid now with one method or left owed on credit.
 * The procedures' order_id (a foreign key to the new invoice) is written in the invoice's own last
 * round trip (createInvoice's linkedWrites), so it commits with the invoice or not at all.
 */
export async function invoiceProcedures(ctx: PosContext, input: Input) {
  const { tx, tenant } = ctx;
  const tenantId = tenant.id;
  const [plan] = rowsOf<{ id: string; status: string; currency: string; customer_id: string; discount_type: string; discount_value: string; insurance_coverage: string; number: number }>(
    await tx.execute(sql`SELECT t.id, t.status, t.currency, p.customer_id, t.discount_type, t.discount_value::text, t.insurance_coverage::text, t.number
      FROM ${dentalTreatmentPlans} t JOIN ${dentalPatients} p ON p.tenant_id = t.tenant_id AND p.id = t.patient_id
      WHERE t.tenant_id = ${tenantId} AND t.id = ${input.planId} FOR UPDATE OF t`),
  );
  if (!plan) throw planNotFound();
  // A retried call (same key) answers the invoice it made.
  const [already] = rowsOf<{ id: string; number: string; ncf: string | null }>(
    await tx.execute(sql`SELECT id, number, ncf FROM orders WHERE tenant_id = ${tenantId} AND client_order_id = ${input.clientOrderId}`),
  );
  if (already) {
    const [linked] = await tx
      .select({ id: dentalPlanProcedures.id })
      .from(dentalPlanProcedures)
      .where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.planId, plan.id), eq(dentalPlanProcedures.orderId, already.id)))
      .limit(1);
    if (!linked) throw appError("BAD_REQUEST", "dentalClinical:errors.keyUsed");
    return { invoiceId: already.id, number: already.number, ncf: already.ncf };
  }
  const [currency] = rowsOf<{ code: string | null; id: string | null }>(await tx.execute(sql`SELECT code, id FROM currencies WHERE tenant_id = ${tenantId} AND is_default LIMIT 1`));
  if (!currency?.id) throw appError("BAD_REQUEST", "dentalClinical:errors.invoiceSetup");
  if (currency.code && currency.code !== plan.currency) throw appError("BAD_REQUEST", "dentalClinical:errors.invoiceCurrency", { currency: plan.currency });

  const all = await tx
    .select({
      id: dentalPlanProcedures.id,
      productId: dentalPlanProcedures.productId,
      price: dentalPlanProcedures.price,
      status: dentalPlanProcedures.status,
      orderId: dentalPlanProcedures.orderId,
      orderStatus: orders.status,
      name: dentalPlanProcedures.name,
    })
    .from(dentalPlanProcedures)
    .innerJoin(dentalPlanPhases, and(eq(dentalPlanPhases.tenantId, dentalPlanProcedures.tenantId), eq(dentalPlanPhases.id, dentalPlanProcedures.phaseId)))
    .leftJoin(orders, and(eq(orders.tenantId, dentalPlanProcedures.tenantId), eq(orders.id, dentalPlanProcedures.orderId)))
    .where(and(eq(dentalPlanProcedures.tenantId, tenantId), eq(dentalPlanProcedures.planId, plan.id)))
    .orderBy(dentalPlanPhases.position, dentalPlanProcedures.position);
  const wanted = new Set(input.procedureIds);
  const picked = all.filter((p) => wanted.has(p.id));
  if (picked.length !== wanted.size) throw appError("NOT_FOUND", "dentalClinical:errors.procedureNotFound");
  const notDone = picked.find((p) => p.status !== "done");
  if (notDone) throw appError("BAD_REQUEST", "dentalClinical:errors.procedureNotDone", { name: notDone.name });
  // A procedure whose invoice was cancelled (anulada) is billed again on a new invoice.
  const invoiced = picked.find((p) => p.orderId && p.orderStatus !== "cancelled");
  if (invoiced) throw appError("BAD_REQUEST", "dentalClinical:errors.procedureInvoiced", { name: invoiced.name });

  // Each live procedure's part of the patient's share: the share, scaled to what the procedures cost, prorated by price.
  const phases = await tx.select({ cost: dentalPlanPhases.estimatedCost }).from(dentalPlanPhases).where(and(eq(dentalPlanPhases.tenantId, tenantId), eq(dentalPlanPhases.planId, plan.id)));
  const totals = planTotals({ phaseCosts: phases.map((p) => p.cost), discountType: plan.discount_type as "percent" | "amount", discountValue: plan.discount_value, insuranceCoverage: plan.insurance_coverage });
  const live = all.filter((p) => p.status !== "cancelled");
  const liveSum = live.reduce((s, p) => s.plus(p.price), new Big(0));
  const subtotal = toBig(totals.subtotal);
  const billable = subtotal.gt(0) ? liveSum.times(totals.patientShare).div(subtotal).round(2, Big.roundHalfUp) : new Big(0);
  const parts = prorate(
    live.map((p) => p.price),
    (billable.gt(liveSum) ? liveSum : billable).toFixed(2),
  );
  const partOf = new Map(live.map((p, i) => [p.id, parts[i]!]));
  const items = picked.map((p) => ({ productId: p.productId, quantity: "1", unitPrice: partOf.get(p.id)! }));

  const [setting] = rowsOf<{ warehouse_id: string | null; credit_id: string | null }>(
    await tx.execute(sql`SELECT
      coalesce(
        (SELECT id FROM warehouses WHERE tenant_id = ${tenantId} AND id = ${ctx.user.warehouseId ?? null}::uuid AND is_active),
        (SELECT id FROM warehouses WHERE tenant_id = ${tenantId} AND is_active ORDER BY is_default DESC, "order" LIMIT 1)) AS warehouse_id,
      (SELECT id FROM payment_methods WHERE tenant_id = ${tenantId} AND upper(code) = ${CREDIT_METHOD_CODE} AND is_active LIMIT 1) AS credit_id`),
  );
  if (!setting?.warehouse_id) throw appError("BAD_REQUEST", "dentalClinical:errors.invoiceSetup");
  const methodId = input.paymentMethodId ?? setting.credit_id;
  if (!methodId) throw appError("BAD_REQUEST", "dentalClinical:errors.invoiceSetup");

  // The invoice's total as the invoice path prices it (ITBIS added when the service products carry it): paid now, or owed on credit.
  const { totals: priced } = priceItems(items, await loadProducts(tx, tenantId, items.map((i) => i.productId)));
  // The procedures take the invoice's id in the invoice's own last round trip (linkedWrites), after its row.
  const orderId = newId();
  const sale = await createInvoice(ctx, {
    source: "invoice",
    orderId,
    clientOrderId: input.clientOrderId,
    customerId: plan.customer_id,
    warehouseId: setting.warehouse_id,
    ncfTypeId: input.ncfTypeId ?? null,
    items,
    payments: [{ paymentMethodId: methodId, currencyId: currency.id, amount: priced.total }],
    notes: null,
    linkedWrites: [
      tx
        .update(dentalPlanProcedures)
        .set({ orderId })
        .where(and(eq(dentalPlanProcedures.tenantId, tenantId), inArray(dentalPlanProcedures.id, [...wanted]))),
    ],
  });
  return { invoiceId: sale.orderId, number: sale.orderNumber, ncf: sale.ncf ?? null };
}
