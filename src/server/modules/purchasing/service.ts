import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql } from "drizzle-orm";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { likePattern, offsetOf, pageOf } from "../../../shared/platform/pagination";
import { weightedAverageCost } from "../../../shared/purchasing/cost";
import {
  PURCHASE_SETTINGS_DEFAULTS,
  type PurchaseOrderCreateInput,
  type PurchaseOrderListInput,
  type PurchaseOrderUpdateInput,
  type PurchaseReceiveInput,
  type PurchaseSettingsInput,
} from "../../../shared/purchasing/schemas";
import { canTransition, type PurchaseOrderAction, statusAfterReceipt, statusAfterSubmit } from "../../../shared/purchasing/status";
import { purchaseTotals } from "../../../shared/purchasing/totals";
import { rowsOf, type Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError, isForeignKeyViolation, isUniqueViolation, notFound } from "../../trpc/errors";
import { postDocument } from "../accounting/documents";
import { users } from "../auth/tables";
import { applyStockChanges } from "../inventory/stock";
import { productStock } from "../inventory/tables";
import { invoiceConditions } from "../invoice/tables";
import { productAlternativeCodes, products } from "../product/tables";
import { providers } from "../provider/tables";
import { nextDocumentNumber } from "../sequence/service";
import { warehouses } from "../warehouse/tables";
import { purchaseOrderLines, purchaseOrders, purchaseReceiptLines, purchaseReceipts, purchaseSettings } from "./tables";

/**
 * Purchase orders and receiving at cost (issue 13 §1, §2, §5). Every write locks the order row
 * first, then checks the transition table (shared/purchasing/status.ts); receipts grow each
 * line's received quantity only within what was ordered plus the configured tolerance (checked
 * in the UPDATE itself), move stock through the one ledger path (applyStockChanges) and set the
 * products' cost by weighted average (shared/purchasing/cost.ts).
 */

export interface PurchasingContext {
  tx: Tx;
  tenantId: string;
  userId: string;
}

/** The series of the document sequence that numbers purchase orders (gap-free: taken in the order's transaction). */
export const PURCHASE_ORDER_SERIES = "purchase_order";

// ——— configuration ———

export type PurchaseSettings = typeof PURCHASE_SETTINGS_DEFAULTS;

/** purchaseSettings.get: the tenant's configuration, or the defaults when it never saved one. */
export async function getPurchaseSettings(tx: Tx, tenantId: string): Promise<PurchaseSettings> {
  const [row] = await tx.select().from(purchaseSettings).where(eq(purchaseSettings.tenantId, tenantId)).limit(1);
  if (!row) return { ...PURCHASE_SETTINGS_DEFAULTS };
  return {
    approvalThreshold: row.approvalThreshold,
    receivingTolerancePercent: row.receivingTolerancePercent,
    defaultPaymentTermId: row.defaultPaymentTermId,
    numberPrefix: row.numberPrefix,
    numberWidth: row.numberWidth,
    digestEnabled: row.digestEnabled,
  };
}

async function checkPaymentTerm(tx: Tx, tenantId: string, id: string | null) {
  if (!id) return;
  const [c] = await tx
    .select({ id: invoiceConditions.id })
    .from(invoiceConditions)
    .where(and(eq(invoiceConditions.tenantId, tenantId), eq(invoiceConditions.id, id)));
  if (!c) throw appError("BAD_REQUEST", "purchasing:errors.paymentTermNotFound");
}

/** purchaseSettings.update: one row per tenant, written whole. */
export async function updatePurchaseSettings(tx: Tx, tenantId: string, input: PurchaseSettingsInput): Promise<PurchaseSettings> {
  await checkPaymentTerm(tx, tenantId, input.defaultPaymentTermId);
  const values = { ...input, updatedAt: new Date() };
  await tx
    .insert(purchaseSettings)
    .values({ tenantId, id: newId(), ...values })
    .onConflictDoUpdate({ target: purchaseSettings.tenantId, set: values });
  return getPurchaseSettings(tx, tenantId);
}

// ——— reading ———

