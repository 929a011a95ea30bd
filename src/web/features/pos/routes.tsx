import type { RouteObject } from "react-router";

/** Routes under /home for this feature (paths relative to /home); each page guards its own permission. */
export const posRoutes: RouteObject[] = [];
