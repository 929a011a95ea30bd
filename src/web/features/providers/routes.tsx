import type { RouteObject } from "react-router";
import { ProviderDetailsPage } from "./provider-details-page";
import { ProviderFormPage } from "./provider-form-page";
import { ProvidersPage } from "./providers-page";

/** Routes under /home for suppliers (paths relative to /home); each page guards its own permission. */
export const providerRoutes: RouteObject[] = [
  { path: "providers", element: <ProvidersPage /> },
  { path: "providers/new", element: <ProviderFormPage /> },
  { path: "providers/:id", element: <ProviderDetailsPage /> },
  { path: "providers/:id/edit", element: <ProviderFormPage /> },
];
