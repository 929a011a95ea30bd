import type { RouteObject } from "react-router";

/**
 * The point of sale (paths relative to /home). Loaded on demand: the POS's JavaScript is its
 * own chunk, split from the back office. The page guards pos.access itself.
 */
export const posRoutes: RouteObject[] = [{ path: "pos", lazy: () => import("./pos-page").then((m) => ({ Component: m.PosPage })) }];
