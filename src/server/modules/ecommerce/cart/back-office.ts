import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { likePattern, offsetOf, pageOf, searchKey } from "../../../../shared/platform/pagination";
import { type findOnlineOrdersInput, type findStoreProductsInput, onlineOrderNumber, type updateStoreProductInput } from "../../../../shared/storefront/cart";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError, notFound } from "../../../trpc/errors";
import { cancelLink, type LinkContext } from "../../payment-link/service";
import { paymentLinks } from "../../payment-link/tables";
import { orders } from "../../pos/tables";
import { products } from "../../product/tables";
import { productCategories } from "../../product-category/tables";
import { onlineOrders, onlineStockReservations, storeProducts } from "../tables";
import { shownStatus } from "./checkout";
import { DELIVERY_SKU, type OrderLine } from "./order-invoice";

// ───────────────────────────── online products ─────────────────────────────

/**
 * ecommerce.findStoreProducts: the catalogue's products (active, not deleted; the delivery fee's
 * product left out) with their online settings, searched by name/SKU/barcode and paged on the
 * server (an index on products keeps 10,000 products fast).
 */
export async function findStoreProducts(tx: Tx, tenantId: string, input: z.output<typeof findStoreProductsInput>) {
  const where: SQL[] = [eq(products.tenantId, tenantId), eq(products.isActive, true), isNull(products.deletedAt), sql`${products.sku} <> ${DELIVERY_SKU}`];
  if (input.search) where.push(sql`${products.searchText} LIKE ${likePattern(searchKey(input.search))}`);
  if (input.filter === "online") where.push(eq(storeProducts.isOnline, true));
  if (input.filter === "offline") where.push(sql`coalesce(${storeProducts.isOnline}, false) = false`);
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        productId: products.id,
        name: products.name,
        sku: products.sku,
        price: products.price,
        imageUrl: products.imageUrl,
        categoryName: productCategories.name,
        storeProductId: storeProducts.id,
        isOnline: storeProducts.isOnline,
        onlinePrice: storeProducts.onlinePrice,
        originalPrice: storeProducts.originalPrice,
        isFeatured: storeProducts.isFeatured,
        brand: storeProducts.brand,
      })
      .from(products)
      .leftJoin(storeProducts, and(eq(storeProducts.tenantId, products.tenantId), eq(storeProducts.productId, products.id)))
      .leftJoin(productCategories, and(eq(productCategories.tenantId, products.tenantId), eq(productCategories.id, products.categoryId)))
      .where(filter)
      .orderBy(products.name, products.id)
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    tx
      .select({ n: count() })
      .from(products)
      .leftJoin(storeProducts, and(eq(storeProducts.tenantId, products.tenantId), eq(storeProducts.productId, products.id)))
      .where(filter),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, isOnline: r.isOnline ?? false, isFeatured: r.isFeatured ?? false })),
    Number(total?.n ?? 0),
    input.page,
    input.pageSize,
  );
}

/**
 * ecommerce.updateStoreProduct: sets the online settings given (left out: kept) on one product or a
 * selection ('publish online' in bulk); a product never offered before gets its store product.
 * Another tenant's or an unknown product: NOT_FOUND, nothing changed.
 */
export async function updateStoreProduct(tx: Tx, tenantId: string, input: z.output<typeof updateStoreProductInput>) {
  const ids = [...new Set(input.productIds)];
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids), isNull(products.deletedAt)));
  if (found.length !== ids.length) throw notFound();
  const set = {
    ...(input.isOnline !== undefined ? { isOnline: input.isOnline } : {}),
    ...(input.onlinePrice !== undefined ? { onlinePrice: input.onlinePrice } : {}),
    ...(input.originalPrice !== undefined ? { originalPrice: input.originalPrice } : {}),
    ...(input.isFeatured !== undefined ? { isFeatured: input.isFeatured } : {}),
    ...(input.brand !== undefined ? { brand: input.brand } : {}),
  };
  await tx
    .insert(storeProducts)
    .values(ids.map((productId) => ({ tenantId, id: newId(), productId, isOnline: false, ...set })))
    .onConflictDoUpdate({ target: [storeProducts.tenantId, storeProducts.productId], set: { ...set, updatedAt: new Date() } });
  return { updated: ids.length };
}

// ───────────────────────────── online orders ─────────────────────────────

const orderColumns = {
  id: onlineOrders.id,
  number: onlineOrders.number,
  status: onlineOrders.status,
  reservedUntil: onlineOrders.reservedUntil,
  customerName: onlineOrders.customerName,
  email: onlineOrders.email,
  phone: onlineOrders.phone,
  fulfillment: onlineOrders.fulfillment,
  paymentMethod: onlineOrders.paymentMethod,
  total: onlineOrders.total,
  createdAt: onlineOrders.createdAt,
  invoiceId: onlineOrders.orderId,
  invoiceNumber: orders.number,
  ncf: orders.ncf,
};

