import { z } from "zod";
import { productName } from "../../../shared/platform/branding";
import { registerInput } from "../../../shared/platform/schemas";
import { withTenant } from "../../db/client";
import { tenantOrigin } from "../../origin";
import { cachedProductPlans } from "../../public-site/marketing/pricing-cache";
import { ATTEMPT_WINDOW_MS, AttemptLimiter } from "../../trpc/attempt-limit";
import { appError, notFound } from "../../trpc/errors";
import { publicProcedure, router } from "../../trpc/init";
import { createLoginToken } from "../auth/service";
import { unsafeFindTenantById } from "../tenant/service";
import { createTenant, newTenantFromRegistration } from "./service";

const registrations = new AttemptLimiter(ATTEMPT_WINDOW_MS);

export const onboardingRouter = router({
  /**
   * The plans of a marketing page ('forms' for the form builder, 'enzzo_pos' for the POS page):
   * public, answered from memory: fresh for 5 minutes, kept 10 (pricing-cache.ts).
   */
  getProductPricing: publicProcedure.input(z.object({ productKey: z.string({ error: "errors:invalidInput" }).trim().min(1, "errors:invalidInput").max(50, "errors:invalidInput") })).query(({ input }) => {
    return { plans: cachedProductPlans(input.productKey) };
  }),

  getOnboardingInfoByTenant: publicProcedure.input(z.object({ tenantId: z.string().uuid() })).query(async ({ ctx, input }) => {
    const tenant = await unsafeFindTenantById(ctx.deps.db, input.tenantId);
    if (!tenant) throw notFound();
    return { product: tenant.product, productName: productName(tenant.product), trialEndsAt: tenant.trialEndsAt };
  }),

  /** Self-registration: a new tenant with its defaults, a 30-day trial and its owner signed in. */
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    // Limited per client address like sign-in (AUTH_RATE_LIMIT_MAX per 5 minutes): each call creates a tenant.
    const key = `register|${ctx.req.ip}`;
    if (registrations.isBlocked(key, ctx.deps.authRateLimitMax)) throw appError("TOO_MANY_REQUESTS", "tooManyAttempts");
    registrations.hit(key);
    const { tenant, ownerId } = await createTenant(ctx.deps.db, newTenantFromRegistration(input, true));
    const token = await withTenant(ctx.deps.db, tenant.id, (tx) => createLoginToken(tx, ctx.deps, tenant.id, ownerId));
    const origin = tenantOrigin(ctx.deps.config, tenant.subdomain, ctx.req);
    return {
      tenantId: tenant.id,
      subdomain: tenant.subdomain,
      trialEndsAt: tenant.trialEndsAt,
      redirectUrl: `${origin}/auth/callback?token=${encodeURIComponent(token)}`,
    };
  }),
});
