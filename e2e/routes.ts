import type { Page } from "@playwright/test";
import { trpcQuery } from "./catalog-helpers";

/**
 * Every screen of the back office and the POS, for the generated checks (no sideways scroll at
 * 390 and 768 px, axe-core). Detail screens are resolved to a real record of the demo tenant.
 */
export const STATIC_ROUTES = [
  "/home",
  "/home/pos",
  "/home/cash-box",
  "/home/products",
  "/home/products/new",
  "/home/warehouse-movements",
  "/home/warehouse-movements/new",
  "/home/providers",
  "/home/providers/new",
  "/home/invoices",
  "/home/invoices/new",
  "/home/credit-notes",
  "/home/customers",
  "/home/customers/new",
  "/home/customers/legal/new",
  "/home/sellers",
  "/home/employees",
  "/home/employees/new",
  "/home/appointments",
  "/home/settings",
  "/home/settings/users",
  "/home/settings/modules",
  "/home/settings/configuration",
  "/home/settings/categories",
  "/home/settings/warehouses",
  "/home/settings/units",
  "/home/settings/cash-boxes",
  "/home/settings/ncf",
  "/home/settings/currencies",
  "/home/settings/payment-methods",
  "/home/settings/invoice-conditions",
  "/home/settings/invoice-types",
  "/home/settings/customer-types",
  "/home/settings/outbox",
] as const;

type Page0<T> = { items: T[] };

/** The detail screens, each opened on the first record of its list (after a signed-in page load). */
export async function detailRoutes(page: Page): Promise<string[]> {
  const first = async (path: string, input: unknown = { page: 1, pageSize: 1 }) => {
    try {
      const r = await trpcQuery<Page0<{ id: string }> | { id: string }[]>(page, path, input);
      const items = Array.isArray(r) ? r : r.items;
      return items[0]?.id;
    } catch {
      return undefined;
    }
  };
  const out: string[] = [];
  const customer = await first("customer.getAll");
  if (customer) out.push(`/home/customers/${customer}`, `/home/customers/${customer}/edit`);
  const product = await first("product.getAll");
  if (product) out.push(`/home/products/${product}`);
  const provider = await first("provider.getAll");
  if (provider) out.push(`/home/providers/${provider}`, `/home/providers/${provider}/edit`);
  const invoice = await first("invoice.getAll");
  if (invoice) out.push(`/home/invoices/${invoice}`);
  const movement = await first("warehouseMovement.getAll");
  if (movement) out.push(`/home/warehouse-movements/${movement}`);
  const employee = await first("employee.getAll");
  if (employee) out.push(`/home/employees/${employee}`);
  return out;
}
