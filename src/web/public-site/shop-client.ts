import { cartIslands } from "../storefront/cart/islands";
import { contactIslands } from "../storefront/contact/islands";
import { sectionIslands } from "../storefront/sections/islands";
import { shopIslands } from "../storefront/shop/islands";
import { SHOP_CATALOGS } from "./catalogs";
import { hydrateIslands } from "./hydrate";
import "./site.css";

/** The shop pages' only script: hydrates their interactive parts (src/server/public-site/render.ts names it). */
hydrateIslands({ ...shopIslands, ...sectionIslands, ...cartIslands, ...contactIslands }, SHOP_CATALOGS);
