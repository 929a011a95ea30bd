import type { RouteObject } from "react-router";
import { RequirePermission } from "../shell/guards";

const page = () =>
  import("./dgii-page").then(({ DgiiPage }) => ({
    element: (
      <RequirePermission permission="accounting.view">
        <DgiiPage />
      </RequirePermission>
    ),
  }));

/**
 * Routes under /home for the DGII reports (issue 14 §6), one chunk: /home/accounting/dgii (the
 * 607) and /home/accounting/dgii/606 | 607 | 608 | it1, the month in ?period=yyyyMM.
 */
export const dgiiRoutes: RouteObject[] = [
  { path: "accounting/dgii", lazy: page },
  { path: "accounting/dgii/:format", lazy: page },
];
