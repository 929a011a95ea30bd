import { bookingSettingsInput, businessProfileInput } from "../../../../shared/appointments/business";
import { protectedProcedure, requirePermission } from "../../../trpc/init";
import { getBookingSettings, getBusinessProfile, getOpeningHours, updateBookingSettings, updateBusinessProfile } from "./service";

const view = protectedProcedure.use(requirePermission("appointments.view"));
const configure = protectedProcedure.use(requirePermission("appointments.configure"));

/**
 * appointment.getBusinessProfile/updateBusinessProfile (the 'Negocio' tab), getOpeningHours (the
 * calendar's shading) and getBookingSettings/updateBookingSettings (the 'Configuración' tab):
 * spread into the appointment router (../router.ts).
 */
export const appointmentBusinessProcedures = {
  getBusinessProfile: view.query(({ ctx }) => getBusinessProfile(ctx)),
  updateBusinessProfile: configure.input(businessProfileInput).mutation(({ ctx, input }) => updateBusinessProfile(ctx, input)),
  /** The week's opening hours (the default Mon–Sat 08:00–18:00 when none is saved). */
  getOpeningHours: view.query(({ ctx }) => getOpeningHours(ctx)),
  getBookingSettings: configure.query(({ ctx }) => getBookingSettings(ctx)),
  updateBookingSettings: configure.input(bookingSettingsInput).mutation(({ ctx, input }) => updateBookingSettings(ctx, input)),
};
