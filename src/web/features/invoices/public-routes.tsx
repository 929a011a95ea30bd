import type { RouteObject } from "react-router";

/** /i/:token: the public read-only invoice of a shared link (outside the app shell, no sign-in); its own chunk. */
export const publicInvoiceRoute: RouteObject = { path: "/i/:token", lazy: () => import("./public-invoice-page").then((m) => ({ Component: m.PublicInvoicePage })) };
