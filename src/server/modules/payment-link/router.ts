import { paymentLinkCreateInput, paymentLinkIdInput, paymentLinkListInput, paymentLinkPayInput, paymentLinkSendEmailInput, paymentLinkSettingsInput } from "../../../shared/payment-link/schemas";
import { requestOrigin } from "../../origin";
import { ATTEMPT_WINDOW_MS, AttemptLimiter } from "../../trpc/attempt-limit";
import { appError, notFound } from "../../trpc/errors";
import { can, protectedProcedure, publicProcedure, requireAnyPermission, requirePermission, router, tenantProcedure } from "../../trpc/init";
import { postCallback } from "./routes";
import { appointmentOfOrderNumber, cancelLink, checkConfig, createLink, getLink, getPublicLink, getSettings, isAppointmentOrderNumber, listLinks, payLink, sendLinkEmail, updateSettings } from "./service";

/** Taking payments: the permissions invoice.recordPayment asks for. */
const payments = protectedProcedure.use(requireAnyPermission(["payments.create", "invoices.update"]));
/** Reading the links: who sees invoices or payments. */
const readers = protectedProcedure.use(requireAnyPermission(["invoices.view", "payments.view"]));
/**
 * Making a link: who takes payments, or who applies appointment payments (the apply-payment
 * dialog's link step) — the latter only for an 'APT-' link of one of the tenant's appointments
 * (not bound to an invoice); another tenant's or an unknown appointment is NOT_FOUND.
 */
const creators = protectedProcedure.use(requireAnyPermission(["payments.create", "invoices.update", "appointments.apply_payment"]));
const takesPayments = (user: Parameters<typeof can>[0]) => can(user, "payments.create") || can(user, "invoices.update");
const settings = protectedProcedure.use(requirePermission("settings.fiscal"));

/**
 * paymentLink.* (issue 12 §5; spec 02 §7 and spec 01): links a customer pays by card on the
 * provider's hosted page. checkConfig/create as the spec; getAll/getById/cancel/sendEmail for the
 * invoices' 'payment links' tab; getSettings/updateSettings for Settings; getPublic/pay for the
 * sandbox's hosted page /pay/{id} (no session; tenant from the host).
 */
const payAttempts = new AttemptLimiter(ATTEMPT_WINDOW_MS);

export const paymentLinkRouter = router({
  /** none → boolean: the tenant has an enabled provider. */
  checkConfig: protectedProcedure.use(requireAnyPermission(["invoices.view", "payments.view", "appointments.apply_payment"])).query(({ ctx }) => checkConfig(ctx.tx, ctx.tenant.id)),
  /** {orderNumber, amount (minor units), itbis, language, clientContractNumber, customerName?, description?, email?, invoiceId?} → {success, linkFullUrl, …} or {success: false, errorDescription}. */
  create: creators.input(paymentLinkCreateInput).mutation(async ({ ctx, input }) => {
    if (!takesPayments(ctx.user)) {
      if (input.invoiceId || !isAppointmentOrderNumber(input.orderNumber)) throw appError("FORBIDDEN", "forbidden", { permission: "payments.create | invoices.update" });
      if (!(await appointmentOfOrderNumber(ctx.tx, ctx.tenant.id, input.orderNumber))) throw notFound();
    }
    return createLink({ ...ctx, origin: requestOrigin(ctx), lang: ctx.lang }, input);
  }),
  /** {page, pageSize, status?, search?, invoiceId?} → a page of links, newest first. */
  getAll: readers.input(paymentLinkListInput.default({ search: "", page: 1, pageSize: 20 })).query(({ ctx, input }) => listLinks(ctx.tx, ctx.tenant.id, input)),
  getById: readers.input(paymentLinkIdInput).query(({ ctx, input }) => getLink(ctx.tx, ctx.tenant.id, input.id)),
  /** {id}: pending → cancelled (never deleted); a paid link cannot be cancelled. */
  cancel: payments.input(paymentLinkIdInput).mutation(({ ctx, input }) => cancelLink({ ...ctx, origin: requestOrigin(ctx), lang: ctx.lang }, input.id)),
  /** {id, email, language?}: the link by e-mail (SMTP or the outbox). */
  sendEmail: payments.input(paymentLinkSendEmailInput).mutation(({ ctx, input }) => sendLinkEmail({ ...ctx, origin: requestOrigin(ctx), lang: ctx.lang }, input)),
  getSettings: settings.query(({ ctx }) => getSettings(ctx.tx, ctx.tenant.id)),
  /** {isEnabled, provider: 'sandbox', ttlDays 1–90, paymentMethodId?} */
  updateSettings: settings.input(paymentLinkSettingsInput).mutation(({ ctx, input }) => updateSettings(ctx.tx, ctx.tenant.id, input)),
  /** Public: {id} → what the hosted page shows, or NOT_FOUND. */
  getPublic: tenantProcedure.input(paymentLinkIdInput).query(({ ctx, input }) => getPublicLink(ctx.tx, ctx.tenant, input.id)),
  /**
   * Public (the sandbox's hosted page): {id, cardNumber, expiry 'MM/YY', cvc} → {result: approved|declined, reason, status}.
   * No procedure transaction: the sandbox posts its signed callback to this server, which opens its own.
   */
  pay: publicProcedure.input(paymentLinkPayInput).mutation(async ({ ctx, input }) => {
    const tenant = ctx.tenant;
    if (!tenant) throw appError("NOT_FOUND", "tenantNotFound");
    if (tenant.status === "suspended") throw appError("FORBIDDEN", "tenantSuspended");
    // A public page that takes card numbers: attempts are limited per client address like sign-in
    // (AUTH_RATE_LIMIT_MAX per 5 minutes), so it cannot be used to try cards one after another.
    const key = `pay|${ctx.req.ip}`;
    if (payAttempts.isBlocked(key, ctx.deps.authRateLimitMax)) throw appError("TOO_MANY_REQUESTS", "tooManyAttempts");
    payAttempts.hit(key);
    return payLink(ctx.deps, tenant, ctx.req.headers.host ?? "", (req) => postCallback(ctx.req.server, req), input);
  }),
});
