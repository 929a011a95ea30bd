import type { RouteObject } from "react-router";

/** Routes under /home for reports (issue 14); each page is its own chunk, fetched when first opened. */
export const reportRoutes: RouteObject[] = [];
