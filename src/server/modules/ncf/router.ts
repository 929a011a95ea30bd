import { z } from "zod";
import { ncfRangeCreateInput, ncfRangeUpdateInput, ncfTypeUpdateInput } from "../../../shared/fiscal/ncf-schemas";
import { businessDate } from "../../../shared/platform/dates";
import { protectedProcedure, requireAnyPermission, requirePermission, router } from "../../trpc/init";
import { cancelNcfRange, createNcfRange, getAllNcfTypes, getNcfTypes, previewNextNcf, updateNcfRange, updateNcfType } from "./service";

const sells = requireAnyPermission(["pos.access", "invoices.create", "credit_notes.create", "appointments.apply_payment"]);
const fiscal = requirePermission("settings.fiscal");
const today = (tz: string) => businessDate(new Date(), tz);

export const ncfRouter = router({
  /** NCF types that can be chosen (active), default first, with what their ranges can still issue and any warning. */
  getTypes: protectedProcedure.use(sells).query(({ ctx }) => getNcfTypes(ctx.tx, ctx.tenant.id, today(ctx.tenant.timezone))),
  /** The next number of a type, as a preview (nothing is taken until a document is saved); null when none is left. */
  getNextNumber: protectedProcedure
    .use(sells)
    .input(z.object({ id: z.uuid() }))
    .query(({ ctx, input }) => previewNextNcf(ctx.tx, ctx.tenant.id, input.id, today(ctx.tenant.timezone))),
  /** Settings: every type with its DGII authorizations, used and remaining. */
  getAllTypes: protectedProcedure.use(fiscal).query(({ ctx }) => getAllNcfTypes(ctx.tx, ctx.tenant.id, today(ctx.tenant.timezone))),
  updateType: protectedProcedure
    .use(fiscal)
    .input(ncfTypeUpdateInput)
    .mutation(({ ctx, input }) => updateNcfType(ctx.tx, ctx.tenant.id, input)),
});

/** ncfRange.*: the DGII authorizations (ranges) of each NCF type. Never deleted: cancelled. */
export const ncfRangeRouter = router({
  create: protectedProcedure
    .use(fiscal)
    .input(ncfRangeCreateInput)
    .mutation(({ ctx, input }) => createNcfRange(ctx.tx, ctx.tenant.id, ctx.user.id, input, today(ctx.tenant.timezone))),
  update: protectedProcedure
    .use(fiscal)
    .input(ncfRangeUpdateInput)
    .mutation(({ ctx, input }) => updateNcfRange(ctx.tx, ctx.tenant.id, input)),
  cancel: protectedProcedure
    .use(fiscal)
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => cancelNcfRange(ctx.tx, ctx.tenant.id, input.id)),
});
