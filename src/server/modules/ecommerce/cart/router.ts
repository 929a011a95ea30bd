import {
  addToCartInput,
  checkoutInput,
  findOnlineOrdersInput,
  findStoreProductsInput,
  getCartInput,
  onlineOrderIdInput,
  publicOrderInput,
  updateCartItemInput,
  updateStoreProductInput,
} from "../../../../shared/storefront/cart";
import { requestOrigin } from "../../../origin";
import { notFound } from "../../../trpc/errors";
import { router } from "../../../trpc/init";
import { checkConfig } from "../../payment-link/service";
import { loadPublishedStore, shopProcedure, storefrontUpdateProcedure, storefrontViewProcedure } from "../access";
import { cancelOnlineOrder, findOnlineOrders, findStoreProducts, getOnlineOrder, updateStoreProduct } from "./back-office";
import { addToCart, getCart, updateCartItem } from "./cart-service";
import { checkout } from "./checkout";
import { loadOrderForPublic } from "./public-order";

/**
 * The online cart, checkout and online orders (helper C). Public procedures take the tenant from
 * the host and need a published store (loadPublishedStore); the back office's need storefront.view
 * (reads) or storefront.update (writes).
 */
export const cartRouter = router({
  /** {storeId, sessionId} → OnlineCart (an empty one, id '', when the session has none). */
  getCart: shopProcedure.input(getCartInput).query(({ ctx, input }) => getCart(ctx.tx, ctx.tenant.id, input)),
  /** {storeId, productId (the catalogue product), quantity, sessionId} → OnlineCart. */
  addToCart: shopProcedure.input(addToCartInput).mutation(({ ctx, input }) => addToCart(ctx.tx, ctx.tenant.id, input)),
  /** {cartId, itemId, quantity (0 removes), sessionId (the cart's own)} → OnlineCart. */
  updateCartItem: shopProcedure.input(updateCartItemInput).mutation(({ ctx, input }) => updateCartItem(ctx.tx, ctx.tenant.id, input)),
  /** {storeId} → the payment methods the checkout offers (payment_link only when links are configured). */
  getCheckoutOptions: shopProcedure.input(getCartInput.pick({ storeId: true })).query(async ({ ctx, input }) => {
    await loadPublishedStore(ctx.tx, ctx.tenant.id, input.storeId);
    return { paymentLink: await checkConfig(ctx.tx, ctx.tenant.id), onDelivery: true };
  }),
  /** The checkout form → {orderId, number, status, paymentUrl, orderKey}; the same idempotencyKey answers the first order. */
  checkout: shopProcedure.input(checkoutInput).mutation(({ ctx, input }) => checkout({ tx: ctx.tx, tenant: ctx.tenant, origin: requestOrigin(ctx) }, input)),

  /** {orderId, key} → the order as its page shows it (PublicOnlineOrder); a wrong key or id: NOT_FOUND. */
  getPublicOrder: shopProcedure.input(publicOrderInput).query(async ({ ctx, input }) => {
    await loadPublishedStore(ctx.tx, ctx.tenant.id);
    const order = await loadOrderForPublic(ctx.tx, ctx.tenant.id, input.orderId, input.key);
    if (!order) throw notFound();
    return order;
  }),

  findStoreProducts: storefrontViewProcedure.input(findStoreProductsInput).query(({ ctx, input }) => findStoreProducts(ctx.tx, ctx.tenant.id, input)),
  updateStoreProduct: storefrontUpdateProcedure.input(updateStoreProductInput).mutation(({ ctx, input }) => updateStoreProduct(ctx.tx, ctx.tenant.id, input)),
  findOnlineOrders: storefrontViewProcedure.input(findOnlineOrdersInput).query(({ ctx, input }) => findOnlineOrders(ctx.tx, ctx.tenant.id, input)),
  getOnlineOrder: storefrontViewProcedure.input(onlineOrderIdInput).query(({ ctx, input }) => getOnlineOrder(ctx.tx, ctx.tenant.id, input.id)),
  cancelOnlineOrder: storefrontUpdateProcedure
    .input(onlineOrderIdInput)
    .mutation(({ ctx, input }) => cancelOnlineOrder({ tx: ctx.tx, tenant: ctx.tenant, user: ctx.user, origin: requestOrigin(ctx), lang: ctx.lang }, input.id)),
});
