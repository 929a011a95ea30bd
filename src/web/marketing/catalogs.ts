import enMarketing from "../../shared/i18n/en/marketing.json";
import enMarketingDental from "../../shared/i18n/en/marketingDental.json";
import enMarketingForms from "../../shared/i18n/en/marketingForms.json";
import enMarketingLegal from "../../shared/i18n/en/marketingLegal.json";
import enMarketingPos from "../../shared/i18n/en/marketingPos.json";
import esMarketing from "../../shared/i18n/es/marketing.json";
import esMarketingDental from "../../shared/i18n/es/marketingDental.json";
import esMarketingForms from "../../shared/i18n/es/marketingForms.json";
import esMarketingLegal from "../../shared/i18n/es/marketingLegal.json";
import esMarketingPos from "../../shared/i18n/es/marketingPos.json";
import type { SiteCatalogs } from "../public-site/i18n";

/**
 * The marketing pages' strings: the shared namespace (header, footer, pricing cards) and one per
 * page. The server renders with the same objects the marketing script hydrates with.
 */
export const MARKETING_CATALOGS: SiteCatalogs = {
  es: { marketing: esMarketing, marketingPos: esMarketingPos, marketingDental: esMarketingDental, marketingForms: esMarketingForms, marketingLegal: esMarketingLegal },
  en: { marketing: enMarketing, marketingPos: enMarketingPos, marketingDental: enMarketingDental, marketingForms: enMarketingForms, marketingLegal: enMarketingLegal },
};
