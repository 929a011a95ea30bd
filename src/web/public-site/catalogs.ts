import enMarketing from "../../shared/i18n/en/marketing.json";
import enMarketingDental from "../../shared/i18n/en/marketingDental.json";
import enMarketingForms from "../../shared/i18n/en/marketingForms.json";
import enMarketingLegal from "../../shared/i18n/en/marketingLegal.json";
import enMarketingPos from "../../shared/i18n/en/marketingPos.json";
import enStorefront from "../../shared/i18n/en/storefront.json";
import enStorefrontCart from "../../shared/i18n/en/storefrontCart.json";
import { contact as enStorefrontContact, validation as enStorefrontValidation } from "../../shared/i18n/en/storefrontContent.json";
import enStorefrontSections from "../../shared/i18n/en/storefrontSections.json";
import esMarketing from "../../shared/i18n/es/marketing.json";
import esMarketingDental from "../../shared/i18n/es/marketingDental.json";
import esMarketingForms from "../../shared/i18n/es/marketingForms.json";
import esMarketingLegal from "../../shared/i18n/es/marketingLegal.json";
import esMarketingPos from "../../shared/i18n/es/marketingPos.json";
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

/** The marketing pages' strings: the shared one (header, footer, pricing cards) and one per page. */
export const MARKETING_CATALOGS: SiteCatalogs = {
  es: { marketing: esMarketing, marketingPos: esMarketingPos, marketingDental: esMarketingDental, marketingForms: esMarketingForms, marketingLegal: esMarketingLegal },
  en: { marketing: enMarketing, marketingPos: enMarketingPos, marketingDental: enMarketingDental, marketingForms: enMarketingForms, marketingLegal: enMarketingLegal },
};
