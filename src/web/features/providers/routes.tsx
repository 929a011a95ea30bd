import type { RouteObject } from "react-router";

/** Routes under /home for suppliers (paths relative to /home). */
export const providerRoutes: RouteObject[] = [];
