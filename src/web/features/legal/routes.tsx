import type { RouteObject } from "react-router";

const page = <M,>(load: () => Promise<M>, name: keyof M) => () => load().then((m) => ({ Component: m[name] as React.ComponentType }));
const caseForm = page(() => import("./cases/case-form-page"), "CaseFormPage");
const templateForm = page(() => import("./templates/template-form-page"), "TemplateFormPage");

/**
 * The legal case-management area of Legatti (issue 20), under /home/legal. A case's tabs are
 * /home/legal/cases/:id?tab=parties|documents|events|tasks|time|communications.
 */
export const legalRoutes: RouteObject[] = [
  { path: "legal", lazy: page(() => import("./cases/case-list-page"), "CaseListPage") },
  { path: "legal/cases/new", lazy: caseForm },
  { path: "legal/cases/:id", lazy: page(() => import("./cases/case-detail-page"), "CaseDetailPage") },
  { path: "legal/cases/:id/edit", lazy: caseForm },
  { path: "legal/calendar", lazy: page(() => import("./calendar/legal-calendar-page"), "LegalCalendarPage") },
  { path: "legal/documents/:id", lazy: page(() => import("./documents/document-editor-page"), "DocumentEditorPage") },
  { path: "legal/templates", lazy: page(() => import("./templates/template-list-page"), "TemplateListPage") },
  { path: "legal/templates/new", lazy: templateForm },
  { path: "legal/templates/:id", lazy: templateForm },
];
