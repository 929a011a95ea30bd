import type { RouteObject } from "react-router";
import { RequirePermission } from "../shell/guards";
import { MovementDetailPage } from "./movement-detail-page";
import { MovementFormPage } from "./movement-form-page";
import { MovementsPage } from "./movements-page";

/** Routes under /home for warehouse movements (paths relative to /home). */
export const inventoryRoutes: RouteObject[] = [
  {
    path: "warehouse-movements",
    element: (
      <RequirePermission permission="warehouse_movements.view">
        <MovementsPage />
      </RequirePermission>
    ),
  },
  {
    path: "warehouse-movements/new",
    element: (
      <RequirePermission permission="warehouse_movements.create">
        <MovementFormPage />
      </RequirePermission>
    ),
  },
  {
    path: "warehouse-movements/:id",
    element: (
      <RequirePermission permission="warehouse_movements.view">
        <MovementDetailPage />
      </RequirePermission>
    ),
  },
];
