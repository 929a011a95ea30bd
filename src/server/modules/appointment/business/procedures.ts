/** appointment.getBusinessProfile/updateBusinessProfile and the booking settings (the 'Negocio' and 'Configuración' tabs). */
export const appointmentBusinessProcedures = {};
