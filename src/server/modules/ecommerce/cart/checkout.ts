import { and, eq, isNull, max, sql } from "drizzle-orm";
import type { z } from "zod";
import { customerCreateInput } from "../../../../shared/customers/customer";
import { translate } from "../../../../shared/i18n/translate";
import { formatMoney } from "../../../../shared/money/format";
import { cartTotals, type checkoutInput, onlineOrderNumber } from "../../../../shared/storefront/cart";
import { ONLINE_RESERVATION_MINUTES } from "../../../../shared/storefront/constants";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { createCustomer } from "../../customer/service";
import { customers } from "../../customer/tables";
import { escapeHtml, sendMail } from "../../mail/service";
import { checkConfig, createLink } from "../../payment-link/service";
import { paymentLinks } from "../../payment-link/tables";
import { defaultCurrencyCode, type TenantRow } from "../../tenant/service";
import { loadPublishedStore, type StoreRow } from "../access";
import { onlineCarts, onlineOrders, onlineStockReservations } from "../tables";
import { findOpenCart, pricedLines } from "./cart-service";
import { creditMethodId, invoiceOnlineOrder, type OnlineOrderRow, type OrderLine, storeActingUser } from "./order-invoice";
import { assertAvailable, availabilityOf, lockOnlineStock, storeWarehouseId } from "./stock";

export interface CheckoutContext {
  tx: Tx;
  tenant: TenantRow;
  /** scheme and host of the shop (the payment link's page is there) */
  origin: string;
}

export interface CheckoutAnswer {
  orderId: string;
  /** 'WEB-0001' */
  number: string;
  status: "pending_payment" | "invoiced" | "expired" | "cancelled";
  /** the payment link's page (payment_link orders) */
  paymentUrl: string | null;
  /** shows the order at /shop/orders/{orderId}?key={orderKey} */
  orderKey: string;
}

type CheckoutInput = z.output<typeof checkoutInput>;

/** The status an order is shown with: a pending one past its reservation has expired. */
export function shownStatus(order: Pick<OnlineOrderRow, "status" | "reservedUntil">, now = new Date()): CheckoutAnswer["status"] {
  if (order.status === "pending_payment" && order.reservedUntil && order.reservedUntil <= now) return "expired";
  return order.status as CheckoutAnswer["status"];
}

async function answerOf(tx: Tx, tenantId: string, order: OnlineOrderRow): Promise<CheckoutAnswer> {
  let paymentUrl: string | null = null;
  if (order.paymentLinkId) {
    const [link] = await tx
      .select({ url: paymentLinks.linkUrl })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.tenantId, tenantId), eq(paymentLinks.id, order.paymentLinkId)));
    paymentUrl = link?.url ?? null;
  }
  return { orderId: order.id, number: onlineOrderNumber(order.number), status: shownStatus(order), paymentUrl, orderKey: order.idempotencyKey };
}

/**
 * The buyer as a customer: with an RNC/cédula the customer with that tax id (created when new);
 * without, the customer with that e-mail (created when new). Never the generic cash customer: an
 * on-delivery order is invoiced owing its total, which the cash customer cannot.
 */
async function buyerCustomerId(tx: Tx, tenantId: string, input: CheckoutInput): Promise<string> {
  const match = input.rnc ? sql`regexp_replace(${customers.taxId}, '[^0-9]', '', 'g') = ${input.rnc}` : sql`lower(${customers.email}) = ${input.email}`;
  const [found] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.isActive, true), eq(customers.isDefault, false), isNull(customers.deletedAt), match))
    .limit(1);
  if (found) return found.id;
  const created = await createCustomer(
    tx,
    tenantId,
    customerCreateInput.parse({ name: input.name, tax_id: input.rnc ?? undefined, email: input.email, phone: input.phone.slice(0, 40), address: input.address ?? undefined }),
  );
  return created.id;
}

/**
 * ecommerce.checkout: in one transaction the cart is priced again on the server, the stock checked
 * (checkouts of a tenant take turns), and the order created (WEB-{number}); then
 * - payment_link: its stock is reserved for ONLINE_RESERVATION_MINUTES and a payment link of the
 *   total made (expiring with the reservation); the invoice is made when the link is paid;
 * - on_delivery: the invoice is made at once, owing its total (CREDIT), NCF B02 or B01 with an RNC.
 * The shop and the buyer are mailed; the cart becomes 'ordered'. The same idempotencyKey again
 * answers the first order.
 */