const providerName = sql<string>`(select p.name from ${providers} p where p.tenant_id = purchase_orders.tenant_id and p.id = purchase_orders.provider_id)`;
const warehouseName = sql<string>`(select w.name from ${warehouses} w where w.tenant_id = purchase_orders.tenant_id and w.id = purchase_orders.warehouse_id)`;

/** purchaseOrder.getAll: a page of orders, newest order date first, by status, provider, warehouse, dates and number/provider search. */
export async function findPurchaseOrders(tx: Tx, tenantId: string, input: PurchaseOrderListInput) {
  const search = input.search
    ? or(
        ilike(purchaseOrders.number, likePattern(input.search)),
        sql`exists (select 1 from ${providers} p where p.tenant_id = purchase_orders.tenant_id and p.id = purchase_orders.provider_id and p.name ilike ${likePattern(input.search)})`,
      )
    : undefined;
  const where = and(
    eq(purchaseOrders.tenantId, tenantId),
    input.status ? eq(purchaseOrders.status, input.status) : undefined,
    input.providerId ? eq(purchaseOrders.providerId, input.providerId) : undefined,
    input.warehouseId ? eq(purchaseOrders.warehouseId, input.warehouseId) : undefined,
    input.dateFrom ? gte(purchaseOrders.orderDate, input.dateFrom) : undefined,
    input.dateTo ? lte(purchaseOrders.orderDate, input.dateTo) : undefined,
    search,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        id: purchaseOrders.id,
        number: purchaseOrders.number,
        status: purchaseOrders.status,
        orderDate: purchaseOrders.orderDate,
        expectedDate: purchaseOrders.expectedDate,
        providerId: purchaseOrders.providerId,
        providerName,
        warehouseId: purchaseOrders.warehouseId,
        warehouseName,
        total: purchaseOrders.total,
        lineCount: sql<number>`(select count(*)::int from ${purchaseOrderLines} l where l.tenant_id = purchase_orders.tenant_id and l.order_id = purchase_orders.id)`,
      })
      .from(purchaseOrders)
      .where(where)
      .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.number))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    tx.select({ n: count() }).from(purchaseOrders).where(where),
  ]);
  return pageOf(rows, total?.n ?? 0, input.page, input.pageSize);
}

