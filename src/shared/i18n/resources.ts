import enAuth from "./en/auth.json";
import enCashbox from "./en/cashbox.json";
import enCategories from "./en/categories.json";
import enCommon from "./en/common.json";
import enCreditNotes from "./en/creditNotes.json";
import enCustomers from "./en/customers.json";
import enDashboard from "./en/dashboard.json";
import enEmployees from "./en/employees.json";
import enErrors from "./en/errors.json";
import enFiscalSettings from "./en/fiscalSettings.json";
import enInventory from "./en/inventory.json";
import enInvoiceShare from "./en/invoiceShare.json";
import enInvoices from "./en/invoices.json";
import enNav from "./en/nav.json";
import enNcf from "./en/ncf.json";
import enOutbox from "./en/outbox.json";
import enPos from "./en/pos.json";
import enPosPanels from "./en/posPanels.json";
import enProductImport from "./en/productImport.json";
import enProducts from "./en/products.json";
import enProviders from "./en/providers.json";
import enRecipes from "./en/recipes.json";
import enSettings from "./en/settings.json";
import enSuperadmin from "./en/superadmin.json";
import enUnits from "./en/units.json";
import enWarehouses from "./en/warehouses.json";
import esAuth from "./es/auth.json";
import esCashbox from "./es/cashbox.json";
import esCategories from "./es/categories.json";
import esCommon from "./es/common.json";
import esCreditNotes from "./es/creditNotes.json";
import esCustomers from "./es/customers.json";
import esDashboard from "./es/dashboard.json";
import esEmployees from "./es/employees.json";
import esErrors from "./es/errors.json";
import esFiscalSettings from "./es/fiscalSettings.json";
import esInventory from "./es/inventory.json";
import esInvoiceShare from "./es/invoiceShare.json";
import esInvoices from "./es/invoices.json";
import esNav from "./es/nav.json";
import esNcf from "./es/ncf.json";
import esOutbox from "./es/outbox.json";
import esPos from "./es/pos.json";
import esPosPanels from "./es/posPanels.json";
import esProductImport from "./es/productImport.json";
import esProducts from "./es/products.json";
import esProviders from "./es/providers.json";
import esRecipes from "./es/recipes.json";
import esSettings from "./es/settings.json";
import esSuperadmin from "./es/superadmin.json";
import esUnits from "./es/units.json";
import esWarehouses from "./es/warehouses.json";

/** Every catalog, by language and namespace. Both languages always carry the same keys. */
export const resources = {
  es: { auth: esAuth, common: esCommon, dashboard: esDashboard, errors: esErrors, nav: esNav, settings: esSettings, superadmin: esSuperadmin, products: esProducts, productImport: esProductImport, providers: esProviders, categories: esCategories, units: esUnits, inventory: esInventory, recipes: esRecipes, warehouses: esWarehouses, customers: esCustomers, employees: esEmployees, pos: esPos, outbox: esOutbox, cashbox: esCashbox, posPanels: esPosPanels, fiscalSettings: esFiscalSettings, invoices: esInvoices, invoiceShare: esInvoiceShare, creditNotes: esCreditNotes, ncf: esNcf },
  en: { auth: enAuth, common: enCommon, dashboard: enDashboard, errors: enErrors, nav: enNav, settings: enSettings, superadmin: enSuperadmin, products: enProducts, productImport: enProductImport, providers: enProviders, categories: enCategories, units: enUnits, inventory: enInventory, recipes: enRecipes, warehouses: enWarehouses, customers: enCustomers, employees: enEmployees, pos: enPos, outbox: enOutbox, cashbox: enCashbox, posPanels: enPosPanels, fiscalSettings: enFiscalSettings, invoices: enInvoices, invoiceShare: enInvoiceShare, creditNotes: enCreditNotes, ncf: enNcf },
} as const;

export type Namespace = keyof (typeof resources)["es"];
export const NAMESPACES = Object.keys(resources.es) as Namespace[];
