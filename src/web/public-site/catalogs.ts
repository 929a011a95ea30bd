import enStorefront from "../../shared/i18n/en/storefront.json";
import enStorefrontCart from "../../shared/i18n/en/storefrontCart.json";
import { contact as enStorefrontContact, validation as enStorefrontValidation } from "../../shared/i18n/en/storefrontContent.json";
import enStorefrontSections from "../../shared/i18n/en/storefrontSections.json";
import esStorefront from "../../shared/i18n/es/storefront.json";
import esStorefrontCart from "../../shared/i18n/es/storefrontCart.json";
import { contact as esStorefrontContact, validation as esStorefrontValidation } from "../../shared/i18n/es/storefrontContent.json";
import esStorefrontSections from "../../shared/i18n/es/storefrontSections.json";
import type { SiteCatalogs } from "./i18n";

/**
 * The namespaces each public page type needs, in both languages. The server renders with the
 * same objects the page's client entry hydrates with.
 */
export const SHOP_CATALOGS: SiteCatalogs = {
  es: { storefront: esStorefront, storefrontSections: esStorefrontSections, storefrontCart: esStorefrontCart, storefrontContent: { contact: esStorefrontContact, validation: esStorefrontValidation } },
  en: { storefront: enStorefront, storefrontSections: enStorefrontSections, storefrontCart: enStorefrontCart, storefrontContent: { contact: enStorefrontContact, validation: enStorefrontValidation } },
};

/* The marketing pages' strings are MARKETING_CATALOGS in src/web/marketing/catalogs.ts: kept apart so that
   neither page type's script carries the other's catalogs (a module both entries import lands in their shared chunk). */