/** purchaseOrder.getById: the order with its provider, lines and receipts (NOT_FOUND for another tenant's). */
export async function getPurchaseOrder(tx: Tx, tenantId: string, id: string) {
  const [o] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, id)))
    .limit(1);
  if (!o) throw notFound();
  const [[provider], [warehouse], [term], [creator], lines, receipts, receiptLines, settings] = await Promise.all([
    tx
      .select({ id: providers.id, code: providers.code, name: providers.name, email: providers.email, phone: providers.phone, mobile: providers.mobile, taxId: providers.taxId, isActive: providers.isActive })
      .from(providers)
      .where(and(eq(providers.tenantId, tenantId), eq(providers.id, o.providerId))),
    tx
      .select({ id: warehouses.id, name: warehouses.name })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, o.warehouseId))),
    o.paymentTermId
      ? tx
          .select({ id: invoiceConditions.id, name: invoiceConditions.name, days: invoiceConditions.days })
          .from(invoiceConditions)
          .where(and(eq(invoiceConditions.tenantId, tenantId), eq(invoiceConditions.id, o.paymentTermId)))
      : Promise.resolve([]),
    o.createdBy ? tx.select({ name: users.name }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, o.createdBy))) : Promise.resolve([]),
    tx
      .select({
        id: purchaseOrderLines.id,
        lineNo: purchaseOrderLines.lineNo,
        productId: purchaseOrderLines.productId,
        productName: products.name,
        sku: products.sku,
        unitOfMeasure: products.unitOfMeasure,
        providerCode: purchaseOrderLines.providerCode,
        quantity: purchaseOrderLines.quantity,
        receivedQuantity: purchaseOrderLines.receivedQuantity,
        unitCost: purchaseOrderLines.unitCost,
        taxPercent: purchaseOrderLines.taxPercent,
        subtotal: purchaseOrderLines.subtotal,
        taxAmount: purchaseOrderLines.taxAmount,
        total: purchaseOrderLines.total,
      })
      .from(purchaseOrderLines)
      .innerJoin(products, and(eq(products.tenantId, purchaseOrderLines.tenantId), eq(products.id, purchaseOrderLines.productId)))
      .where(and(eq(purchaseOrderLines.tenantId, tenantId), eq(purchaseOrderLines.orderId, id)))
      .orderBy(asc(purchaseOrderLines.lineNo)),
    tx
      .select({
        id: purchaseReceipts.id,
        createdAt: purchaseReceipts.createdAt,
        notes: purchaseReceipts.notes,
        userName: sql<string | null>`(select u.name from ${users} u where u.tenant_id = purchase_receipts.tenant_id and u.id = purchase_receipts.user_id)`,
      })
      .from(purchaseReceipts)
      .where(and(eq(purchaseReceipts.tenantId, tenantId), eq(purchaseReceipts.orderId, id)))
      .orderBy(asc(purchaseReceipts.createdAt)),
    tx
      .select({
        receiptId: purchaseReceiptLines.receiptId,
        orderLineId: purchaseReceiptLines.orderLineId,
        productId: purchaseReceiptLines.productId,
        productName: products.name,
        quantity: purchaseReceiptLines.quantity,
        unitCost: purchaseReceiptLines.unitCost,
        costBefore: purchaseReceiptLines.costBefore,
        costAfter: purchaseReceiptLines.costAfter,
      })
      .from(purchaseReceiptLines)
      .innerJoin(purchaseReceipts, and(eq(purchaseReceipts.tenantId, purchaseReceiptLines.tenantId), eq(purchaseReceipts.id, purchaseReceiptLines.receiptId)))
      .innerJoin(products, and(eq(products.tenantId, purchaseReceiptLines.tenantId), eq(products.id, purchaseReceiptLines.productId)))
      .where(and(eq(purchaseReceiptLines.tenantId, tenantId), eq(purchaseReceipts.orderId, id))),
    getPurchaseSettings(tx, tenantId),
  ]);
  return {
    ...o,
    provider: provider!,
    warehouseName: warehouse?.name ?? "",
    paymentTerm: term ?? null,
    createdByName: creator?.name ?? null,
    lines,
    receipts: receipts.map((r) => ({ ...r, lines: receiptLines.filter((l) => l.receiptId === r.id) })),
    receivingTolerancePercent: settings.receivingTolerancePercent,
    approvalThreshold: settings.approvalThreshold,
  };
}
export type PurchaseOrderDetail = Awaited<ReturnType<typeof getPurchaseOrder>>;

/**
 * purchaseOrder.getProductDefaults: what a new line of these products starts with: the last unit
 * cost ordered from this provider (else the product's cost), the provider's own code (the
 * product's alternative code for that provider) and the product's ITBIS rate.
 */
export async function getProductDefaults(tx: Tx, tenantId: string, input: { providerId?: string | null; productIds: string[] }) {
  const ids = [...new Set(input.productIds)];
  const [rows, lastCosts, codes] = await Promise.all([
    tx
      .select({ id: products.id, costPrice: products.costPrice, isTaxable: products.isTaxable, taxPercent: products.taxPercent })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids))),
    input.providerId
      ? tx
          .selectDistinctOn([purchaseOrderLines.productId], { productId: purchaseOrderLines.productId, unitCost: purchaseOrderLines.unitCost })
          .from(purchaseOrderLines)
          .innerJoin(purchaseOrders, and(eq(purchaseOrders.tenantId, purchaseOrderLines.tenantId), eq(purchaseOrders.id, purchaseOrderLines.orderId)))
          .where(
            and(
              eq(purchaseOrderLines.tenantId, tenantId),
              inArray(purchaseOrderLines.productId, ids),
              eq(purchaseOrders.providerId, input.providerId),
              sql`${purchaseOrders.status} <> 'cancelled'`,
            ),
          )
          .orderBy(purchaseOrderLines.productId, desc(purchaseOrders.orderDate), desc(purchaseOrders.createdAt))
      : Promise.resolve([]),
    input.providerId
      ? tx
          .select({ productId: productAlternativeCodes.productId, sku: productAlternativeCodes.sku, barcode: productAlternativeCodes.barcode })
          .from(productAlternativeCodes)
          .where(and(eq(productAlternativeCodes.tenantId, tenantId), inArray(productAlternativeCodes.productId, ids), eq(productAlternativeCodes.providerId, input.providerId)))
      : Promise.resolve([]),
  ]);
  return rows.map((p) => {
    const last = lastCosts.find((l) => l.productId === p.id);
    const code = codes.find((c) => c.productId === p.id);
    return {
      productId: p.id,
      unitCost: last?.unitCost ?? p.costPrice,
      lastCostSource: last ? ("provider" as const) : ("product" as const),
      providerCode: code?.sku || code?.barcode || null,
      taxPercent: p.isTaxable ? toBig(p.taxPercent ?? "18").toFixed(2) : "0.00",
    };
  });
}

