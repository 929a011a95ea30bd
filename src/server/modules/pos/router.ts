import { z } from "zod";
import { posCancelInvoiceInput } from "../../../shared/invoices/schemas";
import { posCheckoutInput, posHoldInvoiceInput, posValidateCartInput } from "../../../shared/pos/schemas";
import { protectedProcedure, requireAnyPermission, requirePermission, router } from "../../trpc/init";
import {
  cancelInvoice,
  checkout,
  deleteHeldInvoice,
  getCartStock,
  getHeldInvoices,
  getInvoiceDetail,
  getRecentInvoices,
  holdInvoice,
  loadHeldInvoice,
  sendReceiptEmail,
  sendReceiptWhatsApp,
  validateCart,
} from "./service";

const pos = protectedProcedure.use(requirePermission("pos.access"));

export const posRouter = router({
  /** The cart as the server prices it (debounced by the POS after each change). */
  validateCart: pos.input(posValidateCartInput).mutation(({ ctx, input }) => validateCart(ctx.tx, ctx.tenant, input.items)),
  /** {warehouseId, productIds}: what each good of the cart has in that warehouse, and whether stock may go below zero (the cart's warnings). */
  getCartStock: pos
    .input(z.object({ warehouseId: z.uuid(), productIds: z.array(z.uuid()).max(500) }))
    .query(({ ctx, input }) => getCartStock(ctx.tx, ctx.tenant.id, input.warehouseId, input.productIds)),

  /** Creates the invoice: order, lines, payments, NCF, stock and points in one transaction. */
  checkout: pos.use(requirePermission("invoices.create")).input(posCheckoutInput).mutation(({ ctx, input }) => checkout(ctx, input)),

  holdInvoice: pos
    .use(requirePermission("pos.hold_invoice"))
    .input(posHoldInvoiceInput)
    .mutation(({ ctx, input }) => holdInvoice(ctx, input)),
  getHeldInvoices: pos.query(({ ctx }) => getHeldInvoices(ctx.tx, ctx.tenant.id)),
  loadHeldInvoice: pos.input(z.object({ invoiceId: z.uuid() })).mutation(({ ctx, input }) => loadHeldInvoice(ctx.tx, ctx.tenant.id, input.invoiceId)),
  deleteHeldInvoice: pos
    .use(requirePermission("pos.hold_invoice"))
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => deleteHeldInvoice(ctx.tx, ctx.tenant.id, input.id)),

  getRecentInvoices: pos
    .input(z.object({ limit: z.number().int().min(1).max(50).default(50), today: z.boolean().optional() }).default({ limit: 50 }))
    .query(({ ctx, input }) => getRecentInvoices(ctx.tx, ctx.tenant, input)),
  getInvoiceDetail: pos.input(z.object({ invoiceId: z.uuid() })).query(({ ctx, input }) => getInvoiceDetail(ctx.tx, ctx.tenant, input.invoiceId)),
  cancelInvoice: pos
    .use(requireAnyPermission(["pos.cancel_invoice", "invoices.cancel"]))
    .input(posCancelInvoiceInput)
    .mutation(({ ctx, input }) => cancelInvoice(ctx, input)),

  /** The receipt by e-mail (SMTP, else the outbox); receiptData is accepted for the spec's payload but the stored order is what is sent. */
  sendReceiptEmail: pos
    .input(z.object({ orderId: z.uuid(), email: z.email("pos:errors.emailRequired"), receiptData: z.unknown().optional(), language: z.enum(["es", "en"]).optional() }))
    .mutation(({ ctx, input }) => sendReceiptEmail(ctx, input)),
  /** A WhatsApp click-to-chat link carrying the receipt text. */
  sendReceiptWhatsApp: pos
    .input(z.object({ orderId: z.uuid(), phoneNumber: z.string().trim().min(1, "pos:errors.invalidPhone").max(30), receiptData: z.unknown().optional(), language: z.enum(["es", "en"]).optional() }))
    .mutation(({ ctx, input }) => sendReceiptWhatsApp(ctx, input)),
});
