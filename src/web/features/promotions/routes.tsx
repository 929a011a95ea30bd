import type { RouteObject } from "react-router";

const promotionForm = () => import("./promotion-form-page").then((m) => ({ Component: m.PromotionFormPage }));

/** The promotions screens (issue 16), under /home; each page guards its own permission and is its own chunk. */
export const promotionRoutes: RouteObject[] = [
  { path: "promotions", lazy: () => import("./promotions-page").then((m) => ({ Component: m.PromotionsPage })) },
  { path: "promotions/new", lazy: promotionForm },
  { path: "promotions/:id", lazy: promotionForm },
];
