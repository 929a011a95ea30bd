import type { IslandRegistry } from "../../public-site/island";
import { AddToCartButton } from "./add-to-cart-button";
import { CartButton } from "./cart-button";
import { CheckoutPage } from "./checkout-page";
import { OrderStatusPage } from "./order-status-page";

/** The cart button and drawer, add-to-cart buttons, the checkout and the order's page (helper C). */
export const cartIslands: IslandRegistry = { CartButton, AddToCartButton, CheckoutPage, OrderStatusPage };
