import { z } from "zod";
import { applyPaymentInput, appointmentListInput, blockTimeInput, createAppointmentInput, getAvailableSlotsInput, rescheduleInput, updateStatusInput } from "../../../shared/appointments/schemas";
import { calendarDate } from "../../../shared/platform/dates";
import { protectedProcedure, requireAnyPermission, requirePermission, router } from "../../trpc/init";
import { getAvailableSlots } from "./availability";
import { appointmentBusinessProcedures } from "./business/procedures";
import { appointmentConfigProcedures } from "./config/procedures";
import { appointmentNotifyProcedures } from "./notify/procedures";
import { appointmentPaymentProcedures } from "./payments/procedures";
import { appointmentPortalProcedures } from "./portal/staff-procedures";
import { appointmentReportProcedures } from "./report/procedures";
import { applyPayment, blockTime, createAppointment, getAppointment, getCalendar, listAppointments, reschedule, updateStatus } from "./service";

const view = protectedProcedure.use(requirePermission("appointments.view"));
const update = protectedProcedure.use(requirePermission("appointments.update"));
const idInput = z.object({ id: z.uuid("appointments:errors.invalidId") });
const calendarInput = z
  .object({
    from: calendarDate(),
    to: calendarDate(),
    employee_ids: z.array(z.uuid()).max(200).optional(),
    service_ids: z.array(z.uuid()).max(200).optional(),
    statuses: z.array(z.string().max(20)).max(6).optional(),
  })
  .refine((v) => v.from <= v.to && v.from >= "1900-01-01", { path: ["to"], message: "appointments:errors.dateRange" })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= 62 * 86_400_000, { path: ["to"], message: "appointments:errors.rangeTooLong" });

/** appointment.*: booking, availability, the calendar, status changes and payments (issue 15); configuration in ./config. */
export const appointmentRouter = router({
  /** Slots are computed, never stored: schedules, time off, bookings, buffers, notice and advance limits. */
  getAvailableSlots: protectedProcedure
    .use(requireAnyPermission(["appointments.view", "appointments.create"]))
    .input(getAvailableSlotsInput)
    .query(({ ctx, input }) => getAvailableSlots(ctx.tx, ctx.tenant, input)),
  /** The spec's payload; the same idempotency_key again returns the first appointment. */
  create: protectedProcedure
    .use(requirePermission("appointments.create"))
    .input(createAppointmentInput)
    .mutation(({ ctx, input }) => createAppointment(ctx, input)),
  getAll: view.input(appointmentListInput).query(({ ctx, input }) => listAppointments(ctx, input)),
  getCalendar: view.input(calendarInput).query(({ ctx, input }) => getCalendar(ctx, input)),
  getById: view.input(idInput).query(({ ctx, input }) => getAppointment(ctx, input.id)),
  updateStatus: update.input(updateStatusInput).mutation(({ ctx, input }) => updateStatus(ctx, input)),
  reschedule: update.input(rescheduleInput).mutation(({ ctx, input }) => reschedule(ctx, input)),
  blockTime: update.input(blockTimeInput).mutation(({ ctx, input }) => blockTime(ctx, input)),
  /** Deposit, full or partial; with generate_invoice through the one invoice path (NCF). Idempotent by idempotency_key. */
  applyPayment: protectedProcedure
    .use(requirePermission("appointments.apply_payment"))
    .input(applyPaymentInput)
    .mutation(({ ctx, input }) => applyPayment(ctx, input)),
  ...appointmentConfigProcedures,
  ...appointmentNotifyProcedures,
  ...appointmentReportProcedures,
  ...appointmentPortalProcedures,
  ...appointmentPaymentProcedures,
  ...appointmentBusinessProcedures,
});
