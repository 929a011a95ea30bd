import { z } from "zod";
import { requestOrigin } from "../../origin";
import { protectedProcedure, requirePermission, tenantProcedure } from "../../trpc/init";
import { getSharedInvoice, getShareLink, revokeShareLink, shareInvoice } from "./share";

const invoices = protectedProcedure.use(requirePermission("invoices.view"));
const invoiceId = z.uuid("invoiceShare:errors.invalidId");
const language = z.enum(["es", "en"]).nullish();

/** invoice.share's input: the channel decides which of email / phoneNumber is used. */
export const shareInvoiceInput = z
  .object({
    invoiceId,
    channel: z.enum(["email", "whatsapp", "link"]),
    email: z.string().trim().max(254, "invoiceShare:errors.invalidEmail").nullish(),
    phoneNumber: z.string().trim().max(30, "invoiceShare:errors.invalidPhone").nullish(),
    language,
  })
  .superRefine((input, ctx) => {
    if (input.channel !== "email") return;
    if (!input.email) ctx.addIssue({ code: "custom", path: ["email"], message: "invoiceShare:errors.emailRequired" });
    else if (!z.email().safeParse(input.email).success) ctx.addIssue({ code: "custom", path: ["email"], message: "invoiceShare:errors.invalidEmail" });
  });

/**
 * The sharing procedures of invoice.*, as a plain object so the invoice router spreads them:
 * `router({ ...invoiceShareProcedures, getAll, … })`.
 */
export const invoiceShareProcedures = {
  /**
   * {invoiceId, channel: email|whatsapp|link, email?, phoneNumber?, language?}:
   * email sends the letter PDF attached (SMTP, else the outbox) → {sent: true, status};
   * whatsapp → {url: wa.me link with the public link, token, shareUrl};
   * link → {url, token} (the existing token, or a new one).
   */
  share: invoices.input(shareInvoiceInput).mutation(({ ctx, input }) => shareInvoice({ ...ctx, origin: requestOrigin(ctx) }, input)),
  /** {invoiceId} → {url, token} of the current public link, both null when there is none (creates nothing). */
  getShareLink: invoices.input(z.object({ invoiceId })).query(({ ctx, input }) => getShareLink({ ...ctx, origin: requestOrigin(ctx) }, input.invoiceId)),
  /** {invoiceId}: the public link stops working (share_token = null). */
  revokeShareLink: invoices.input(z.object({ invoiceId })).mutation(({ ctx, input }) => revokeShareLink(ctx.tx, ctx.tenant.id, input.invoiceId)),
  /** Public (no session; tenant from the host): {token} → the invoice without internal ids, or NOT_FOUND. */
  getShared: tenantProcedure.input(z.object({ token: z.string().max(200) })).query(({ ctx, input }) => getSharedInvoice(ctx.tx, ctx.tenant, input.token)),
};
