/** appointment.* deposits and the refund queue (the 'Pagos' tab). */
export const appointmentPaymentProcedures = {};
