import { and, asc, eq, isNull, type SQLWrapper, sql } from "drizzle-orm";
import { translate } from "../../../../shared/i18n/translate";
import { onlineOrderNumber } from "../../../../shared/storefront/cart";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import type { PaymentLinkCallbackEvent } from "../../../integrations/payment-link";
import { appError } from "../../../trpc/errors";
import type { SessionUser } from "../../auth/service";
import { users } from "../../auth/tables";
import { currencies } from "../../currency/tables";
import { ncfTypes } from "../../ncf/tables";
import { paymentLinkSettings, paymentLinks } from "../../payment-link/tables";
import { paymentMethods } from "../../payment-method/tables";
import { CREDIT_METHOD_CODE, createInvoice } from "../../pos/service";
import { orderPayments, orders } from "../../pos/tables";
import { products } from "../../product/tables";
import type { TenantRow } from "../../tenant/service";
import { onlineOrders, onlineStockReservations, stores } from "../tables";
import { storeWarehouseId } from "./stock";

/**
 * Online orders become invoices through createInvoice, the one invoice path (server prices, NCF,
 * stock ledger), on behalf of the store: the tenant's owner is the acting user, the store's
 * warehouse sells, no cash box counts it (the money did not pass a register). The invoice's
 * idempotency key is the online order's id, so a repeated payment callback makes one invoice.
 */

export type OnlineOrderRow = typeof onlineOrders.$inferSelect;

export interface OrderLine {
  storeProductId: string;
  productId: string;
  name: string;
  price: string;
  quantity: number;
  taxPercent: string | null;
  isTaxable: boolean;
  priceIncludesTax: boolean;
  total: string;
}

/** The SKU of the service product that carries the delivery fee on an invoice. */
export const DELIVERY_SKU = "WEB-ENVIO";

/** The tenant's owner, who signs the store's invoices (the oldest owner when there are several). */
export async function storeActingUser(tx: Tx, tenantId: string): Promise<SessionUser> {
  const [owner] = await tx
    .select({ id: users.id, name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isOwner, true)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!owner) throw appError("BAD_REQUEST", "storefrontCart:errors.storeNotReady");
  return { ...owner, tenantId, role: "owner", isOwner: true, warehouseId: null, imageUrl: null, permissions: [], modules: [], sessionId: "" } as SessionUser;
}

/** B01 (crédito fiscal) when the buyer gave an RNC or cédula, else B02 (consumidor final). */
export async function ncfTypeIdFor(tx: Tx, tenantId: string, rnc: string | null): Promise<string | null> {
  const [row] = await tx
    .select({ id: ncfTypes.id })
    .from(ncfTypes)
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.code, rnc ? "B01" : "B02"), eq(ncfTypes.isActive, true)))
    .limit(1);
  return row?.id ?? null;
}

/** The service product the delivery fee is invoiced as (created once, not sold at the POS). */
export async function deliveryProductId(tx: Tx, tenantId: string, lang: string): Promise<string> {
  const [found] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.sku, DELIVERY_SKU), isNull(products.deletedAt)))
    .limit(1);
  if (found) {
    await tx.update(products).set({ isActive: true }).where(and(eq(products.tenantId, tenantId), eq(products.id, found.id)));
    return found.id;
  }
  const id = newId();
  await tx.insert(products).values({
    tenantId,
    id,
    name: translate(lang, "storefrontCart:deliveryProduct"),
    sku: DELIVERY_SKU,
    productType: "service",
    price: "0",
    isTaxable: false,
    priceIncludesTax: false,
    availableForPos: false,
    eligibleForRewards: false,
  });
  return id;
}

async function defaultCurrencyId(tx: Tx, tenantId: string): Promise<string> {
  const [row] = await tx
    .select({ id: currencies.id })
    .from(currencies)
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.isDefault, true)))
    .limit(1);
  if (!row) throw appError("BAD_REQUEST", "storefrontCart:errors.storeNotReady");
  return row.id;
}

/** The active CREDIT method (on-delivery orders are invoiced owing their total), or null. */
export async function creditMethodId(tx: Tx, tenantId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.isActive, true), sql`upper(${paymentMethods.code}) = ${CREDIT_METHOD_CODE}`))
    .limit(1);
  return row?.id ?? null;
}

/** The method a paid link is recorded with (as the payment-link module does): the settings' choice, else the active CARD method. */
async function linkMethodId(tx: Tx, tenantId: string): Promise<string | null> {
  const [settings] = await tx.select({ methodId: paymentLinkSettings.paymentMethodId }).from(paymentLinkSettings).where(eq(paymentLinkSettings.tenantId, tenantId));
  const where = settings?.methodId ? eq(paymentMethods.id, settings.methodId) : sql`upper(${paymentMethods.code}) = 'CARD'`;
  const [row] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.isActive, true), where))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Issues the order's invoice (its lines at their online prices, the delivery fee as a line) with
 * one payment of `methodId` for the whole total. `linkedWrites` commit with it. Nothing may run on
 * tx afterwards (createInvoice commits on PostgreSQL).
 */
