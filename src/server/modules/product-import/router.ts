import { z } from "zod";
import { importBatchInput } from "../../../shared/catalog/product-import";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { findExportDetails, importBatch, scheduleAnalyze } from "./service";

export const productImportRouter = router({
  /**
   * Up to 500 spreadsheet rows (Excel row numbers) -> {created, updated, errors[{rowNumber, message}]}.
   * One transaction per call; a bad row is reported and skipped, the others are imported.
   */
  importBatch: protectedProcedure
    .use(requirePermission("products.import"))
    .input(importBatchInput)
    .mutation(async ({ ctx, input }) => {
      const result = await importBatch(ctx.tx, ctx.tenant.id, ctx.user.id, ctx.lang, input);
      if (result.created + result.updated > 0) scheduleAnalyze(ctx.deps.db);
      return result;
    }),
  /** The export's columns that product.getAll does not return, for one page of products. */
  exportDetails: protectedProcedure
    .use(requirePermission("products.export"))
    .input(z.object({ ids: z.array(z.string().uuid()).min(1).max(200) }))
    .query(({ ctx, input }) => findExportDetails(ctx.tx, ctx.tenant.id, input.ids)),
});
