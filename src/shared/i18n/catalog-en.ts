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

/** The English catalogs, by namespace. The web app loads it only when English is chosen (src/web/lib/i18n.ts), so a Spanish first load does not parse it. */
export const en = { auth: enAuth, common: enCommon, dashboard: enDashboard, errors: enErrors, nav: enNav, settings: enSettings, superadmin: enSuperadmin, products: enProducts, productImport: enProductImport, providers: enProviders, categories: enCategories, units: enUnits, inventory: enInventory, recipes: enRecipes, warehouses: enWarehouses, customers: enCustomers, employees: enEmployees, pos: enPos, outbox: enOutbox, cashbox: enCashbox, posPanels: enPosPanels, fiscalSettings: enFiscalSettings, invoices: enInvoices, invoiceShare: enInvoiceShare, creditNotes: enCreditNotes, ncf: enNcf };
