import type { RouteObject } from "react-router";
import { RequirePermission } from "../shell/guards";

/** Routes under /home for reports (issue 14 §7); each page is its own chunk, fetched when first opened. */
export const reportRoutes: RouteObject[] = [
  {
    path: "reports",
    lazy: () =>
      import("./reports-index-page").then(({ ReportsIndexPage }) => ({
        element: (
          <RequirePermission permission="reports.view">
            <ReportsIndexPage />
          </RequirePermission>
        ),
      })),
  },
  {
    path: "reports/:report",
    lazy: () =>
      import("./report-page").then(({ ReportPage }) => ({
        element: (
          <RequirePermission permission="reports.view">
            <ReportPage />
          </RequirePermission>
        ),
      })),
  },
];
