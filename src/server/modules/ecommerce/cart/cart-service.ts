import { and, asc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { addToCartInput, getCartInput, updateCartItemInput } from "../../../../shared/storefront/cart";
import { cartTotals } from "../../../../shared/storefront/cart";
import { CART_MAX_QUANTITY } from "../../../../shared/storefront/constants";
import type { OnlineCart } from "../../../../shared/storefront/types";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError } from "../../../trpc/errors";
import { products } from "../../product/tables";
import { loadPublishedStore, type StoreRow } from "../access";
import { onlineCartItems, onlineCarts, storeProducts } from "../tables";
import { assertAvailable, availabilityOf, storeWarehouseId } from "./stock";

const ADD_FAILED = "storefrontCart:errors.addFailed";
const UPDATE_FAILED = "storefrontCart:errors.updateFailed";

/** A cart line with the server's price and tax data (only online, active products). */
export interface PricedCartLine {
  id: string;
  storeProductId: string;
  productId: string;
  name: string;
  imageUrl: string | null;
  productType: string;
  /** the catalogue price */
  price: string;
  /** the price charged online */
  onlinePrice: string;
  quantity: number;
  taxPercent: string | null;
  isTaxable: boolean;
  priceIncludesTax: boolean;
}

/** The open cart of a session (null when it has none). */
export async function findOpenCart(tx: Tx, tenantId: string, storeId: string, sessionId: string) {
  const [cart] = await tx
    .select()
    .from(onlineCarts)
    .where(and(eq(onlineCarts.tenantId, tenantId), eq(onlineCarts.storeId, storeId), eq(onlineCarts.sessionId, sessionId)));
  return cart ?? null;
}

/** The cart's lines priced now; lines whose product went offline or inactive are left out. */
export async function pricedLines(tx: Tx, tenantId: string, cartId: string): Promise<PricedCartLine[]> {
  const rows = await tx
    .select({
      id: onlineCartItems.id,
      storeProductId: onlineCartItems.storeProductId,
      productId: onlineCartItems.productId,
      quantity: onlineCartItems.quantity,
      name: products.name,
      imageUrl: products.imageUrl,
      productType: products.productType,
      price: products.price,
      onlinePrice: storeProducts.onlinePrice,
      taxPercent: products.taxPercent,
      isTaxable: products.isTaxable,
      priceIncludesTax: products.priceIncludesTax,
    })
    .from(onlineCartItems)
    .innerJoin(storeProducts, and(eq(storeProducts.tenantId, onlineCartItems.tenantId), eq(storeProducts.id, onlineCartItems.storeProductId)))
    .innerJoin(products, and(eq(products.tenantId, onlineCartItems.tenantId), eq(products.id, onlineCartItems.productId)))
    .where(and(eq(onlineCartItems.tenantId, tenantId), eq(onlineCartItems.cartId, cartId), eq(storeProducts.isOnline, true), eq(products.isActive, true), isNull(products.deletedAt)))
    .orderBy(asc(onlineCartItems.createdAt), asc(onlineCartItems.id));
  return rows.map((r) => ({ ...r, onlinePrice: r.onlinePrice ?? r.price }));
}

export function cartView(cart: { id: string; storeId: string } | null, storeId: string, lines: PricedCartLine[]): OnlineCart {
  const totals = cartTotals(lines.map((l) => ({ price: l.onlinePrice, quantity: l.quantity, tax_percent: l.taxPercent, is_taxable: l.isTaxable, price_includes_tax: l.priceIncludesTax })));
  return {
    id: cart?.id ?? "",
    store_id: storeId,
    items: lines.map((l) => ({
      id: l.id,
      store_product_id: l.storeProductId,
      product_id: l.productId,
      name: l.name,
      price: l.price,
      quantity: l.quantity,
      image_url: l.imageUrl,
      online_price: l.onlinePrice,
    })),
    subtotal: totals.subtotal,
    tax_total: totals.tax_total,
    shipping_total: totals.shipping_total,
    discount_total: totals.discount_total,
    total: totals.total,
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
  };
}

/** ecommerce.getCart: the session's open cart, or an empty one (id '') when it has none. */
export async function getCart(tx: Tx, tenantId: string, input: z.output<typeof getCartInput>): Promise<OnlineCart> {
  const store = await loadPublishedStore(tx, tenantId, input.storeId);
  const cart = await findOpenCart(tx, tenantId, store.id, input.sessionId);
  if (cart?.status !== "open") return cartView(null, store.id, []);
  return cartView(cart, store.id, await pricedLines(tx, tenantId, cart.id));
}

/** The store product of a catalogue product offered online (active, not deleted), or null. */
async function onlineProduct(tx: Tx, tenantId: string, productId: string) {
  const [row] = await tx
    .select({ storeProductId: storeProducts.id, name: products.name })
    .from(storeProducts)
    .innerJoin(products, and(eq(products.tenantId, storeProducts.tenantId), eq(products.id, storeProducts.productId)))
    .where(and(eq(storeProducts.tenantId, tenantId), eq(storeProducts.productId, productId), eq(storeProducts.isOnline, true), eq(products.isActive, true), isNull(products.deletedAt)));
  return row ?? null;
}

