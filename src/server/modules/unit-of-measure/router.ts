import { z } from "zod";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { convertUnits, findUnits, seedUnits } from "./service";

const decimalValue = z
  .union([z.number({ error: "errors:invalidNumber" }).finite("errors:invalidNumber"), z.string({ error: "errors:invalidNumber" })], { error: "errors:invalidNumber" })
  .transform((v) => String(v).trim())
  .refine((v) => /^-?(\d+\.?\d*|\.\d+)$/.test(v) && v.length <= 30, "errors:invalidNumber");

const unitId = z.string({ error: "errors:invalidId" }).uuid("errors:invalidId");

export const convertInput = z.object({ value: decimalValue, fromUnitId: unitId, toUnitId: unitId });

/** unitOfMeasure.*: any signed-in user reads and converts; loading the standard set needs settings.catalogs. */
export const unitOfMeasureRouter = router({
  getAll: protectedProcedure.query(({ ctx }) => findUnits(ctx.tx, ctx.tenant.id)),
  seedUnits: protectedProcedure.use(requirePermission("settings.catalogs")).mutation(({ ctx }) => seedUnits(ctx.tx, ctx.tenant.id, ctx.lang)),
  /** A read: {value, fromUnitId, toUnitId} -> {value, toUnit}. */
  convert: protectedProcedure.input(convertInput).query(({ ctx, input }) => convertUnits(ctx.tx, ctx.tenant.id, ctx.lang, input)),
});
