import type { RouteObject } from "react-router";
import { PublicInvoicePage } from "./public-invoice-page";

/** /i/:token: the public read-only invoice of a shared link (outside the app shell, no sign-in). */
export const publicInvoiceRoute: RouteObject = { path: "/i/:token", element: <PublicInvoicePage /> };