export async function invoiceOnlineOrder(tx: Tx, tenant: TenantRow, order: OnlineOrderRow, opts: { warehouseId: string; methodId: string; user: SessionUser; lang: string; linkedWrites: SQLWrapper[] }) {
  const tenantId = tenant.id;
  const lines = order.lines as OrderLine[];
  const items = lines.map((l) => ({ productId: l.productId, quantity: String(l.quantity), unitPrice: l.price }));
  if (Number(order.shippingTotal) > 0) items.push({ productId: await deliveryProductId(tx, tenantId, opts.lang), quantity: "1", unitPrice: order.shippingTotal });
  if (!order.customerId) throw appError("BAD_REQUEST", "storefrontCart:errors.storeNotReady");
  const invoiceId = newId();
  const currencyId = await defaultCurrencyId(tx, tenantId);
  return createInvoice(
    { tx, tenant, user: opts.user },
    {
      source: "invoice",
      orderId: invoiceId,
      clientOrderId: order.id,
      customerId: order.customerId,
      warehouseId: opts.warehouseId,
      ncfTypeId: await ncfTypeIdFor(tx, tenantId, order.rnc),
      items,
      payments: [{ paymentMethodId: opts.methodId, currencyId, amount: order.total }],
      notes: onlineOrderNumber(order.number),
      linkedWrites: [
        sql`UPDATE ${onlineOrders} SET status = 'invoiced', order_id = ${invoiceId}, updated_at = now() WHERE tenant_id = ${tenantId} AND id = ${order.id}`,
        sql`UPDATE ${onlineStockReservations} SET released_at = now() WHERE tenant_id = ${tenantId} AND online_order_id = ${order.id} AND released_at IS NULL`,
        // Paid online or on delivery: no register's cash box counts this invoice or its payment.
        sql`UPDATE ${orders} SET cashbox_session_id = NULL WHERE tenant_id = ${tenantId} AND id = ${invoiceId}`,
        sql`UPDATE ${orderPayments} SET cashbox_session_id = NULL WHERE tenant_id = ${tenantId} AND order_id = ${invoiceId}`,
        ...opts.linkedWrites.map((w) => w.getSQL()),
      ],
    },
  ).then((sale) => ({ ...sale, invoiceId }));
}

/**
 * A paid 'WEB-' link (the payment-link callback): the online order it pays is invoiced with the
 * link's payment, its reservation released, and the link marked paid — all in the invoice's own
 * commit. Answers whether anything changed (an order already invoiced: nothing). A cancelled order
 * refuses the payment (the callback answers 409 and changes nothing).
 */
export async function payOnlineOrderFromLink(tx: Tx, tenant: TenantRow, link: typeof paymentLinks.$inferSelect, event: PaymentLinkCallbackEvent): Promise<boolean> {
  const [order] = await tx
    .select()
    .from(onlineOrders)
    .where(and(eq(onlineOrders.tenantId, tenant.id), eq(onlineOrders.paymentLinkId, link.id)))
    .for("update");
  if (!order) throw appError("NOT_FOUND", "notFound");
  if (order.status === "invoiced") return false;
  if (order.status !== "pending_payment") throw appError("BAD_REQUEST", "storefrontOrders:errors.notPayable");
  const methodId = await linkMethodId(tx, tenant.id);
  if (!methodId) throw appError("BAD_REQUEST", "paymentLinks:errors.noPaymentMethod");
  const [reservation] = await tx
    .select({ warehouseId: onlineStockReservations.warehouseId })
    .from(onlineStockReservations)
    .where(and(eq(onlineStockReservations.tenantId, tenant.id), eq(onlineStockReservations.onlineOrderId, order.id)))
    .limit(1);
  const [store] = await tx
    .select()
    .from(stores)
    .where(and(eq(stores.tenantId, tenant.id), eq(stores.id, order.storeId)));
  const warehouseId = reservation?.warehouseId ?? (await storeWarehouseId(tx, tenant.id, store!));
  const user = await storeActingUser(tx, tenant.id);
  const lang = link.language === "EN" ? "en" : "es";
  await invoiceOnlineOrder(tx, tenant, order, {
    warehouseId,
    methodId,
    user,
    lang,
    linkedWrites: [
      sql`UPDATE ${paymentLinks} SET status = 'paid', paid_at = ${event.at}::timestamptz, provider_reference = ${event.transactionId}, authorization_code = ${event.authorizationCode},
        card_last4 = ${event.cardLast4}, updated_at = now(),
        payment_id = (SELECT p.id FROM ${orderPayments} p JOIN ${onlineOrders} w ON w.tenant_id = p.tenant_id AND w.order_id = p.order_id WHERE w.tenant_id = ${tenant.id} AND w.id = ${order.id} LIMIT 1)
        WHERE tenant_id = ${tenant.id} AND id = ${link.id}`,
    ],
  });
  return true;
}
