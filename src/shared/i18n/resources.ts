import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enDashboard from "./en/dashboard.json";
import enErrors from "./en/errors.json";
import enNav from "./en/nav.json";
import enSettings from "./en/settings.json";
import enSuperadmin from "./en/superadmin.json";
import esAuth from "./es/auth.json";
import esCommon from "./es/common.json";
import esDashboard from "./es/dashboard.json";
import esErrors from "./es/errors.json";
import esNav from "./es/nav.json";
import esSettings from "./es/settings.json";
import esSuperadmin from "./es/superadmin.json";

/** Every catalog, by language and namespace. Both languages always carry the same keys. */
export const resources = {
  es: { common: esCommon, errors: esErrors, auth: esAuth, nav: esNav, dashboard: esDashboard, settings: esSettings, superadmin: esSuperadmin },
  en: { common: enCommon, errors: enErrors, auth: enAuth, nav: enNav, dashboard: enDashboard, settings: enSettings, superadmin: enSuperadmin },
} as const;

export type Namespace = keyof (typeof resources)["es"];
export const NAMESPACES = Object.keys(resources.es) as Namespace[];
