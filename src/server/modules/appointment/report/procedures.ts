/** appointment.getReport (the appointments area's reports): spread into the appointment router. */
export const appointmentReportProcedures = {};
