import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../app/trpc";

/** One appointment as appointment.getAll / getCalendar / updateStatus answer it (money as decimal strings). */
export type AppointmentRow = inferRouterOutputs<AppRouter>["appointment"]["getAll"]["items"][number];

/** What the wizard may start from (a slot clicked on the calendar). */
export interface WizardInitial {
  date?: string;
  time?: string;
  employee_id?: string;
  service_id?: string;
}
