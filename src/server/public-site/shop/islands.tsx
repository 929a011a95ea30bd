import type { PublicOnlineOrder } from "../../../shared/storefront/cart";
import type { StoreInfo, StoreProductCard } from "../../../shared/storefront/types";
import { Island } from "../../../web/public-site/island";
import { AddToCartButton } from "../../../web/storefront/cart/add-to-cart-button";
import { CartButton } from "../../../web/storefront/cart/cart-button";
import { CheckoutPage } from "../../../web/storefront/cart/checkout-page";
import { OrderStatusPage } from "../../../web/storefront/cart/order-status-page";
import { ContactForm } from "../../../web/storefront/contact/contact-form";

/** The other helpers' islands as the shop pages place them (contracts 3 and 5). */
export const addToCartIsland = (storeId: string, card: StoreProductCard) => (
  <Island
    name="AddToCartButton"
    component={AddToCartButton}
    props={{ storeId, storeProductId: card.id, productId: card.product_id, inStock: card.in_stock, name: card.name }}
  />
);

export const cartButtonIsland = (store: StoreInfo) => <Island name="CartButton" component={CartButton} props={{ storeId: store.id, currency: store.currency }} />;

export const contactFormIsland = (storeId: string) => <Island name="ContactForm" component={ContactForm} props={{ storeId }} />;

export const checkoutIsland = (store: StoreInfo) => <Island name="CheckoutPage" component={CheckoutPage} props={{ storeId: store.id, store }} />;

export const orderStatusIsland = (order: PublicOnlineOrder, orderKey: string) => <Island name="OrderStatusPage" component={OrderStatusPage} props={{ order, orderKey }} />;
