import type { RouteObject } from "react-router";

/** The public booking portal on the tenant's host (issue 15 §6): no staff session. */
export const portalRoutes: RouteObject[] = [];
