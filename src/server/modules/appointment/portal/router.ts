import { ATTEMPT_WINDOW_MS, AttemptLimiter } from "../../../trpc/attempt-limit";
import { appError } from "../../../trpc/errors";
import { router, tenantProcedure } from "../../../trpc/init";
import { portalBookInput, portalIdInput, portalRequestLinkInput, portalRescheduleInput, portalServiceInput, portalSignInInput, portalSlotsInput } from "./schemas";
import {
  bookOnPortal,
  cancelMine,
  getPortalEmployees,
  getPortalServices,
  getPortalSlots,
  getPublicConfig,
  me,
  myAppointments,
  myPayments,
  requestLink,
  rescheduleMine,
  signIn,
  signOut,
} from "./service";

/** Link requests and sign-in attempts per client address and tenant, limited like staff sign-in (AUTH_RATE_LIMIT_MAX per 5 minutes). */
const attempts = new AttemptLimiter(ATTEMPT_WINDOW_MS);
const limited = tenantProcedure.use(({ ctx, path, next }) => {
  const key = `${path}|${ctx.req.ip}|${ctx.tenant.id}`;
  if (attempts.isBlocked(key, ctx.deps.authRateLimitMax)) throw appError("TOO_MANY_REQUESTS", "tooManyAttempts");
  attempts.hit(key);
  return next();
});

/**
 * portal.*: the public booking portal and the customer area (issue 15 §6). Public on the tenant's
 * host (tenantProcedure); the customer area reads the portal session cookie (enzzo_portal), and a
 * customer's appointment of someone else is NOT_FOUND. Everything but getConfig is NOT_FOUND while
 * the tenant has the portal switched off.
 */
export const portalRouter = router({
  /** The public part of the configuration: colours, logo, pages, SEO, deposit and terms, the policy's limits. */
  getConfig: tenantProcedure.query(({ ctx }) => getPublicConfig(ctx)),
  /** Schedulable services that can be booked (at least one professional), with price and duration. */
  getServices: tenantProcedure.query(({ ctx }) => getPortalServices(ctx)),
  /** {service_id} → the professionals, only when the service lets the customer choose. */
  getEmployees: tenantProcedure.input(portalServiceInput).query(({ ctx, input }) => getPortalEmployees(ctx, input.service_id)),
  /** {service_id, employee_id?, date} → [{time, available}] */
  getAvailableSlots: tenantProcedure.input(portalSlotsInput).query(({ ctx, input }) => getPortalSlots(ctx, input)),
  /** Books (source 'portal'); with a required deposit, answers its payment link. Idempotent by idempotency_key. */
  book: limited.input(portalBookInput).mutation(({ ctx, input }) => bookOnPortal(ctx, input)),
  /** {email} → always {success: true}; a known customer gets a one-time link by e-mail (15 minutes). */
  requestLink: limited.input(portalRequestLinkInput).mutation(({ ctx, input }) => requestLink(ctx, input.email)),
  /** {token} → the customer; uses the link once and sets the session cookie. */
  signIn: limited.input(portalSignInInput).mutation(({ ctx, input }) => signIn(ctx, input.token)),
  me: tenantProcedure.query(({ ctx }) => me(ctx)),
  signOut: tenantProcedure.mutation(({ ctx }) => signOut(ctx)),
  myAppointments: tenantProcedure.query(({ ctx }) => myAppointments(ctx)),
  /** {id}: cancels the customer's own appointment up to the refund window before its start. */
  cancel: tenantProcedure.input(portalIdInput).mutation(({ ctx, input }) => cancelMine(ctx, input.id)),
  /** {id, date, time}: moves the customer's own appointment to another free time, within the policy. */
  reschedule: tenantProcedure.input(portalRescheduleInput).mutation(({ ctx, input }) => rescheduleMine(ctx, input)),
  payments: tenantProcedure.query(({ ctx }) => myPayments(ctx)),
});
