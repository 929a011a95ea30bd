import type { RouteObject } from "react-router";
import { RequirePermission } from "../shell/guards";

/** Routes under /home for warehouse movements (paths relative to /home); each page is its own chunk, fetched when first opened. */
export const inventoryRoutes: RouteObject[] = [
  {
    path: "warehouse-movements",
    lazy: () =>
      import("./movements-page").then(({ MovementsPage }) => ({
        element: (
          <RequirePermission permission="warehouse_movements.view">
            <MovementsPage />
          </RequirePermission>
        ),
      })),
  },
  {
    path: "warehouse-movements/new",
    lazy: () =>
      import("./movement-form-page").then(({ MovementFormPage }) => ({
        element: (
          <RequirePermission permission="warehouse_movements.create">
            <MovementFormPage />
          </RequirePermission>
        ),
      })),
  },
  {
    path: "warehouse-movements/:id/edit",
    lazy: () =>
      import("./movement-form-page").then(({ MovementEditPage }) => ({
        element: (
          <RequirePermission permission="warehouse_movements.update">
            <MovementEditPage />
          </RequirePermission>
        ),
      })),
  },
  {
    path: "warehouse-movements/:id",
    lazy: () =>
      import("./movement-detail-page").then(({ MovementDetailPage }) => ({
        element: (
          <RequirePermission permission="warehouse_movements.view">
            <MovementDetailPage />
          </RequirePermission>
        ),
      })),
  },
];