// ——— writing ———

/** The provider must be one of the tenant's and active; the warehouse and the products must exist (goods, not deleted). */
async function checkReferences(tx: Tx, tenantId: string, input: PurchaseOrderCreateInput) {
  const productIds = [...new Set(input.lines.map((l) => l.productId))];
  const [[provider], [warehouse], found] = await Promise.all([
    tx
      .select({ isActive: providers.isActive })
      .from(providers)
      .where(and(eq(providers.tenantId, tenantId), eq(providers.id, input.providerId))),
    tx
      .select({ isActive: warehouses.isActive })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, input.warehouseId))),
    tx
      .select({ id: products.id, name: products.name, productType: products.productType, deletedAt: products.deletedAt })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), inArray(products.id, productIds))),
    checkPaymentTerm(tx, tenantId, input.paymentTermId),
  ]);
  if (!provider) throw appError("BAD_REQUEST", "purchasing:errors.providerNotFound");
  if (!provider.isActive) throw appError("BAD_REQUEST", "purchasing:errors.providerInactive");
  if (!warehouse) throw notFound();
  if (!warehouse.isActive) throw appError("BAD_REQUEST", "purchasing:errors.warehouseInactive");
  if (found.length !== productIds.length) throw notFound();
  const unusable = found.find((p) => p.deletedAt || p.productType !== "product");
  if (unusable) throw appError("BAD_REQUEST", "purchasing:errors.productNotStockable", { product: unusable.name });
}

function orderValues(input: PurchaseOrderCreateInput) {
  const totals = purchaseTotals(input.lines);
  return {
    header: {
      providerId: input.providerId,
      warehouseId: input.warehouseId,
      orderDate: input.orderDate,
      expectedDate: input.expectedDate,
      paymentTermId: input.paymentTermId,
      notes: input.notes,
      subtotal: totals.subtotal,
      taxTotal: totals.taxTotal,
      total: totals.total,
    },
    lines: (tenantId: string, orderId: string) =>
      input.lines.map((l, i) => ({
        tenantId,
        id: newId(),
        orderId,
        lineNo: i + 1,
        productId: l.productId,
        providerCode: l.providerCode,
        quantity: l.quantity,
        unitCost: l.unitCost,
        taxPercent: l.taxPercent,
        ...totals.lines[i]!,
      })),
  };
}

/** purchaseOrder.create: a draft, numbered from the gap-free sequence; the same idempotencyKey returns the first order. */
export async function createPurchaseOrder(ctx: PurchasingContext, input: PurchaseOrderCreateInput) {
  const { tx, tenantId, userId } = ctx;
  if (input.idempotencyKey) {
    const [existing] = await tx
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.idempotencyKey, input.idempotencyKey)));
    if (existing) return getPurchaseOrder(tx, tenantId, existing.id);
  }
  await checkReferences(tx, tenantId, input);
  const settings = await getPurchaseSettings(tx, tenantId);
  const id = newId();
  const values = orderValues(input);
  try {
    const number = await nextDocumentNumber(tx, tenantId, PURCHASE_ORDER_SERIES, settings.numberPrefix, settings.numberWidth);
    await tx.insert(purchaseOrders).values({ tenantId, id, number, status: "draft", createdBy: userId, idempotencyKey: input.idempotencyKey ?? null, ...values.header });
    await tx.insert(purchaseOrderLines).values(values.lines(tenantId, id));
  } catch (e) {
    if (isForeignKeyViolation(e)) throw notFound();
    if (isUniqueViolation(e)) throw appError("CONFLICT", "purchasing:errors.duplicateNumber");
    throw e;
  }
  return getPurchaseOrder(tx, tenantId, id);
}

