import type { RouteObject } from "react-router";

const page = <M,>(load: () => Promise<M>, name: keyof M) => () => load().then((m) => ({ Component: m[name] as React.ComponentType }));
const patientForm = page(() => import("./patients/patient-form-page"), "PatientFormPage");

/** The dental practice (issue 18), under /home/dental: one layout with the area's menu; each page is its own chunk. */
export const dentalRoutes: RouteObject[] = [
  {
    path: "dental",
    lazy: () => import("./dental-layout").then((m) => ({ Component: m.DentalLayout })),
    children: [
      { index: true, lazy: page(() => import("./admin/dashboard-page"), "DentalDashboardPage") },
      { path: "patients", lazy: page(() => import("./patients/patients-list-page"), "PatientsListPage") },
      { path: "patients/new", lazy: patientForm },
      { path: "patients/:id/edit", lazy: patientForm },
      { path: "patients/:id", lazy: page(() => import("./patients/patient-profile-page"), "PatientProfilePage") },
      { path: "patients/:id/plans/new", lazy: page(() => import("./clinical/plan-wizard-page"), "PlanWizardPage") },
      { path: "odontogram", lazy: page(() => import("./odontogram/odontogram-page"), "OdontogramPage") },
      { path: "history", lazy: page(() => import("./clinical/history-page"), "ClinicalHistoryPage") },
      { path: "plans", lazy: page(() => import("./clinical/plans-list-page"), "PlansListPage") },
      { path: "plans/:planId", lazy: page(() => import("./clinical/plan-detail-page"), "PlanDetailPage") },
      { path: "prescriptions", lazy: page(() => import("./files/prescriptions-page"), "PrescriptionsPage") },
      { path: "xrays", lazy: page(() => import("./files/xrays-page"), "XraysPage") },
      { path: "lab-orders", lazy: page(() => import("./files/lab-orders-page"), "LabOrdersPage") },
      { path: "reports", lazy: page(() => import("./admin/reports-page"), "DentalReportsPage") },
      { path: "settings", lazy: page(() => import("./admin/settings-page"), "DentalSettingsPage") },
    ],
  },
];
