/**
 * appointment.* configuration procedures (schedules, time off, services, assignments, policies):
 * spread into the appointment router (../router.ts).
 */
export const appointmentConfigProcedures = {};
