import type { RouteObject } from "react-router";

const invoiceForm = () => import("./invoice-form-page").then((m) => ({ Component: m.InvoiceFormPage }));

/** /home/invoices: the invoices back office; each page is its own chunk, fetched when first opened. */
export const invoiceRoutes: RouteObject[] = [
  { path: "invoices", lazy: () => import("./invoices-page").then((m) => ({ Component: m.InvoicesPage })) },
  { path: "invoices/new", lazy: invoiceForm },
  { path: "invoices/:id", lazy: () => import("./invoice-detail-page").then((m) => ({ Component: m.InvoiceDetailPage })) },
  { path: "invoices/:id/edit", lazy: invoiceForm },
];