/** The order row, locked until the transaction ends: every write of one order takes turns here. */
async function lockOrder(tx: Tx, tenantId: string, id: string) {
  const [o] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, id)))
    .for("no key update");
  if (!o) throw notFound();
  return o;
}

function assertTransition(status: string, action: PurchaseOrderAction) {
  if (canTransition(status, action)) return;
  if (status === "cancelled") throw appError("BAD_REQUEST", "purchasing:errors.orderCancelled");
  if (action === "cancel" && (status === "partially_received" || status === "received")) throw appError("BAD_REQUEST", "purchasing:errors.cancelAfterReceipt");
  if (action === "receive" && status === "received") throw appError("BAD_REQUEST", "purchasing:errors.orderFullyReceived");
  throw appError("BAD_REQUEST", "purchasing:errors.transitionNotAllowed", { action, status });
}

/** purchaseOrder.update: only a draft or an order pending approval; its lines are replaced and the totals recomputed. */
export async function updatePurchaseOrder(ctx: PurchasingContext, input: PurchaseOrderUpdateInput) {
  const { tx, tenantId } = ctx;
  const o = await lockOrder(tx, tenantId, input.id);
  assertTransition(o.status, "update");
  await checkReferences(tx, tenantId, input);
  const values = orderValues(input);
  // The lines were never received (only approved orders receive), so they are replaced whole.
  await tx.delete(purchaseOrderLines).where(and(eq(purchaseOrderLines.tenantId, tenantId), eq(purchaseOrderLines.orderId, o.id)));
  await tx
    .update(purchaseOrders)
    .set({ ...values.header, updatedAt: new Date() })
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, o.id)));
  await tx.insert(purchaseOrderLines).values(values.lines(tenantId, o.id));
  return getPurchaseOrder(tx, tenantId, o.id);
}

/** purchaseOrder.submit: a draft goes for approval, or is approved at once when its total is at or under the threshold. */
export async function submitPurchaseOrder(ctx: PurchasingContext, id: string) {
  const { tx, tenantId, userId } = ctx;
  const o = await lockOrder(tx, tenantId, id);
  assertTransition(o.status, "submit");
  const settings = await getPurchaseSettings(tx, tenantId);
  const next = statusAfterSubmit(o.total, settings.approvalThreshold);
  const now = new Date();
  await tx
    .update(purchaseOrders)
    .set({
      status: next,
      submittedAt: now,
      submittedBy: userId,
      ...(next === "approved" ? { approvedAt: now, approvedBy: userId, autoApproved: true } : {}),
      updatedAt: now,
    })
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, id), eq(purchaseOrders.status, "draft")));
  return getPurchaseOrder(tx, tenantId, id);
}

/** purchaseOrder.approve: an order pending approval (the router requires purchase_orders.approve). */
export async function approvePurchaseOrder(ctx: PurchasingContext, id: string) {
  const { tx, tenantId, userId } = ctx;
  const o = await lockOrder(tx, tenantId, id);
  assertTransition(o.status, "approve");
  const now = new Date();
  await tx
    .update(purchaseOrders)
    .set({ status: "approved", approvedAt: now, approvedBy: userId, autoApproved: false, updatedAt: now })
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, id)));
  return getPurchaseOrder(tx, tenantId, id);
}

