import type { RouteObject } from "react-router";
import { InvoiceDetailPage } from "./invoice-detail-page";
import { InvoicesPage } from "./invoices-page";

/** /home/invoices: the invoices back office. */
export const invoiceRoutes: RouteObject[] = [
  { path: "invoices", element: <InvoicesPage /> },
  { path: "invoices/:id", element: <InvoiceDetailPage /> },
];
