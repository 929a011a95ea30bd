/** appointment.* communication procedures (templates, communication center): spread into the appointment router. */
export const appointmentNotifyProcedures = {};
