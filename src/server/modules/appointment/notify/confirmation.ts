import type { AppointmentContext } from "../service";

/** Sends the booking confirmation of a new appointment (called by appointment.create in its transaction). */
export async function sendBookingConfirmation(_ctx: Pick<AppointmentContext, "tx" | "tenant">, _appointmentId: string): Promise<void> {}
