import type { RouteObject } from "react-router";

/** Routes under /home for accounting (issue 14); each page is its own chunk, fetched when first opened. */
export const accountingRoutes: RouteObject[] = [];
