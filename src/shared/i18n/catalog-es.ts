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

/** The Spanish catalogs, by namespace. The web app always loads it (it is also the fallback for a missing key). */
export const es = { auth: esAuth, common: esCommon, dashboard: esDashboard, errors: esErrors, nav: esNav, settings: esSettings, superadmin: esSuperadmin, products: esProducts, productImport: esProductImport, providers: esProviders, categories: esCategories, units: esUnits, inventory: esInventory, recipes: esRecipes, warehouses: esWarehouses, customers: esCustomers, employees: esEmployees, pos: esPos, outbox: esOutbox, cashbox: esCashbox, posPanels: esPosPanels, fiscalSettings: esFiscalSettings, invoices: esInvoices, invoiceShare: esInvoiceShare, creditNotes: esCreditNotes, ncf: esNcf };
