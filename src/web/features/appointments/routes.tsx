import type { RouteObject } from "react-router";
import { ModuleComingPage, RequirePermission } from "../shell/guards";

/**
 * The appointments area (issue 15; spec 03 navigation: calendar, list, reports, employees, services,
 * schedules, business, policies, links, communications, templates, payments, portal, settings).
 * Each page is its own chunk.
 */
export const APPOINTMENT_SECTIONS = ["calendar", "list", "reports", "employees", "services", "schedules", "business", "policies", "links", "communications", "templates", "payments", "portal", "settings"] as const;
export type AppointmentSection = (typeof APPOINTMENT_SECTIONS)[number];

const page = (permission: string, load: () => Promise<() => React.ReactNode>): Pick<RouteObject, "lazy"> => ({
  lazy: () =>
    load().then((Page) => ({
      element: (
        <RequirePermission permission={permission}>
          <Page />
        </RequirePermission>
      ),
    })),
});

/** Sections a later step of the issue builds (the 'module being prepared' card until then). */
const coming = (section: AppointmentSection): RouteObject => ({
  path: section,
  element: (
    <RequirePermission permission="appointments.view">
      <ModuleComingPage titleKey={`appointmentAdmin:sections.${section}`} />
    </RequirePermission>
  ),
});

export const appointmentRoutes: RouteObject[] = [
  {
    path: "appointments",
    lazy: () => import("./area-layout").then(({ AppointmentsLayout }) => ({ element: <AppointmentsLayout /> })),
    children: [
      { index: true, ...page("appointments.view", () => import("./calendar/calendar-page").then((m) => m.CalendarPage)) },
      { path: "list", ...page("appointments.view", () => import("./booking/list-page").then((m) => m.AppointmentListPage)) },
      { path: "employees", ...page("appointments.configure", () => import("./config/assignments-page").then((m) => m.AssignmentsPage)) },
      { path: "services", ...page("appointments.configure", () => import("./config/services-page").then((m) => m.ServicesPage)) },
      { path: "schedules", ...page("appointments.view", () => import("./config/schedules-page").then((m) => m.SchedulesPage)) },
      { path: "policies", ...page("appointments.configure", () => import("./config/policies-page").then((m) => m.PoliciesPage)) },
      { path: "templates", ...page("appointments.configure", () => import("./messages/templates-page").then((m) => m.TemplatesPage)) },
      { path: "communications", ...page("appointments.update", () => import("./messages/communications-page").then((m) => m.CommunicationsPage)) },
      { path: "reports", ...page("appointments.view", () => import("./report/reports-page").then((m) => m.ReportsPage)) },
      { path: "portal", ...page("appointments.configure", () => import("./portal-admin/portal-page").then((m) => m.PortalPage)) },
      { path: "links", ...page("appointments.configure", () => import("./portal-admin/portal-page").then((m) => m.LinksPage)) },
      ...(["business", "payments", "settings"] as const).map(coming),
    ],
  },
];
