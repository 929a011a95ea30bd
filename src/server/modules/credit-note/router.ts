import { z } from "zod";
import { createCreditNoteInput, creditNoteListInput, recordCardRefundInput, settleRefundInput } from "../../../shared/credit-notes/rules";
import { protectedProcedure, requireAnyPermission, requirePermission, router } from "../../trpc/init";
import { createCreditNote, getCreditNote, listCreditNotes, recordCardRefund, settleRefund } from "./service";

const view = protectedProcedure.use(requireAnyPermission(["credit_notes.view", "invoices.view"]));

/** creditNote.*: credit notes (B04) against invoices: returns, cancellations, store credit. */
export const creditNoteRouter = router({
  /** The return wizard's last step: {id, number, total_amount}. */
  create: protectedProcedure
    .use(requirePermission("credit_notes.create"))
    .input(createCreditNoteInput)
    .mutation(({ ctx, input }) => createCreditNote(ctx, input)),
  /** A note refunded to a card: the terminal's approved return, recorded once. */
  recordCardRefund: protectedProcedure
    .use(requirePermission("credit_notes.create"))
    .input(recordCardRefundInput)
    .mutation(({ ctx, input }) => recordCardRefund(ctx, input)),
  /** A card refund the terminal could not make, given in cash or kept as store credit instead. */
  settleRefund: protectedProcedure
    .use(requirePermission("credit_notes.create"))
    .input(settleRefundInput)
    .mutation(({ ctx, input }) => settleRefund(ctx, input)),
  getAll: view.input(creditNoteListInput.default({ search: "", page: 1, pageSize: 20 })).query(({ ctx, input }) => listCreditNotes(ctx, input)),
  getById: view.input(z.object({ id: z.uuid("creditNotes:errors.invalidId") })).query(({ ctx, input }) => getCreditNote(ctx, { id: input.id })),
  /** By number or NCF: the POS looks up a note given as a tender. */
  getByNumber: protectedProcedure
    .use(requireAnyPermission(["credit_notes.view", "pos.access"]))
    .input(z.object({ number: z.string().trim().min(1, "creditNotes:errors.referenceRequired").max(40) }))
    .query(({ ctx, input }) => getCreditNote(ctx, { number: input.number })),
});
