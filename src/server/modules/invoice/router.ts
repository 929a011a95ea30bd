import { z } from "zod";
import { cancelInvoiceInput, createInvoiceInput, invoiceDraftInput, invoiceListInput, recordPaymentInput, reverseCardPaymentInput } from "../../../shared/invoices/schemas";
import { businessDate } from "../../../shared/platform/dates";
import { protectedProcedure, requireAnyPermission, requirePermission, router } from "../../trpc/init";
import { cancel, create, deleteDraft, getByNumber, getDraft, getInvoice, invoiceTotals, listInvoices, recordPayment, reverseCardPayment, saveDraft } from "./service";
import { invoiceShareProcedures } from "./share-router";

const invoices = protectedProcedure.use(requirePermission("invoices.view"));
const today = (tz: string) => businessDate(new Date(), tz);

/** invoice.*: the invoices back office (list, detail, manual invoice, payments, cancel, share). */
export const invoiceRouter = router({
  ...invoiceShareProcedures,
  /** A page of invoices with the filters of the list (how many match, counted up to 10,000). */
  getAll: invoices.input(invoiceListInput.default({ search: "", page: 1, pageSize: 20 })).query(({ ctx, input }) => listInvoices(ctx, input, today(ctx.tenant.timezone))),
  /** The totals of the list's filtered set (count, invoiced, collected, owed): asked once per filter, not per page. */
  getTotals: invoices
    .input(invoiceListInput.omit({ page: true, pageSize: true }).default({ search: "" }))
    .query(({ ctx, input }) => invoiceTotals(ctx, { ...input, page: 1, pageSize: 1 }, today(ctx.tenant.timezone))),
  getById: invoices.input(z.object({ id: z.uuid("invoices:errors.invalidId") })).query(({ ctx, input }) => getInvoice(ctx, input.id, today(ctx.tenant.timezone))),
  /** The return wizard's lookup: by invoice number (FAC-000012 or 12) or NCF. */
  getByNumber: protectedProcedure
    .use(requireAnyPermission(["invoices.view", "credit_notes.create"]))
    .input(z.object({ number: z.string().trim().min(1, "creditNotes:errors.numberRequired").max(40) }))
    .query(({ ctx, input }) => getByNumber(ctx, input.number)),
  /** A manual invoice through the one invoice path (server prices, NCF, stock, idempotency key). */
  create: protectedProcedure
    .use(requirePermission("invoices.create"))
    .input(createInvoiceInput)
    .mutation(({ ctx, input }) => create(ctx, input)),
  /** The form kept as a draft (no NCF, stock or payment until it is issued through invoice.create with draftId). */
  saveDraft: protectedProcedure
    .use(requirePermission("invoices.create"))
    .input(invoiceDraftInput)
    .mutation(({ ctx, input }) => saveDraft(ctx, input)),
  /** A draft as the form edits it. */
  getDraft: protectedProcedure
    .use(requirePermission("invoices.create"))
    .input(z.object({ id: z.uuid("invoices:errors.invalidId") }))
    .query(({ ctx, input }) => getDraft(ctx, input.id)),
  /** Delete: only a draft (kept as discarded); an issued invoice is cancelled instead. */
  delete: protectedProcedure
    .use(requirePermission("invoices.update"))
    .input(z.object({ invoiceId: z.uuid("invoices:errors.invalidId") }))
    .mutation(({ ctx, input }) => deleteDraft(ctx, input.invoiceId)),
  recordPayment: protectedProcedure
    .use(requireAnyPermission(["payments.create", "invoices.update"]))
    .input(recordPaymentInput)
    .mutation(({ ctx, input }) => recordPayment(ctx, input)),
  /** A card transaction voided on its terminal: its payment is reversed on its invoice (null when it paid none). */
  reverseCardPayment: protectedProcedure
    .use(requirePermission("payments.cancel"))
    .input(reverseCardPaymentInput)
    .mutation(({ ctx, input }) => reverseCardPayment(ctx, input)),
  /** Anulación with the DGII 608 reason; the NCF stays on the invoice. */
  cancel: protectedProcedure
    .use(requirePermission("invoices.cancel"))
    .input(cancelInvoiceInput)
    .mutation(({ ctx, input }) => cancel(ctx, input)),
});
