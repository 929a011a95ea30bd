import type { RouteObject } from "react-router";
import { RequirePermission } from "../shell/guards";

/** Routes under /home for payables (issue 13 §3); each page is its own chunk, fetched when first opened. */
export const payablesRoutes: RouteObject[] = [
  {
    path: "payables",
    lazy: () =>
      import("./payables-page").then(({ PayablesPage }) => ({
        element: (
          <RequirePermission permission="payables.view">
            <PayablesPage />
          </RequirePermission>
        ),
      })),
  },
  {
    path: "payables/bills/new",
    lazy: () =>
      import("./bill-form-page").then(({ BillFormPage }) => ({
        element: (
          <RequirePermission permission="payables.create">
            <BillFormPage />
          </RequirePermission>
        ),
      })),
  },
  {
    path: "payables/bills/:id",
    lazy: () =>
      import("./bill-detail-page").then(({ BillDetailPage }) => ({
        element: (
          <RequirePermission permission="payables.view">
            <BillDetailPage />
          </RequirePermission>
        ),
      })),
  },
  {
    path: "payables/statement/:providerId",
    lazy: () =>
      import("./statement-page").then(({ ProviderStatementPage }) => ({
        element: (
          <RequirePermission permission="payables.view">
            <ProviderStatementPage />
          </RequirePermission>
        ),
      })),
  },
];
