import type { RouteObject } from "react-router";

const book = () => import("./book-page").then((m) => ({ Component: m.BookPage }));
const account = () => import("./account-page").then((m) => ({ Component: m.AccountPage }));

/**
 * The public booking portal on the tenant's host (issue 15 §6): no staff session. /book is the
 * booking flow (shareable as /book?service=<id>&employee=<id>); /book/account signs a customer in
 * by an e-mailed one-time link (?token=…) and holds the customer area (/book/account/*). The same
 * pages answer at the portal's configured path (/{subdomain_path}, /{subdomain_path}/account…):
 * static routes rank first, and any other first segment that is not the saved path is not found.
 */
export const portalRoutes: RouteObject[] = [
  { path: "/book", lazy: book },
  { path: "/book/account", lazy: account },
  { path: "/book/account/*", lazy: account },
  { path: "/:portalPath", lazy: book },
  { path: "/:portalPath/account", lazy: account },
  { path: "/:portalPath/account/*", lazy: account },
];
