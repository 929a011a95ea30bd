import type { RouteObject } from "react-router";
import { InvoiceDetailPage } from "./invoice-detail-page";
import { InvoiceFormPage } from "./invoice-form-page";
import { InvoicesPage } from "./invoices-page";

/** /home/invoices: the invoices back office. */
export const invoiceRoutes: RouteObject[] = [
  { path: "invoices", element: <InvoicesPage /> },
  { path: "invoices/new", element: <InvoiceFormPage /> },
  { path: "invoices/:id", element: <InvoiceDetailPage /> },
  { path: "invoices/:id/edit", element: <InvoiceFormPage /> },
];
