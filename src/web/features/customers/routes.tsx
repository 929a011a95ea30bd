import type { RouteObject } from "react-router";
import { CustomerDetailsPage } from "./customer-details-page";
import { CustomerFormPage } from "./customer-form-page";
import { CustomersPage } from "./customers-page";
import { LegalClientFormPage } from "./legal-client-form-page";

/** Routes under /home for this feature (paths relative to /home); each page guards its own permission. */
export const customerRoutes: RouteObject[] = [
  { path: "customers", element: <CustomersPage /> },
  { path: "customers/new", element: <CustomerFormPage /> },
  { path: "customers/legal/new", element: <LegalClientFormPage /> },
  { path: "customers/:id", element: <CustomerDetailsPage /> },
  { path: "customers/:id/edit", element: <CustomerFormPage /> },
  { path: "customers/:id/legal", element: <LegalClientFormPage /> },
];
