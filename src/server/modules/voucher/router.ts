import { batchIdInput, batchListInput, cancelInput, checkInput, createBatchInput, reportInput, VM, voucherIdInput, voucherListInput } from "../../../shared/vouchers/schemas";
import { appError } from "../../trpc/errors";
import { can, middleware, type ProtectedContext, protectedProcedure, requirePermission, router } from "../../trpc/init";
import { cancelVoucher, checkExpired, checkVoucher, createBatch, exportCsv, getBatch, getBatches, getHistory, getImageExport, getVouchers, reportVoucher, type VoucherContext } from "./service";

const view = protectedProcedure.use(requirePermission("vouchers.view"));
/** Generating needs vouchers.generate; without it the spec's own message ('You don't have permission to generate vouchers'). */
const generate = protectedProcedure.use(
  middleware(({ ctx, next }) => {
    if (!can((ctx as ProtectedContext).user, "vouchers.generate")) throw appError("FORBIDDEN", VM.forbidden);
    return next();
  }),
);
const cancel = protectedProcedure.use(requirePermission("vouchers.cancel"));
const report = protectedProcedure.use(requirePermission("vouchers.report"));
/** The POS checks a code before paying with it (a cashier may not see the vouchers screens). */
const pos = protectedProcedure.use(requirePermission("pos.access"));

const vctx = (ctx: ProtectedContext): VoucherContext => ({ tx: ctx.tx, tenant: ctx.tenant, user: ctx.user, lang: ctx.lang });

/**
 * voucher.* (spec 03 §7, issue 16 item 3): gift-voucher batches and their vouchers. Reads need
 * vouchers.view, a batch vouchers.generate, cancelling vouchers.cancel, a loss or theft
 * vouchers.report; the expiry check only applies the dates, so vouchers.view is enough. Another
 * tenant's batch or voucher is NOT_FOUND.
 */
export const voucherRouter = router({
  createBatch: generate.input(createBatchInput).mutation(({ ctx, input }) => createBatch(vctx(ctx), input)),
  getBatches: view.input(batchListInput.prefault({})).query(({ ctx, input }) => getBatches(vctx(ctx), input)),
  getBatch: view.input(batchIdInput).query(({ ctx, input }) => getBatch(vctx(ctx), input.batchId)),
  getVouchers: view.input(voucherListInput).query(({ ctx, input }) => getVouchers(vctx(ctx), input)),
  exportCsv: view.input(batchIdInput).query(({ ctx, input }) => exportCsv(vctx(ctx), input.batchId)),
  /** The batch's active vouchers for the PNG export (drawn and zipped in the browser). */
  getImageExport: view.input(batchIdInput).query(({ ctx, input }) => getImageExport(vctx(ctx), input.batchId)),
  cancel: cancel.input(cancelInput).mutation(({ ctx, input }) => cancelVoucher(vctx(ctx), input)),
  report: report.input(reportInput).mutation(({ ctx, input }) => reportVoucher(vctx(ctx), input)),
  getHistory: view.input(voucherIdInput).query(({ ctx, input }) => getHistory(vctx(ctx), input.voucherId)),
  /** The bulk check: active vouchers past their last valid day become expired. */
  checkExpired: view.mutation(({ ctx }) => checkExpired(vctx(ctx))),
  /** A code typed or scanned at checkout: its type, balance and expiry, else 'Invalid voucher'. */
  check: pos.input(checkInput).query(({ ctx, input }) => checkVoucher(vctx(ctx), input.code)),
});
