import type { RouteObject } from "react-router";
import { RequirePermission } from "../shell/guards";

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
      { path: "payments", ...page("appointments.view", () => import("./payments/payments-page").then((m) => m.PaymentsPage)) },
      { path: "business", ...page("appointments.configure", () => import("./business/business-page").then((m) => m.BusinessPage)) },
      { path: "settings", ...page("appointments.configure", () => import("./business/settings-page").then((m) => m.SettingsPage)) },
    ],
  },
];
