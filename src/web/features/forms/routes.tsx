import type { RouteObject } from "react-router";

const designer = () => import("./designer/designer-page").then((m) => ({ Component: m.FormDesignerPage }));

/** The forms screens (issue 17), under /home; each page guards its own permission and is its own chunk. */
export const formRoutes: RouteObject[] = [
  { path: "forms", lazy: () => import("./screens/forms-list-page").then((m) => ({ Component: m.FormsListPage })) },
  { path: "forms/new", lazy: designer },
  { path: "forms/:id/edit", lazy: designer },
  { path: "forms/:id/fill", lazy: () => import("./screens/form-fill-page").then((m) => ({ Component: m.FormFillPage })) },
  { path: "forms/:id/submissions", lazy: () => import("./screens/submissions-page").then((m) => ({ Component: m.SubmissionsPage })) },
  { path: "forms/:id/submissions/:submissionId", lazy: () => import("./screens/submission-detail-page").then((m) => ({ Component: m.SubmissionDetailPage })) },
  { path: "forms/:id/permissions", lazy: () => import("./screens/form-permissions-page").then((m) => ({ Component: m.FormPermissionsPage })) },
  { path: "forms/:id/share", lazy: () => import("./screens/form-share-page").then((m) => ({ Component: m.FormSharePage })) },
  { path: "forms/:id/reports", lazy: () => import("./screens/form-reports-page").then((m) => ({ Component: m.FormReportsPage })) },
];

/** A published public form of the host's tenant, without sign-in (issue 17 §3). */
export const publicFormRoute: RouteObject = { path: "/f/:slug", lazy: () => import("./public/public-form-page").then((m) => ({ Component: m.PublicFormPage })) };
