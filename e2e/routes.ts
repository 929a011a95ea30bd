import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { closeOwnCashbox, ensureCashboxOpen, trpcMutation, trpcQuery } from "./catalog-helpers";

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
  "/home/purchase-orders",
  "/home/purchase-orders/new",
  "/home/purchase-orders?tab=low-stock",
  "/home/purchase-orders?tab=notifications",
  "/home/purchase-orders?tab=settings",
  "/home/payables",
  "/home/payables?tab=aging",
  "/home/payables/bills/new",
  "/home/providers",
  "/home/providers/new",
  "/home/promotions",
  "/home/promotions/new",
  "/home/vouchers",
  "/home/forms",
  "/home/invoices",
  "/home/invoices?tab=links",
  "/home/invoices/new",
  "/home/credit-notes",
  "/home/reports",
  "/home/accounting",
  "/home/accounting/entries",
  "/home/accounting/entries/new",
  "/home/accounting/accounts",
  "/home/accounting/balances/general",
  "/home/accounting/balances/trial",
  "/home/accounting/balances/account",
  "/home/accounting/statements/income",
  "/home/accounting/statements/balance-sheet",
  "/home/accounting/statements/cash-flow",
  "/home/accounting/statements/equity",
  "/home/accounting/taxes",
  "/home/accounting/periods",
  "/home/accounting/settings",
  "/home/accounting/dgii/606",
  "/home/accounting/dgii/607",
  "/home/accounting/dgii/608",
  "/home/accounting/dgii/it1",
  "/home/reports/sales-by-day",
  "/home/reports/sales-by-product",
  "/home/reports/sales-by-category",
  "/home/reports/sales-by-seller",
  "/home/reports/sales-by-payment-method",
  "/home/reports/sales-by-cashbox",
  "/home/reports/sales-by-customer",
  "/home/reports/itbis-by-rate",
  "/home/reports/inventory-valuation",
  "/home/reports/receivables-aging",
  "/home/reports/payables-aging",
  "/home/customers",
  "/home/customers/new",
  "/home/customers/legal/new",
  "/home/sellers",
  "/home/employees",
  "/home/employees/new",
  "/home/appointments",
  "/home/appointments/list",
  "/home/appointments/reports",
  "/home/appointments/employees",
  "/home/appointments/services",
  "/home/appointments/schedules",
  "/home/appointments/business",
  "/home/appointments/policies",
  "/home/appointments/links",
  "/home/appointments/communications",
  "/home/appointments/templates",
  "/home/appointments/payments",
  "/home/appointments/portal",
  "/home/appointments/settings",
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
  "/home/settings/payment-links",
] as const;

/** The detail screens (the app's route patterns), each opened on a real record by `resolveDetailRoutes`. */
export const DETAIL_ROUTES = [
  "/home/customers/:id",
  "/home/customers/:id/edit",
  "/home/customers/:id/legal",
  "/home/products/:id",
  "/home/providers/:id",
  "/home/providers/:id/edit",
  "/home/invoices/:id",
  "/home/invoices/:id/edit",
  "/home/credit-notes/:id",
  "/home/warehouse-movements/:id",
  "/home/purchase-orders/:id",
  "/home/purchase-orders/:id/edit",
  "/home/payables/bills/:id",
  "/home/payables/statement/:id",
  "/home/employees/:id",
  "/home/promotions/:id",
  "/home/vouchers/:id",
  "/home/forms/:id/fill",
  "/home/forms/:id/submissions",
  "/home/forms/:id/submissions/:submissionId",
  "/home/forms/:id/permissions",
  "/home/forms/:id/share",
  "/home/forms/:id/reports",
] as const;
export type DetailRoute = (typeof DETAIL_ROUTES)[number];

/** A list page of the server ({data, pagination}, see shared/platform/pagination.ts pageOf). */
type ListPage<T> = { data: T[] };

/**
 * Each detail pattern with the first matching record of the signed-in tenant filled in, or
 * undefined when there is none (a legal client, a draft invoice… the demo may not have one yet).
 */
