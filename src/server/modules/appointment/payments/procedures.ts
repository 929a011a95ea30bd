import {
  applyDepositInput,
  batchProcessInput,
  depositListInput,
  forfeitDepositInput,
  refundIdInput,
  refundListInput,
  refundQuoteInput,
  rejectRefundInput,
  requestRefundInput,
} from "../../../../shared/appointments/refunds";
import { protectedProcedure, requirePermission } from "../../../trpc/init";
import {
  applyDeposit,
  approveRefund,
  batchProcessRefunds,
  completeRefund,
  forfeitDeposit,
  getRefundQuote,
  listDeposits,
  listRefunds,
  processRefund,
  rejectRefund,
  requestRefund,
} from "./service";

const view = protectedProcedure.use(requirePermission("appointments.view"));
const money = protectedProcedure.use(requirePermission("appointments.apply_payment"));

/** appointment.* deposits and the refund queue (the 'Pagos' tab; spec 03 §4 deposit and refund statuses and actions). */
export const appointmentPaymentProcedures = {
  getDeposits: view.input(depositListInput).query(({ ctx, input }) => listDeposits(ctx, input)),
  getRefunds: view.input(refundListInput).query(({ ctx, input }) => listRefunds(ctx, input)),
  getRefundQuote: money.input(refundQuoteInput).query(({ ctx, input }) => getRefundQuote(ctx, input)),
  requestRefund: money.input(requestRefundInput).mutation(({ ctx, input }) => requestRefund(ctx, input)),
  approveRefund: money.input(refundIdInput).mutation(({ ctx, input }) => approveRefund(ctx, input)),
  rejectRefund: money.input(rejectRefundInput).mutation(({ ctx, input }) => rejectRefund(ctx, input)),
  processRefund: money.input(refundIdInput).mutation(({ ctx, input }) => processRefund(ctx, input)),
  completeRefund: money.input(refundIdInput).mutation(({ ctx, input }) => completeRefund(ctx, input)),
  batchProcessRefunds: money.input(batchProcessInput).mutation(({ ctx, input }) => batchProcessRefunds(ctx, input)),
  forfeitDeposit: money.input(forfeitDepositInput).mutation(({ ctx, input }) => forfeitDeposit(ctx, input)),
  /** 'Apply to payment': issues the appointment's invoice (NCF) with the deposit as its payment. */
  applyDeposit: money.input(applyDepositInput).mutation(({ ctx, input }) => applyDeposit(ctx, input)),
};