export async function checkout(ctx: CheckoutContext, input: CheckoutInput): Promise<CheckoutAnswer> {
  const { tx, tenant } = ctx;
  const tenantId = tenant.id;
  const store = await loadPublishedStore(tx, tenantId, input.storeId);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}:online-checkout:${input.idempotencyKey}`}, 0))`);
  const [done] = await tx
    .select()
    .from(onlineOrders)
    .where(and(eq(onlineOrders.tenantId, tenantId), eq(onlineOrders.idempotencyKey, input.idempotencyKey)));
  if (done) return answerOf(tx, tenantId, done);

  if ((input.fulfillment === "delivery" && !store.allowDelivery) || (input.fulfillment === "pickup" && !store.allowPickup)) throw appError("BAD_REQUEST", "storefrontCart:errors.fulfillmentUnavailable");
  const creditId = input.paymentMethod === "on_delivery" ? await creditMethodId(tx, tenantId) : null;
  if (input.paymentMethod === "on_delivery" && !creditId) throw appError("BAD_REQUEST", "storefrontCart:errors.paymentMethodUnavailable");
  if (input.paymentMethod === "payment_link" && !(await checkConfig(tx, tenantId))) throw appError("BAD_REQUEST", "storefrontCart:errors.paymentMethodUnavailable");

  const cart = await findOpenCart(tx, tenantId, store.id, input.sessionId);
  const lines = cart?.status === "open" ? await pricedLines(tx, tenantId, cart.id) : [];
  if (!cart || lines.length === 0) throw appError("BAD_REQUEST", "storefrontCart:errors.cartEmpty");

  await lockOnlineStock(tx, tenantId);
  const warehouseId = await storeWarehouseId(tx, tenantId, store);
  const availability = await availabilityOf(
    tx,
    tenantId,
    warehouseId,
    lines.map((l) => l.productId),
  );
  for (const l of lines) assertAvailable(availability, l.productId, l.name, l.quantity);

  const shipping = input.fulfillment === "delivery" ? store.deliveryFee : "0";
  const totals = cartTotals(
    lines.map((l) => ({ price: l.onlinePrice, quantity: l.quantity, tax_percent: l.taxPercent, is_taxable: l.isTaxable, price_includes_tax: l.priceIncludesTax })),
    { shipping },
  );
  const orderLines: OrderLine[] = lines.map((l, i) => ({
    storeProductId: l.storeProductId,
    productId: l.productId,
    name: l.name,
    price: l.onlinePrice,
    quantity: l.quantity,
    taxPercent: l.taxPercent,
    isTaxable: l.isTaxable,
    priceIncludesTax: l.priceIncludesTax,
    total: totals.line_totals[i]!,
  }));
  const customerId = await buyerCustomerId(tx, tenantId, input);
  const [last] = await tx
    .select({ n: max(onlineOrders.number) })
    .from(onlineOrders)
    .where(eq(onlineOrders.tenantId, tenantId));
  const number = (last?.n ?? 0) + 1;
  const now = new Date();
  const reservedUntil = input.paymentMethod === "payment_link" ? new Date(now.getTime() + ONLINE_RESERVATION_MINUTES * 60_000) : null;
  const [order] = await tx
    .insert(onlineOrders)
    .values({
      tenantId,
      id: newId(),
      storeId: store.id,
      cartId: cart.id,
      number,
      status: "pending_payment",
      customerName: input.name,
      email: input.email,
      phone: input.phone,
      rnc: input.rnc,
      fulfillment: input.fulfillment,
      address: input.fulfillment === "delivery" ? input.address : null,
      notes: input.notes,
      paymentMethod: input.paymentMethod,
      lines: orderLines,
      subtotal: totals.subtotal,
      taxTotal: totals.tax_total,
      shippingTotal: totals.shipping_total,
      discountTotal: totals.discount_total,
      total: totals.total,
      customerId,
      reservedUntil,
      idempotencyKey: input.idempotencyKey,
    })
    .returning();
  await tx
    .update(onlineCarts)
    .set({ status: "ordered", updatedAt: now })
    .where(and(eq(onlineCarts.tenantId, tenantId), eq(onlineCarts.id, cart.id)));
  const user = await storeActingUser(tx, tenantId);
  await mailOrder(tx, tenant, store, order!, { ownerEmail: user.email, ownerLang: user.language, buyerLang: input.language, currency: await defaultCurrencyCode(tx, tenantId) });

  if (input.paymentMethod === "on_delivery") {
    // Everything else is written: the invoice's own last round trip commits the transaction.
    await invoiceOnlineOrder(tx, tenant, order!, { warehouseId, methodId: creditId!, user, lang: input.language, linkedWrites: [] });
    return { orderId: order!.id, number: onlineOrderNumber(number), status: "invoiced", paymentUrl: null, orderKey: order!.idempotencyKey };
  }

  const productLines = orderLines.filter((l) => availability.get(l.productId)?.limited);
  if (productLines.length > 0) {
    await tx
      .insert(onlineStockReservations)
      .values(productLines.map((l) => ({ tenantId, id: newId(), onlineOrderId: order!.id, productId: l.productId, warehouseId, quantity: String(l.quantity), expiresAt: reservedUntil! })));
  }
  const orderNumber = onlineOrderNumber(number);
  const link = await createLink(
    { tx, tenant, user, origin: ctx.origin, lang: input.language },
    {
      orderNumber,
      amount: totals.total,
      itbis: totals.tax_total,
      language: input.language === "en" ? "EN" : "ES",
      clientContractNumber: orderNumber,
      customerName: input.name,
      description: translate(input.language, "storefrontCart:linkDescription", { number: orderNumber, store: store.storeName }).slice(0, 500),
      email: input.email,
      invoiceId: null,
    },
  );
  if (!link.success) throw appError("BAD_GATEWAY", "storefrontCart:errors.paymentLinkFailed", { error: link.errorDescription });
  // The link lapses with the reservation: past it, the order has expired and its stock is free.
  await tx
    .update(paymentLinks)
    .set({ expiresAt: reservedUntil!, updatedAt: now })
    .where(and(eq(paymentLinks.tenantId, tenantId), eq(paymentLinks.id, link.id)));
  await tx
    .update(onlineOrders)
    .set({ paymentLinkId: link.id, updatedAt: now })
    .where(and(eq(onlineOrders.tenantId, tenantId), eq(onlineOrders.id, order!.id)));
  return { orderId: order!.id, number: orderNumber, status: "pending_payment", paymentUrl: link.linkFullUrl, orderKey: order!.idempotencyKey };
}

