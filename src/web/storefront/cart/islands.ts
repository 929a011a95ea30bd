import type { IslandRegistry } from "../../public-site/island";

/** The cart button and drawer, add-to-cart buttons and the checkout (helper C). */
export const cartIslands: IslandRegistry = {};
