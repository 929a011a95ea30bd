import { and, eq, sql } from "drizzle-orm";
import type { AppointmentContext } from "../service";
import { appointments } from "../tables";
import { loadAppointmentFacts, mailAppointment } from "./service";

/**
 * Sends the booking confirmation of a new appointment (called by appointment.create in its
 * transaction): when the appointment has an e-mail, the active 'confirmation' template (or the
 * default text in the tenant's language) filled with its values, through sendMail (SMTP or the
 * outbox), and confirmation_sent_at set once it is sent or in the outbox (not when SMTP refused it). Mail never fails the booking: the work runs in a
 * savepoint, and an error rolls back only that savepoint and is logged.
 */
export async function sendBookingConfirmation(ctx: Pick<AppointmentContext, "tx" | "tenant">, appointmentId: string): Promise<void> {
  const { tx, tenant } = ctx;
  // A plain SQL savepoint: the request's transaction is the app's own (tenantTransaction), on
  // PGlite and on postgres.js alike.
  await tx.execute(sql`SAVEPOINT appointment_confirmation`);
  try {
    const facts = await loadAppointmentFacts(tx, tenant.id, appointmentId);
    if (facts?.customer_email) {
      const status = await mailAppointment(tx, tenant, facts, "confirmation");
      if (status === "failed") console.warn(`[appointments] confirmation mail of ${appointmentId} was refused by SMTP (kept as failed in the outbox)`);
      else
        await tx
          .update(appointments)
          .set({ confirmationSentAt: new Date() })
          .where(and(eq(appointments.tenantId, tenant.id), eq(appointments.id, appointmentId)));
    }
    await tx.execute(sql`RELEASE SAVEPOINT appointment_confirmation`);
  } catch (e) {
    await tx.execute(sql`ROLLBACK TO SAVEPOINT appointment_confirmation`);
    console.error(`[appointments] confirmation of ${appointmentId} not sent:`, e instanceof Error ? e.message : e);
  }
}