export async function resolveDetailRoutes(page: Page): Promise<Record<DetailRoute, string | undefined>> {
  const rows = async <T extends { id: string }>(path: string, input: unknown): Promise<T[]> => {
    try {
      return (await trpcQuery<ListPage<T>>(page, path, input)).data;
    } catch {
      return [];
    }
  };
  const first = async (path: string, input: unknown = { page: 1, pageSize: 1 }) => (await rows(path, input))[0]?.id;
  const [customer, legal, product, provider, invoice, draft, creditNote, movement, employee, purchaseOrder, purchaseDraft, bill, promotion, voucherBatch] = await Promise.all([
    first("customer.getAll"),
    rows<{ id: string; isLegalClient: boolean }>("customer.getAll", { page: 1, pageSize: 200 }).then((r) => r.find((c) => c.isLegalClient)?.id),
    first("product.getAll"),
    first("provider.getAll"),
    rows<{ id: string; status: string }>("invoice.getAll", { page: 1, pageSize: 20 }).then((r) => r.find((i) => i.status !== "draft")?.id),
    first("invoice.getAll", { page: 1, pageSize: 1, status: "draft" }),
    first("creditNote.getAll"),
    first("warehouseMovement.getAll"),
    first("employee.getAll"),
    first("purchaseOrder.getAll"),
    first("purchaseOrder.getAll", { page: 1, pageSize: 1, status: "draft" }),
    rows<{ id: string; provider: { id: string } }>("supplierBill.getAll", { page: 1, pageSize: 1 }).then((r) => r[0]),
    first("promotion.getAll"),
    first("voucher.getBatches"),
  ]);
  // A form that has responses (the submissions screens show them), else the first form.
  const forms = await rows<{ id: string; status: string; submissionCount: number }>("form.getAll", { page: 1, pageSize: 50 });
  const form = (forms.find((f) => f.status !== "archived" && f.submissionCount > 0) ?? forms[0])?.id;
  const submission = form ? await first("formSubmission.getAll", { formId: form, page: 1, pageSize: 1 }) : undefined;
  const at = (pattern: string, id: string | undefined) => (id ? pattern.replace(":id", id) : undefined);
  return {
    "/home/customers/:id": at("/home/customers/:id", customer),
    "/home/customers/:id/edit": at("/home/customers/:id/edit", customer),
    "/home/customers/:id/legal": at("/home/customers/:id/legal", legal),
    "/home/products/:id": at("/home/products/:id", product),
    "/home/providers/:id": at("/home/providers/:id", provider),
    "/home/providers/:id/edit": at("/home/providers/:id/edit", provider),
    "/home/invoices/:id": at("/home/invoices/:id", invoice),
    "/home/invoices/:id/edit": at("/home/invoices/:id/edit", draft),
    "/home/credit-notes/:id": at("/home/credit-notes/:id", creditNote),
    "/home/warehouse-movements/:id": at("/home/warehouse-movements/:id", movement),
    "/home/purchase-orders/:id": at("/home/purchase-orders/:id", purchaseOrder),
    "/home/purchase-orders/:id/edit": at("/home/purchase-orders/:id/edit", purchaseDraft),
    "/home/payables/bills/:id": at("/home/payables/bills/:id", bill?.id),
    "/home/payables/statement/:id": at("/home/payables/statement/:id", bill?.provider.id),
    "/home/employees/:id": at("/home/employees/:id", employee),
    "/home/promotions/:id": at("/home/promotions/:id", promotion),
    "/home/vouchers/:id": at("/home/vouchers/:id", voucherBatch),
    "/home/forms/:id/fill": at("/home/forms/:id/fill", form),
    "/home/forms/:id/submissions": at("/home/forms/:id/submissions", form),
    "/home/forms/:id/submissions/:submissionId": form && submission ? `/home/forms/${form}/submissions/${submission}` : undefined,
    "/home/forms/:id/permissions": at("/home/forms/:id/permissions", form),
    "/home/forms/:id/share": at("/home/forms/:id/share", form),
    "/home/forms/:id/reports": at("/home/forms/:id/reports", form),
  };
}

/**
 * A record behind every detail screen: what the tenant lacks (a supplier, an employee, a warehouse
 * movement, a legal client, a draft, an issued invoice and its credit note) is created once; returns
 * each detail pattern resolved to its record.
 */