/** ecommerce.findOnlineOrders: newest first; 'expired' is a pending order past its reservation. */
export async function findOnlineOrders(tx: Tx, tenantId: string, input: z.output<typeof findOnlineOrdersInput>, now = new Date()) {
  const where: SQL[] = [eq(onlineOrders.tenantId, tenantId)];
  const at = now.toISOString();
  if (input.status === "pending_payment") where.push(sql`${onlineOrders.status} = 'pending_payment' AND (${onlineOrders.reservedUntil} IS NULL OR ${onlineOrders.reservedUntil} > ${at}::timestamptz)`);
  else if (input.status === "expired") where.push(sql`(${onlineOrders.status} = 'expired' OR (${onlineOrders.status} = 'pending_payment' AND ${onlineOrders.reservedUntil} <= ${at}::timestamptz))`);
  else if (input.status) where.push(eq(onlineOrders.status, input.status));
  if (input.search) {
    const like = likePattern(input.search);
    const n = /^(?:WEB-)?0*(\d{1,9})$/i.exec(input.search);
    where.push(sql`(${onlineOrders.customerName} ILIKE ${like} OR ${onlineOrders.email} ILIKE ${like} OR ${onlineOrders.phone} ILIKE ${like}${n ? sql` OR ${onlineOrders.number} = ${Number(n[1])}` : sql``})`);
  }
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    tx
      .select(orderColumns)
      .from(onlineOrders)
      .leftJoin(orders, and(eq(orders.tenantId, onlineOrders.tenantId), eq(orders.id, onlineOrders.orderId)))
      .where(filter)
      .orderBy(desc(onlineOrders.createdAt), desc(onlineOrders.id))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    tx.select({ n: count() }).from(onlineOrders).where(filter),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, number: onlineOrderNumber(r.number), status: shownStatus(r, now), createdAt: r.createdAt.toISOString(), reservedUntil: r.reservedUntil?.toISOString() ?? null })),
    Number(total?.n ?? 0),
    input.page,
    input.pageSize,
  );
}

/** ecommerce.getOnlineOrder: the order with its lines, customer, invoice and payment link. */
export async function getOnlineOrder(tx: Tx, tenantId: string, id: string, now = new Date()) {
  const [row] = await tx
    .select({
      order: onlineOrders,
      invoiceNumber: orders.number,
      ncf: orders.ncf,
      balanceDue: orders.balanceDue,
      linkStatus: paymentLinks.status,
      linkExpiresAt: paymentLinks.expiresAt,
      linkUrl: paymentLinks.linkUrl,
      linkPaidAt: paymentLinks.paidAt,
    })
    .from(onlineOrders)
    .leftJoin(orders, and(eq(orders.tenantId, onlineOrders.tenantId), eq(orders.id, onlineOrders.orderId)))
    .leftJoin(paymentLinks, and(eq(paymentLinks.tenantId, onlineOrders.tenantId), eq(paymentLinks.id, onlineOrders.paymentLinkId)))
    .where(and(eq(onlineOrders.tenantId, tenantId), eq(onlineOrders.id, id)));
  if (!row) throw notFound();
  const o = row.order;
  const linkStatus = row.linkStatus === "pending" && row.linkExpiresAt && row.linkExpiresAt <= now ? "expired" : row.linkStatus;
  return {
    id: o.id,
    number: onlineOrderNumber(o.number),
    status: shownStatus(o, now),
    createdAt: o.createdAt.toISOString(),
    reservedUntil: o.reservedUntil?.toISOString() ?? null,
    customerName: o.customerName,
    email: o.email,
    phone: o.phone,
    rnc: o.rnc,
    customerId: o.customerId,
    fulfillment: o.fulfillment,
    address: o.address,
    notes: o.notes,
    paymentMethod: o.paymentMethod,
    lines: o.lines as OrderLine[],
    subtotal: o.subtotal,
    taxTotal: o.taxTotal,
    shippingTotal: o.shippingTotal,
    discountTotal: o.discountTotal,
    total: o.total,
    invoice: o.orderId ? { id: o.orderId, number: row.invoiceNumber, ncf: row.ncf, balanceDue: row.balanceDue } : null,
    paymentLink: o.paymentLinkId ? { id: o.paymentLinkId, status: linkStatus, url: row.linkUrl, paidAt: row.linkPaidAt?.toISOString() ?? null } : null,
  };
}

/**
 * ecommerce.cancelOnlineOrder: an order waiting for its payment (or past it) is cancelled, its
 * stock released and its link cancelled. An invoiced order is cancelled through its invoice
 * (refused here); cancelling again answers the order unchanged.
 */
export async function cancelOnlineOrder(ctx: LinkContext, id: string) {
  const { tx, tenant } = ctx;
  const [order] = await tx
    .select()
    .from(onlineOrders)
    .where(and(eq(onlineOrders.tenantId, tenant.id), eq(onlineOrders.id, id)))
    .for("update");
  if (!order) throw notFound();
  if (order.status === "invoiced") throw appError("BAD_REQUEST", "storefrontOrders:errors.cannotCancelInvoiced");
  if (order.status !== "cancelled") {
    const now = new Date();
    await tx
      .update(onlineOrders)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(eq(onlineOrders.tenantId, tenant.id), eq(onlineOrders.id, id)));
    await tx
      .update(onlineStockReservations)
      .set({ releasedAt: now })
      .where(and(eq(onlineStockReservations.tenantId, tenant.id), eq(onlineStockReservations.onlineOrderId, id), isNull(onlineStockReservations.releasedAt)));
    if (order.paymentLinkId) {
      const [link] = await tx
        .select({ status: paymentLinks.status })
        .from(paymentLinks)
        .where(and(eq(paymentLinks.tenantId, tenant.id), eq(paymentLinks.id, order.paymentLinkId)));
      if (link?.status === "pending") await cancelLink(ctx, order.paymentLinkId);
    }
  }
  return getOnlineOrder(tx, tenant.id, id);
}