/** Tells the shop (notify e-mail, else the store's, else the owner's) and the buyer (in the page's language) about the order. */
async function mailOrder(tx: Tx, tenant: TenantRow, store: StoreRow, order: OnlineOrderRow, opts: { ownerEmail: string; ownerLang: string; buyerLang: string; currency: string }) {
  const { ownerEmail, ownerLang, buyerLang } = opts;
  const number = onlineOrderNumber(order.number);
  const lines = order.lines as OrderLine[];
  const body = (lang: string) => {
    const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `storefrontCart:mail.${key}`, vars);
    const money = (v: string) => formatMoney(v, lang, opts.currency);
    const rows = lines.map((l) => `${l.quantity} × ${l.name} — ${money(l.total)}`);
    const totals = [
      `${t("subtotal")}: ${money(order.subtotal)}`,
      `${t("tax")}: ${money(order.taxTotal)}`,
      `${t("shipping")}: ${money(order.shippingTotal)}`,
      `${t("total")}: ${money(order.total)}`,
    ];
    const who = [
      `${t("customer")}: ${order.customerName} · ${order.email} · ${order.phone}${order.rnc ? ` · RNC ${order.rnc}` : ""}`,
      `${t(order.fulfillment === "delivery" ? "delivery" : "pickup")}${order.address ? `: ${order.address}` : ""}`,
      `${t("payment")}: ${t(order.paymentMethod === "payment_link" ? "paymentLink" : "onDelivery")}`,
      ...(order.notes ? [`${t("notes")}: ${order.notes}`] : []),
    ];
    return { rows, totals, who, t };
  };
  const html = (paragraphs: string[][]) => paragraphs.map((p) => `<p>${p.map(escapeHtml).join("<br>")}</p>`).join("\n");

  const shop = body(ownerLang === "en" ? "en" : "es");
  const shopTo = store.notifyEmail || store.email || ownerEmail;
  const shopParts = [[shop.t("shopIntro", { number, store: store.storeName })], shop.who, shop.rows, shop.totals];
  await sendMail(tx, tenant.id, { to: shopTo, subject: shop.t("shopSubject", { number }), text: shopParts.map((p) => p.join("\n")).join("\n\n"), html: html(shopParts), kind: "notification" }, { throwOnFailure: false });

  const buyer = body(buyerLang);
  const buyerParts = [[buyer.t("greeting", { name: order.customerName })], [buyer.t("buyerIntro", { number, store: store.storeName })], buyer.rows, buyer.totals, [buyer.t("closing"), store.storeName]];
  await sendMail(tx, tenant.id, { to: order.email, subject: buyer.t("buyerSubject", { number, store: store.storeName }), text: buyerParts.map((p) => p.join("\n")).join("\n\n"), html: html(buyerParts), kind: "notification" }, { throwOnFailure: false });
}
