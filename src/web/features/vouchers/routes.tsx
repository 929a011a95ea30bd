import type { RouteObject } from "react-router";

/** The gift-voucher screens (issue 16), being built. */
export const voucherRoutes: RouteObject[] = [];