export async function seedDetailRecords(page: Page): Promise<Record<DetailRoute, string | undefined>> {
  let found = await resolveDetailRoutes(page);
  const missing = (route: DetailRoute) => !found[route];
  const [warehouse] = await trpcQuery<{ id: string }[]>(page, "warehouse.getAll");
  const rice = (await trpcQuery<{ data: { id: string }[] }>(page, "product.searchProducts", { search: "Arroz", limit: 1 })).data[0]!.id;
  const stamp = Date.now().toString(36).toUpperCase();
  if (missing("/home/providers/:id")) await trpcMutation(page, "provider.create", { code: `RS-${stamp}`, name: "Distribuidora Corripio Santo Domingo" });
  if (missing("/home/employees/:id")) await trpcMutation(page, "employee.create", { name: "Juan Alberto Castillo Peña" });
  if (missing("/home/warehouse-movements/:id")) {
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
    await trpcMutation(page, "warehouseMovement.create", { type: "entry", warehouseId: warehouse!.id, date: today, reference: `RS-${stamp}`, lines: [{ productId: rice, quantity: "1" }] });
  }
  if (missing("/home/purchase-orders/:id/edit")) {
    // A draft purchase order of one Arroz from the tenant's first active supplier.
    const [provider] = (await trpcQuery<{ data: { id: string }[] }>(page, "provider.getAll", { page: 1, pageSize: 1, isActive: true })).data;
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
    await trpcMutation(page, "purchaseOrder.create", { providerId: provider!.id, warehouseId: warehouse!.id, orderDate: today, lines: [{ productId: rice, quantity: "1", unitCost: "100", taxPercent: "18" }] });
  }
  if (missing("/home/payables/bills/:id")) {
    // A supplier bill (B01, typed by hand) of the tenant's first active supplier, with one partial payment by transfer.
    const [provider] = (await trpcQuery<{ data: { id: string }[] }>(page, "provider.getAll", { page: 1, pageSize: 1, isActive: true })).data;
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });
    const ncf = `B01${String(Date.now() % 100_000_000).padStart(8, "0")}`;
    const bill = await trpcMutation<{ id: string }>(page, "supplierBill.create", { client_key: randomUUID(), providerId: provider!.id, ncfType: "B01", ncf, ncfDate: today, supplierTaxId: "131246796", goodsAmount: "1000", itbis: "180", expenseType: "09" });
    const transfer = (await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll")).find((m) => m.code === "TRANSFER")!.id;
    await trpcMutation(page, "supplierBill.pay", { id: bill.id, client_key: randomUUID(), amount: "500", paymentMethodId: transfer, reference: "TRF-1" });
  }
  if (missing("/home/customers/:id/legal")) {
    const customer = await trpcMutation<{ id: string }>(page, "customer.create", { name: `Bufete Jurídico Peña & Asociados ${stamp}`, tax_id: "101850043" });
    await trpcMutation(page, "legattiCustomer.create", { customerId: customer.id, data: {} });
  }
  if (missing("/home/invoices/:id/edit")) {
    await trpcMutation(page, "invoice.saveDraft", { clientOrderId: randomUUID(), customerId: "default", warehouseId: warehouse!.id, items: [{ productId: rice, quantity: "1" }] });
  }
  if (missing("/home/invoices/:id") || missing("/home/credit-notes/:id")) {
    // A cash sale of one Arroz to a named customer, then its cancellation as a credit note (store credit).
    const hadOpenBox = !!(await trpcQuery(page, "cashbox.getActive"));
    await ensureCashboxOpen(page);
    const customers = await trpcQuery<{ data: { id: string; name: string }[] }>(page, "customer.getAll", { search: "Bravo", page: 1, pageSize: 1 });
    const customerId = customers.data[0]!.id;
    const cash = (await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll")).find((m) => m.code === "CASH")!.id;
    const dop = (await trpcQuery<{ id: string; code: string }[]>(page, "currency.getActive")).find((c) => c.code === "DOP")!.id;
    const sale = await trpcMutation<{ orderId?: string; id?: string }>(page, "pos.checkout", {
      clientOrderId: randomUUID(),
      customerId,
      warehouseId: warehouse!.id,
      items: [{ productId: rice, quantity: "1" }],
      payments: [{ paymentMethodId: cash, currencyId: dop, amount: "1000" }],
    });
    const orderId = sale.orderId ?? sale.id;
    await trpcMutation(page, "creditNote.create", { client_key: randomUUID(), order_id: orderId, customer_id: customerId, kind: "cancel", reason: "product_return", refund_method: "store_credit" });
    if (!hadOpenBox) await closeOwnCashbox(page);
  }
  if (missing("/home/forms/:id/submissions/:submissionId")) {
    // A published survey with one response.
    const schema = {
      version: "1.0",
      metadata: { name: "Encuesta de servicio" },
      groups: [
        {
          id: "group_1",
          name: "Su visita",
          fields: [
            { key: "nombre", type: "text", component: "textbox", label: "Nombre" },
            { key: "servicio", type: "radio", component: "radio-group", label: "Servicio", options: [{ label: "Excelente", value: "excelente" }, { label: "Regular", value: "regular" }] },
            { key: "nota", type: "rating", component: "rating-stars", label: "Calificación" },
          ],
        },
      ],
    };
    const created = await trpcMutation<{ id: string }>(page, "form.create", { name: `Encuesta de servicio ${stamp}`, schema });
    await trpcMutation(page, "form.publish", { id: created.id });
    await trpcMutation(page, "formSubmission.submit", { formId: created.id, answers: { nombre: "Carmen Santos", servicio: "excelente", nota: 5 } });
  }
  found = await resolveDetailRoutes(page);
  return found;
}
