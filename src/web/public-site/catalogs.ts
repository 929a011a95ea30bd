import enMarketing from "../../shared/i18n/en/marketing.json";
import enStorefront from "../../shared/i18n/en/storefront.json";
import enStorefrontCart from "../../shared/i18n/en/storefrontCart.json";
import enStorefrontSections from "../../shared/i18n/en/storefrontSections.json";
import esMarketing from "../../shared/i18n/es/marketing.json";
import esStorefront from "../../shared/i18n/es/storefront.json";
import esStorefrontCart from "../../shared/i18n/es/storefrontCart.json";
import esStorefrontSections from "../../shared/i18n/es/storefrontSections.json";
import type { SiteCatalogs } from "./i18n";

/**
 * The namespaces each public page type needs, in both languages. The server renders with the
 * same objects the page's client entry hydrates with.
 */
export const SHOP_CATALOGS: SiteCatalogs = {
  es: { storefront: esStorefront, storefrontSections: esStorefrontSections, storefrontCart: esStorefrontCart },
  en: { storefront: enStorefront, storefrontSections: enStorefrontSections, storefrontCart: enStorefrontCart },
};

/** The marketing pages' strings (helper D may split them into more namespaces and add them here). */
export const MARKETING_CATALOGS: SiteCatalogs = {
  es: { marketing: esMarketing },
  en: { marketing: enMarketing },
};
