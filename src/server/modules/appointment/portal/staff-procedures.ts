import { protectedProcedure, requirePermission } from "../../../trpc/init";
import { portalConfigInput } from "./schemas";
import { readPortalConfig, savePortalConfig } from "./service";

const configure = protectedProcedure.use(requirePermission("appointments.configure"));

/**
 * appointment.getPortalConfig / appointment.updatePortalConfig (spec 03 §3 'Portal config'): the
 * staff's side of the booking portal. Spread into the appointment router.
 */
export const appointmentPortalProcedures = {
  getPortalConfig: configure.query(({ ctx }) => readPortalConfig(ctx.tx, ctx.tenant.id)),
  updatePortalConfig: configure.input(portalConfigInput).mutation(({ ctx, input }) => savePortalConfig(ctx.tx, ctx.tenant.id, input)),
};
