import {
  assignmentActiveInput,
  assignmentInput,
  assignmentListInput,
  idInput,
  policyInput,
  scheduleInput,
  scheduleListInput,
  serviceConfigInput,
  timeOffInput,
  timeOffListInput,
} from "../../../../shared/appointments/config";
import { can, protectedProcedure, requirePermission } from "../../../trpc/init";
import {
  approveTimeOff,
  createTimeOff,
  deleteSchedule,
  deleteTimeOff,
  getAssignments,
  getEmployees,
  getPolicy,
  getSchedules,
  getServices,
  getTimeOff,
  saveAssignment,
  saveSchedule,
  setAssignmentActive,
  updatePolicy,
  updateServiceConfig,
} from "./service";

const view = protectedProcedure.use(requirePermission("appointments.view"));
const configure = protectedProcedure.use(requirePermission("appointments.configure"));

/**
 * appointment.* configuration procedures (schedules, time off, services, assignments, policies):
 * spread into the appointment router (../router.ts). Reads need appointments.view, writes
 * appointments.configure; a time off request needs appointments.update (approving it, configure).
 */
export const appointmentConfigProcedures = {
  /** The active employees the configuration screens pick from, with their count of schedulable services. */
  getEmployees: view.query(({ ctx }) => getEmployees(ctx)),
  /** The schedulable services with their booking configuration and active employee count. */
  getServices: view.query(({ ctx }) => getServices(ctx)),
  updateServiceConfig: configure.input(serviceConfigInput).mutation(({ ctx, input }) => updateServiceConfig(ctx, input)),

  /** Employee service assignments (employee_products rows of schedulable services) by employee and/or service. */
  getAssignments: view.input(assignmentListInput.prefault({})).query(({ ctx, input }) => getAssignments(ctx, input)),
  /** Upsert of the employee's link to the service; its commission percentage is kept. */
  saveAssignment: configure.input(assignmentInput).mutation(({ ctx, input }) => saveAssignment(ctx, input)),
  setAssignmentActive: configure.input(assignmentActiveInput).mutation(({ ctx, input }) => setAssignmentActive(ctx, input)),

  getSchedules: view.input(scheduleListInput).query(({ ctx, input }) => getSchedules(ctx, input.employee_id)),
  saveSchedule: configure.input(scheduleInput).mutation(({ ctx, input }) => saveSchedule(ctx, input)),
  deleteSchedule: configure.input(idInput).mutation(({ ctx, input }) => deleteSchedule(ctx, input.id)),

  getTimeOff: view.input(timeOffListInput.prefault({})).query(({ ctx, input }) => getTimeOff(ctx, input)),
  createTimeOff: protectedProcedure
    .use(requirePermission("appointments.update"))
    .input(timeOffInput)
    .mutation(({ ctx, input }) => createTimeOff(ctx, input, can(ctx.user, "appointments.configure"))),
  approveTimeOff: configure.input(idInput).mutation(({ ctx, input }) => approveTimeOff(ctx, input.id)),
  deleteTimeOff: configure.input(idInput).mutation(({ ctx, input }) => deleteTimeOff(ctx, input.id)),

  /** The tenant's booking policy (created with the defaults on first read). */
  getPolicy: view.query(({ ctx }) => getPolicy(ctx)),
  updatePolicy: configure.input(policyInput).mutation(({ ctx, input }) => updatePolicy(ctx, input)),
};
