import type { RouteObject } from "react-router";

const customerForm = () => import("./customer-form-page").then((m) => ({ Component: m.CustomerFormPage }));
const legalClientForm = () => import("./legal-client-form-page").then((m) => ({ Component: m.LegalClientFormPage }));

/**
 * Routes under /home for this feature (paths relative to /home); each page guards its own permission
 * and is its own chunk, fetched when its route is first opened.
 */
export const customerRoutes: RouteObject[] = [
  { path: "customers", lazy: () => import("./customers-page").then((m) => ({ Component: m.CustomersPage })) },
  { path: "customers/new", lazy: customerForm },
  { path: "customers/legal/new", lazy: legalClientForm },
  { path: "customers/:id", lazy: () => import("./customer-details-page").then((m) => ({ Component: m.CustomerDetailsPage })) },
  { path: "customers/:id/edit", lazy: customerForm },
  { path: "customers/:id/legal", lazy: legalClientForm },
];
