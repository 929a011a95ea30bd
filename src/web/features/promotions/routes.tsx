import type { RouteObject } from "react-router";

/** The promotions screens (issue 16), being built. */
export const promotionRoutes: RouteObject[] = [];
