import type { RouteObject } from "react-router";

const providerForm = () => import("./provider-form-page").then((m) => ({ Component: m.ProviderFormPage }));

/**
 * Routes under /home for suppliers (paths relative to /home); each page guards its own permission
 * and is its own chunk, fetched when its route is first opened.
 */
export const providerRoutes: RouteObject[] = [
  { path: "providers", lazy: () => import("./providers-page").then((m) => ({ Component: m.ProvidersPage })) },
  { path: "providers/new", lazy: providerForm },
  { path: "providers/:id", lazy: () => import("./provider-details-page").then((m) => ({ Component: m.ProviderDetailsPage })) },
  { path: "providers/:id/edit", lazy: providerForm },
];
