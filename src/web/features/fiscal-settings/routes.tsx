import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/tabs";

/** The tabs' permissions (defined here so the tabs do not load the pages). */
export const FISCAL_SETTINGS_PERMISSION = "settings.fiscal";
/** Customer types are a settings catalog: customerType.getAll / create / update all take settings.catalogs (reads also customers.view). */
export const CUSTOMER_TYPES_PERMISSION = "settings.catalogs";

/** Settings tabs of the fiscal settings (NCF types and ranges, currencies, payment methods, card providers, invoice conditions and types, customer types). */
export const fiscalSettingsTabs: SettingsTab[] = [
  { key: "currencies", path: "/home/settings/currencies", permission: FISCAL_SETTINGS_PERMISSION, labelKey: "fiscalSettings:tabs.currencies" },
  { key: "paymentMethods", path: "/home/settings/payment-methods", permission: FISCAL_SETTINGS_PERMISSION, labelKey: "fiscalSettings:tabs.paymentMethods" },
  { key: "cardProviders", path: "/home/settings/card-providers", permission: FISCAL_SETTINGS_PERMISSION, labelKey: "fiscalSettings:tabs.cardProviders" },
  { key: "invoiceConditions", path: "/home/settings/invoice-conditions", permission: FISCAL_SETTINGS_PERMISSION, labelKey: "fiscalSettings:tabs.invoiceConditions" },
  { key: "invoiceTypes", path: "/home/settings/invoice-types", permission: FISCAL_SETTINGS_PERMISSION, labelKey: "fiscalSettings:tabs.invoiceTypes" },
  { key: "customerTypes", path: "/home/settings/customer-types", permission: CUSTOMER_TYPES_PERMISSION, labelKey: "fiscalSettings:tabs.customerTypes" },
];

/** Each page is its own chunk, fetched when its route is first opened. */
export const fiscalSettingsRoutes: RouteObject[] = [
  { path: "currencies", lazy: () => import("./currencies-page").then((m) => ({ Component: m.CurrenciesPage })) },
  { path: "payment-methods", lazy: () => import("./payment-methods-page").then((m) => ({ Component: m.PaymentMethodsPage })) },
  { path: "card-providers", lazy: () => import("./card-providers-page").then((m) => ({ Component: m.CardProvidersPage })) },
  { path: "invoice-conditions", lazy: () => import("./invoice-conditions-page").then((m) => ({ Component: m.InvoiceConditionsPage })) },
  { path: "invoice-types", lazy: () => import("./invoice-types-page").then((m) => ({ Component: m.InvoiceTypesPage })) },
  { path: "customer-types", lazy: () => import("./customer-types-page").then((m) => ({ Component: m.CustomerTypesPage })) },
];
