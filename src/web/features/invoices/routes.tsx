import type { RouteObject } from "react-router";

/** /home/invoices: the invoices back office. */
export const invoiceRoutes: RouteObject[] = [];
