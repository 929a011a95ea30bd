import { z } from "zod";
import { agingInput, cancelBillInput, createSupplierBillInput, payBillInput, statementInput, supplierBillListInput } from "../../../shared/payables/rules";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { cancelBill, createBill, getAging, getBill, getStatement, listBills, payBill, reversePayment, unbilledReceipts } from "./service";

const view = protectedProcedure.use(requirePermission("payables.view"));
const idInput = z.object({ id: z.uuid("payables:errors.invalidId") });

/** supplierBill.*: supplier bills (facturas de suplidor) and their payments (issue 13 §3). Never deleted: cancelled. */
export const supplierBillRouter = router({
  getAll: view.input(supplierBillListInput.prefault({})).query(({ ctx, input }) => listBills(ctx, input)),
  getById: view.input(idInput).query(({ ctx, input }) => getBill(ctx, input.id)),
  /** The provider's purchase receipts not yet billed, with the amounts a bill of each starts from (the form prefills them). */
  receipts: view.input(z.object({ providerId: z.uuid("payables:errors.invalidId") })).query(({ ctx, input }) => unbilledReceipts(ctx, input.providerId)),
  /** By hand or from a purchase receipt (receiptId); B11/B13 take our next NCF. The same client_key returns the first bill. */
  create: protectedProcedure
    .use(requirePermission("payables.create"))
    .input(createSupplierBillInput)
    .mutation(({ ctx, input }) => createBill(ctx, input)),
  /** Only a bill with nothing paid (reverse its payments first). */
  cancel: protectedProcedure
    .use(requirePermission("payables.cancel"))
    .input(cancelBillInput)
    .mutation(({ ctx, input }) => cancelBill(ctx, input)),
  /** A full or partial payment, never above the balance; cash from the payer's open cash box. Idempotent by client_key. */
  pay: protectedProcedure
    .use(requirePermission("payables.pay"))
    .input(payBillInput)
    .mutation(({ ctx, input }) => payBill(ctx, input)),
  reversePayment: protectedProcedure
    .use(requirePermission("payables.pay"))
    .input(idInput.extend({ paymentId: z.uuid("payables:errors.invalidId") }))
    .mutation(({ ctx, input }) => reversePayment(ctx, input)),
});

/** payable.*: what is owed to suppliers: the aging and a provider's statement. */
export const payableRouter = router({
  getAging: view.input(agingInput.prefault({})).query(({ ctx, input }) => getAging(ctx, input)),
  getStatement: view.input(statementInput).query(({ ctx, input }) => getStatement(ctx, input)),
});
