import { mergeRouters } from "../../trpc/init";
import { cartRouter } from "./cart/router";
import { contentRouter } from "./content/router";
import { editorRouter } from "./editor/router";
import { shopRouter } from "./shop/router";

/**
 * `ecommerce.*` (issue 19): one flat namespace in the spec's style, each area in its own folder:
 * shop/ (what the public shop reads), editor/ (page sections, publish), cart/ (cart, checkout,
 * online orders), content/ (media library, blog, store settings, contact messages).
 */
export const ecommerceRouter = mergeRouters(shopRouter, editorRouter, cartRouter, contentRouter);