/** purchaseOrder.cancel: before anything was received; the order stays, marked cancelled. */
export async function cancelPurchaseOrder(ctx: PurchasingContext, input: { id: string; reason: string | null }) {
  const { tx, tenantId, userId } = ctx;
  const o = await lockOrder(tx, tenantId, input.id);
  assertTransition(o.status, "cancel");
  const now = new Date();
  await tx
    .update(purchaseOrders)
    .set({ status: "cancelled", cancelledAt: now, cancelledBy: userId, cancelReason: input.reason, updatedAt: now })
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, input.id)));
  return getPurchaseOrder(tx, tenantId, input.id);
}

/** Marks an approved (or already sent) order as sent, after its mail was accepted or its WhatsApp link made. */
export async function markSent(ctx: PurchasingContext, id: string, via: "email" | "whatsapp", to: string | null) {
  const now = new Date();
  await ctx.tx
    .update(purchaseOrders)
    .set({ status: "sent", sentAt: now, sentBy: ctx.userId, sentVia: via, sentTo: to, updatedAt: now })
    .where(and(eq(purchaseOrders.tenantId, ctx.tenantId), eq(purchaseOrders.id, id)));
}

export { assertTransition, lockOrder };

/**
 * purchaseOrder.receive: all or part of each line into the order's warehouse. The order row is
 * locked, so two receipts of one order take turns; a line's received quantity grows only while
 * it stays within what was ordered plus the tolerance (checked again in the UPDATE). The stock
 * enters through the ledger (source 'purchase', the receipt's id) and each product's cost becomes
 * the weighted average of what was on hand and what came in. The same clientKey returns the
 * first receipt's order, never a second receipt.
 */