/** The session's open cart, created on the first add. A cart already ordered takes nothing more. */
async function openCartFor(tx: Tx, tenantId: string, store: StoreRow, sessionId: string) {
  const found = await findOpenCart(tx, tenantId, store.id, sessionId);
  if (found) {
    if (found.status !== "open") throw appError("BAD_REQUEST", "storefrontCart:errors.cartClosed");
    return found;
  }
  const [created] = await tx.insert(onlineCarts).values({ tenantId, id: newId(), storeId: store.id, sessionId }).onConflictDoNothing().returning();
  if (created) return created;
  const raced = await findOpenCart(tx, tenantId, store.id, sessionId);
  if (raced?.status !== "open") throw appError("BAD_REQUEST", "storefrontCart:errors.cartClosed");
  return raced;
}

/**
 * ecommerce.addToCart: adds `quantity` of a catalogue product offered online to the session's cart
 * (added to the line already there). Refused: a product not online, inactive or not this
 * tenant's ('No se pudo agregar el producto', NOT_FOUND); more than the stock the shop may sell
 * (BAD_REQUEST naming what is left); more than CART_MAX_QUANTITY of one product.
 */
export async function addToCart(tx: Tx, tenantId: string, input: z.output<typeof addToCartInput>): Promise<OnlineCart> {
  const store = await loadPublishedStore(tx, tenantId, input.storeId);
  const product = await onlineProduct(tx, tenantId, input.productId);
  if (!product) throw appError("NOT_FOUND", ADD_FAILED);
  const cart = await openCartFor(tx, tenantId, store, input.sessionId);
  const [line] = await tx
    .select({ id: onlineCartItems.id, quantity: onlineCartItems.quantity })
    .from(onlineCartItems)
    .where(and(eq(onlineCartItems.tenantId, tenantId), eq(onlineCartItems.cartId, cart.id), eq(onlineCartItems.storeProductId, product.storeProductId)))
    .for("update");
  const quantity = (line?.quantity ?? 0) + input.quantity;
  if (quantity > CART_MAX_QUANTITY) throw appError("BAD_REQUEST", "storefrontCart:errors.tooMany", { max: CART_MAX_QUANTITY });
  const warehouseId = await storeWarehouseId(tx, tenantId, store);
  assertAvailable(await availabilityOf(tx, tenantId, warehouseId, [input.productId]), input.productId, product.name, quantity);
  if (line) {
    await tx
      .update(onlineCartItems)
      .set({ quantity, updatedAt: new Date() })
      .where(and(eq(onlineCartItems.tenantId, tenantId), eq(onlineCartItems.id, line.id)));
  } else {
    await tx.insert(onlineCartItems).values({ tenantId, id: newId(), cartId: cart.id, storeProductId: product.storeProductId, productId: input.productId, quantity });
  }
  return cartView(cart, store.id, await pricedLines(tx, tenantId, cart.id));
}

/**
 * ecommerce.updateCartItem: sets a line's quantity (0 removes it). The cart must be this tenant's,
 * open, and the caller's: its session id must match (a cart id alone, seen in a page or a log,
 * does not let another visitor change it). Anything else: NOT_FOUND 'No se pudo actualizar el
 * carrito'. Raising the quantity checks the stock as addToCart does.
 */
export async function updateCartItem(tx: Tx, tenantId: string, input: z.output<typeof updateCartItemInput>): Promise<OnlineCart> {
  const [cart] = await tx
    .select()
    .from(onlineCarts)
    .where(and(eq(onlineCarts.tenantId, tenantId), eq(onlineCarts.id, input.cartId), eq(onlineCarts.sessionId, input.sessionId)));
  if (cart?.status !== "open") throw appError("NOT_FOUND", UPDATE_FAILED);
  const store = await loadPublishedStore(tx, tenantId, cart.storeId);
  const [line] = await tx
    .select({ id: onlineCartItems.id, productId: onlineCartItems.productId, quantity: onlineCartItems.quantity, name: products.name })
    .from(onlineCartItems)
    .innerJoin(products, and(eq(products.tenantId, onlineCartItems.tenantId), eq(products.id, onlineCartItems.productId)))
    .where(and(eq(onlineCartItems.tenantId, tenantId), eq(onlineCartItems.cartId, cart.id), eq(onlineCartItems.id, input.itemId)));
  if (!line) throw appError("NOT_FOUND", UPDATE_FAILED);
  const where = and(eq(onlineCartItems.tenantId, tenantId), eq(onlineCartItems.id, line.id));
  if (input.quantity === 0) {
    await tx.delete(onlineCartItems).where(where);
  } else {
    if (input.quantity > line.quantity) {
      const warehouseId = await storeWarehouseId(tx, tenantId, store);
      assertAvailable(await availabilityOf(tx, tenantId, warehouseId, [line.productId]), line.productId, line.name, input.quantity);
    }
    await tx.update(onlineCartItems).set({ quantity: input.quantity, updatedAt: new Date() }).where(where);
  }
  return cartView(cart, store.id, await pricedLines(tx, tenantId, cart.id));
}
