import { Outlet } from "react-router";

/** The appointments area: its sub-navigation (spec 03 'Appointment administration screens') above the page. */
export function AppointmentsLayout() {
  return <Outlet />;
}
