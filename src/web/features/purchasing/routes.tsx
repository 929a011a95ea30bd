import type { RouteObject } from "react-router";
import { RequirePermission } from "../shell/guards";

/** Routes under /home for purchase orders (issue 13); each page is its own chunk, fetched when first opened. */
export const purchasingRoutes: RouteObject[] = [
  {
    path: "purchase-orders",
    lazy: () =>
      import("./purchase-orders-page").then(({ PurchaseOrdersPage }) => ({
        element: (
          <RequirePermission permission="purchase_orders.view">
            <PurchaseOrdersPage />
          </RequirePermission>
        ),
      })),
  },
  {
    path: "purchase-orders/new",
    lazy: () =>
      import("./purchase-order-form-page").then(({ PurchaseOrderFormPage }) => ({
        element: (
          <RequirePermission permission="purchase_orders.create">
            <PurchaseOrderFormPage />
          </RequirePermission>
        ),
      })),
  },
  {
    path: "purchase-orders/:id/edit",
    lazy: () =>
      import("./purchase-order-form-page").then(({ PurchaseOrderFormPage }) => ({
        element: (
          <RequirePermission permission="purchase_orders.update">
            <PurchaseOrderFormPage />
          </RequirePermission>
        ),
      })),
  },
  {
    path: "purchase-orders/:id",
    lazy: () =>
      import("./purchase-order-detail-page").then(({ PurchaseOrderDetailPage }) => ({
        element: (
          <RequirePermission permission="purchase_orders.view">
            <PurchaseOrderDetailPage />
          </RequirePermission>
        ),
      })),
  },
];
