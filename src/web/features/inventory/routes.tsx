import type { RouteObject } from "react-router";

/** Routes under /home for warehouse movements (paths relative to /home). */
export const inventoryRoutes: RouteObject[] = [];