export async function receivePurchaseOrder(ctx: PurchasingContext, input: PurchaseReceiveInput) {
  const { tx, tenantId, userId } = ctx;
  const o = await lockOrder(tx, tenantId, input.id);
  // Read after the lock: a receipt of the same key committed meanwhile is seen here.
  const [existing] = await tx
    .select({ orderId: purchaseReceipts.orderId })
    .from(purchaseReceipts)
    .where(and(eq(purchaseReceipts.tenantId, tenantId), eq(purchaseReceipts.clientKey, input.clientKey)));
  if (existing) {
    if (existing.orderId !== o.id) throw appError("BAD_REQUEST", "purchasing:errors.clientKeyReused");
    return getPurchaseOrder(tx, tenantId, o.id);
  }
  assertTransition(o.status, "receive");
  const [lines, settings] = await Promise.all([
    tx
      .select({
        id: purchaseOrderLines.id,
        productId: purchaseOrderLines.productId,
        productName: products.name,
        quantity: purchaseOrderLines.quantity,
        receivedQuantity: purchaseOrderLines.receivedQuantity,
        unitCost: purchaseOrderLines.unitCost,
      })
      .from(purchaseOrderLines)
      .innerJoin(products, and(eq(products.tenantId, purchaseOrderLines.tenantId), eq(products.id, purchaseOrderLines.productId)))
      .where(and(eq(purchaseOrderLines.tenantId, tenantId), eq(purchaseOrderLines.orderId, o.id)))
      .orderBy(asc(purchaseOrderLines.lineNo)),
    getPurchaseSettings(tx, tenantId),
  ]);
  const factor = new Big(1).plus(toBig(settings.receivingTolerancePercent).div(100));
  const wanted = new Map<string, Big>();
  for (const l of input.lines) {
    const line = lines.find((x) => x.id === l.lineId);
    if (!line) throw appError("BAD_REQUEST", "purchasing:errors.lineNotOnOrder");
    wanted.set(line.id, (wanted.get(line.id) ?? new Big(0)).plus(l.quantity));
  }
  const taking = lines.filter((l) => wanted.get(l.id)?.gt(0));
  if (taking.length === 0) throw appError("BAD_REQUEST", "purchasing:errors.nothingToReceive");
  for (const l of taking) {
    const allowed = toBig(l.quantity).times(factor);
    if (toBig(l.receivedQuantity).plus(wanted.get(l.id)!).gt(allowed)) {
      throw appError("BAD_REQUEST", "purchasing:errors.aboveOrdered", { product: l.productName, remaining: allowed.minus(l.receivedQuantity).toFixed(4).replace(/\.?0+$/, "") });
    }
  }

  // Each line grows only within what was ordered plus the tolerance, in one UPDATE.
  const grow = JSON.stringify(taking.map((l) => ({ id: l.id, quantity: wanted.get(l.id)!.toFixed(4) })));
  const grown = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE ${purchaseOrderLines} l SET received_quantity = l.received_quantity + r.quantity
      FROM jsonb_to_recordset(${grow}::jsonb) AS r(id uuid, quantity numeric)
      WHERE l.tenant_id = ${tenantId} AND l.order_id = ${o.id} AND l.id = r.id
        AND l.received_quantity + r.quantity <= l.quantity * ${factor.toString()}::numeric
      RETURNING l.id`),
  );
  if (grown.length !== taking.length) throw appError("BAD_REQUEST", "purchasing:errors.aboveOrdered", { product: taking.find((l) => !grown.some((g) => g.id === l.id))?.productName ?? "", remaining: "0" });

  // Costs: the products' rows are locked (in id order) so two receipts of different orders average one after the other.
  const productIds = [...new Set(taking.map((l) => l.productId))].sort();
  const costRows = await tx
    .select({ id: products.id, costPrice: products.costPrice })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, productIds)))
    .orderBy(asc(products.id))
    .for("no key update");
  const onHandRows = await tx
    .select({ productId: productStock.productId, onHand: sql<string>`coalesce(sum(${productStock.currentQuantity}), 0)::text` })
    .from(productStock)
    .where(and(eq(productStock.tenantId, tenantId), inArray(productStock.productId, productIds)))
    .groupBy(productStock.productId);
  const cost = new Map(costRows.map((p) => [p.id, p.costPrice]));
  const onHand = new Map(productIds.map((id) => [id, toBig(onHandRows.find((r) => r.productId === id)?.onHand ?? "0")]));
  const receiptId = newId();
  const receiptLines = taking.map((l) => {
    const q = wanted.get(l.id)!;
    const before = cost.get(l.productId) ?? "0";
    const held = onHand.get(l.productId)!;
    const after = weightedAverageCost({ onHand: held.toString(), currentCost: before, receivedQuantity: q.toString(), unitCost: l.unitCost });
    cost.set(l.productId, after);
    onHand.set(l.productId, held.lt(0) ? q : held.plus(q));
    return { tenantId, id: newId(), receiptId, orderLineId: l.id, productId: l.productId, quantity: q.toFixed(4), unitCost: l.unitCost, onHandBefore: held.toFixed(4), costBefore: before, costAfter: after };
  });

  await tx.insert(purchaseReceipts).values({ tenantId, id: receiptId, orderId: o.id, warehouseId: o.warehouseId, clientKey: input.clientKey, notes: input.notes, userId });
  await tx.insert(purchaseReceiptLines).values(receiptLines);
  await applyStockChanges(
    tx,
    { tenantId, userId, sourceType: "purchase", sourceId: receiptId, note: o.number, allowNegative: true },
    receiptLines.map((l) => ({ productId: l.productId, warehouseId: o.warehouseId, delta: l.quantity })),
  );
  const costs = JSON.stringify(productIds.map((id) => ({ id, cost: cost.get(id) })));
  await tx.execute(sql`
    UPDATE ${products} p SET cost_price = c.cost, updated_at = now()
    FROM jsonb_to_recordset(${costs}::jsonb) AS c(id uuid, cost numeric)
    WHERE p.tenant_id = ${tenantId} AND p.id = c.id`);

  const after = await tx
    .select({ quantity: purchaseOrderLines.quantity, receivedQuantity: purchaseOrderLines.receivedQuantity })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.tenantId, tenantId), eq(purchaseOrderLines.orderId, o.id)));
  const status = statusAfterReceipt(after);
  const now = new Date();
  await tx
    .update(purchaseOrders)
    .set({ status, receivedAt: status === "received" ? now : null, updatedAt: now })
    .where(and(eq(purchaseOrders.tenantId, tenantId), eq(purchaseOrders.id, o.id)));
  await postDocument(tx, tenantId, userId, "stock_movement", receiptId);
  return getPurchaseOrder(tx, tenantId, o.id);
}
