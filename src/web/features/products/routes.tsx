import type { RouteObject } from "react-router";

/** Routes under /home for products (paths relative to /home). */
export const productRoutes: RouteObject[] = [];
