import { timingSafeEqual } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { registerInput, tenantStatusInput } from "../../../shared/platform/schemas";
import { ATTEMPT_WINDOW_MS, AttemptLimiter } from "../../trpc/attempt-limit";
import { appError, notFound } from "../../trpc/errors";
import { publicProcedure, router } from "../../trpc/init";
import { users } from "../auth/tables";
import { createTenant, newTenantFromRegistration } from "../onboarding/service";
import { invalidateTenantCache } from "../tenant/service";
import { tenants } from "../tenant/tables";

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Needs the x-super-admin-token header to equal SUPERADMIN_TOKEN; works on any host. */
const wrongTokens = new AttemptLimiter(ATTEMPT_WINDOW_MS);

/** Wrong tokens are limited per client address like sign-in attempts (AUTH_RATE_LIMIT_MAX per 5 minutes). */
const superAdminProcedure = publicProcedure.use(({ ctx, next }) => {
  const expected = ctx.deps.config.superAdminToken;
  if (!expected) throw appError("FORBIDDEN", "superAdminDisabled");
  const key = `superadmin|${ctx.req.ip}`;
  if (wrongTokens.isBlocked(key, ctx.deps.authRateLimitMax)) throw appError("TOO_MANY_REQUESTS", "tooManyAttempts");
  if (!ctx.superAdminToken || !sameToken(ctx.superAdminToken, expected)) {
    wrongTokens.hit(key);
    throw appError("UNAUTHORIZED", "invalidSuperAdminToken");
  }
  return next();
});

export const superAdminRouter = router({
  tenants: router({
    list: superAdminProcedure.query(async ({ ctx }) => {
      // Not tenant-scoped by design: the operator sees every tenant.
      return ctx.deps.db
        .select({
          id: tenants.id,
          subdomain: tenants.subdomain,
          name: tenants.name,
          taxId: tenants.taxId,
          product: tenants.product,
          status: tenants.status,
          trialEndsAt: tenants.trialEndsAt,
          createdAt: tenants.createdAt,
          userCount: sql<number>`(select count(*)::int from ${users} where ${users.tenantId} = ${tenants.id})`,
        })
        .from(tenants)
        .orderBy(desc(tenants.createdAt));
    }),
    create: superAdminProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
      const { tenant } = await createTenant(ctx.deps.db, newTenantFromRegistration(input, true));
      return { id: tenant.id, subdomain: tenant.subdomain, status: tenant.status };
    }),
    setStatus: superAdminProcedure.input(tenantStatusInput).mutation(async ({ ctx, input }) => {
      const [row] = await ctx.deps.db
        .update(tenants)
        .set({ status: input.status })
        .where(eq(tenants.id, input.tenantId))
        .returning({ id: tenants.id, status: tenants.status });
      if (!row) throw notFound();
      invalidateTenantCache();
      return row;
    }),
  }),
});
