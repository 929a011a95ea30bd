import { timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { onlineOrderNumber, type PublicOnlineOrder } from "../../../../shared/storefront/cart";
import type { Tx } from "../../../db/client";
import { paymentLinks } from "../../payment-link/tables";
import { orders } from "../../pos/tables";
import { defaultCurrencyCode } from "../../tenant/service";
import { onlineOrders } from "../tables";
import { shownStatus } from "./checkout";
import type { OrderLine } from "./order-invoice";

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The order of this tenant with that id whose key (the checkout's idempotency key, known only to
 * the buyer's browser) matches, or null (A's route answers 404): an order id alone shows nothing.
 */
export async function loadOrderForPublic(tx: Tx, tenantId: string, orderId: string, key: string): Promise<PublicOnlineOrder | null> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId) || !key) return null;
  const [row] = await tx
    .select({ order: onlineOrders, invoiceNumber: orders.number, ncf: orders.ncf, linkUrl: paymentLinks.linkUrl })
    .from(onlineOrders)
    .leftJoin(orders, and(eq(orders.tenantId, onlineOrders.tenantId), eq(orders.id, onlineOrders.orderId)))
    .leftJoin(paymentLinks, and(eq(paymentLinks.tenantId, onlineOrders.tenantId), eq(paymentLinks.id, onlineOrders.paymentLinkId)))
    .where(and(eq(onlineOrders.tenantId, tenantId), eq(onlineOrders.id, orderId)));
  if (!row || !sameKey(row.order.idempotencyKey, key)) return null;
  const o = row.order;
  const status = shownStatus(o);
  return {
    id: o.id,
    number: onlineOrderNumber(o.number),
    status,
    created_at: o.createdAt.toISOString(),
    customer_name: o.customerName,
    fulfillment: o.fulfillment as PublicOnlineOrder["fulfillment"],
    address: o.address,
    payment_method: o.paymentMethod as PublicOnlineOrder["payment_method"],
    lines: (o.lines as OrderLine[]).map((l) => ({ name: l.name, price: l.price, quantity: l.quantity, total: l.total })),
    subtotal: o.subtotal,
    tax_total: o.taxTotal,
    shipping_total: o.shippingTotal,
    discount_total: o.discountTotal,
    total: o.total,
    currency: await defaultCurrencyCode(tx, tenantId),
    invoice: row.invoiceNumber ? { number: row.invoiceNumber, ncf: row.ncf ?? null } : null,
    payment_url: status === "pending_payment" ? (row.linkUrl ?? null) : null,
  };
}

export type { PublicOnlineOrder };
