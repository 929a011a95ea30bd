import { timingSafeEqual } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { registerInput, tenantStatusInput } from "../../../shared/platform/schemas";
import { withTenant } from "../../db/client";
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
      const rows = await ctx.deps.db
        .select({
          id: tenants.id,
          subdomain: tenants.subdomain,
          name: tenants.name,
          taxId: tenants.taxId,
          product: tenants.product,
          status: tenants.status,
          trialEndsAt: tenants.trialEndsAt,
          createdAt: tenants.createdAt,
          // A second business with the same RNC/cédula is allowed (branches, a re-registration) and shown to the operator.
          sameTaxIdCount: sql<number>`(select count(*)::int from "tenants" other where other.id <> "tenants"."id" and "tenants"."tax_id" is not null
            and regexp_replace(other.tax_id, '\D', '', 'g') = regexp_replace("tenants"."tax_id", '\D', '', 'g'))`,
        })
        .from(tenants)
        .orderBy(desc(tenants.createdAt));
      // users is under forced row-level security: each tenant's users are counted as that tenant.
      const userCounts = await Promise.all(
        rows.map((r) => withTenant(ctx.deps.db, r.id, async (tx) => (await tx.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0)),
      );
      return rows.map((r, i) => ({ ...r, userCount: userCounts[i] ?? 0 }));
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
