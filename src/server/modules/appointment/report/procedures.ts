import { reportInput } from "../../../../shared/appointments/report";
import { protectedProcedure, requirePermission } from "../../../trpc/init";
import { getReport } from "./service";

/** appointment.getReport (the appointments area's reports): spread into the appointment router. */
export const appointmentReportProcedures = {
  /**
   * The spec's report metrics for a period of at most 366 days, optionally for one employee and/or
   * one service: counts of today, this week and this month, revenue, value booked, utilization,
   * no-show and cancellation rates, average booking value; per day, per employee, per service.
   */
  getReport: protectedProcedure
    .use(requirePermission("appointments.view"))
    .input(reportInput)
    .query(({ ctx, input }) => getReport(ctx, input)),
};
