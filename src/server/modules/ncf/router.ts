import { z } from "zod";
import { businessDate } from "../../../shared/platform/dates";
import { protectedProcedure, requireAnyPermission, router } from "../../trpc/init";
import { getNcfTypes, previewNextNcf } from "./service";

const sells = requireAnyPermission(["pos.access", "invoices.create", "appointments.apply_payment"]);

export const ncfRouter = router({
  /** NCF types with an authorized range, default first, with what is left of each range. */
  getTypes: protectedProcedure.use(sells).query(({ ctx }) => getNcfTypes(ctx.tx, ctx.tenant.id, businessDate(new Date(), ctx.tenant.timezone))),
  /** The next number of a type, as a preview (nothing is taken until a document is saved). */
  getNextNumber: protectedProcedure
    .use(sells)
    .input(z.object({ id: z.uuid() }))
    .query(({ ctx, input }) => previewNextNcf(ctx.tx, ctx.tenant.id, input.id)),
});
