import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/settings-layout";
import { CurrenciesPage } from "./currencies-page";
import { CUSTOMER_TYPES_PERMISSION, CustomerTypesPage } from "./customer-types-page";
import { InvoiceConditionsPage } from "./invoice-conditions-page";
import { InvoiceTypesPage } from "./invoice-types-page";
import { FISCAL_SETTINGS_PERMISSION } from "./parts";
import { PaymentMethodsPage } from "./payment-methods-page";

/** Settings tabs of the fiscal settings (NCF types and ranges, currencies, payment methods, invoice conditions and types, customer types). */
export const fiscalSettingsTabs: SettingsTab[] = [
  { key: "currencies", path: "/home/settings/currencies", permission: FISCAL_SETTINGS_PERMISSION, labelKey: "fiscalSettings:tabs.currencies" },
  { key: "paymentMethods", path: "/home/settings/payment-methods", permission: FISCAL_SETTINGS_PERMISSION, labelKey: "fiscalSettings:tabs.paymentMethods" },
  { key: "invoiceConditions", path: "/home/settings/invoice-conditions", permission: FISCAL_SETTINGS_PERMISSION, labelKey: "fiscalSettings:tabs.invoiceConditions" },
  { key: "invoiceTypes", path: "/home/settings/invoice-types", permission: FISCAL_SETTINGS_PERMISSION, labelKey: "fiscalSettings:tabs.invoiceTypes" },
  { key: "customerTypes", path: "/home/settings/customer-types", permission: CUSTOMER_TYPES_PERMISSION, labelKey: "fiscalSettings:tabs.customerTypes" },
];

export const fiscalSettingsRoutes: RouteObject[] = [
  { path: "currencies", element: <CurrenciesPage /> },
  { path: "payment-methods", element: <PaymentMethodsPage /> },
  { path: "invoice-conditions", element: <InvoiceConditionsPage /> },
  { path: "invoice-types", element: <InvoiceTypesPage /> },
  { path: "customer-types", element: <CustomerTypesPage /> },
];
