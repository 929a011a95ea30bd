import { sql } from "drizzle-orm";
import type { AppDeps } from "../../../app";
import { rowsOf } from "../../../db/client";
import { appError } from "../../../trpc/errors";
import { protectedProcedure, publicProcedure, requirePermission } from "../../../trpc/init";
import { invalidateTenantCache } from "../../tenant/service";
import { portalConfigInput } from "./schemas";
import { readPortalConfig, savePortalConfig } from "./service";

const configure = protectedProcedure.use(requirePermission("appointments.configure"));
const E = (key: string) => `bookingPortal:errors.${key}`;

/**
 * Whether another tenant's portal has saved the domain (enabled or not). Other tenants' portals are
 * hidden by row-level security, so it is read through the registry connection (deps.db, like the
 * host lookup itself); there is no unique index across tenants on purpose (tenant-first indexes).
 */
async function claimedByAnother(deps: AppDeps, tenantId: string, domain: string): Promise<boolean> {
  const [taken] = rowsOf<{ tenant_id: string }>(
    await deps.db.execute(sql`SELECT tenant_id FROM appointment_portals WHERE lower(custom_domain) = ${domain} AND tenant_id <> ${tenantId} LIMIT 1`),
  );
  return !!taken;
}

/**
 * The registry read runs before the procedure's tenant transaction (PGlite has a single connection,
 * which that transaction holds); its answer is only used once the permission has been checked.
 */
const withDomainClaim = publicProcedure.use(async ({ ctx, getRawInput, next }) => {
  const parsed = portalConfigInput.safeParse(await getRawInput().catch(() => undefined));
  const domain = parsed.success ? parsed.data.custom_domain : null;
  const domainClaimed = !!(ctx.tenant && domain && (await claimedByAnother(ctx.deps, ctx.tenant.id, domain)));
  return next({ ctx: { domainClaimed } });
});

/**
 * appointment.getPortalConfig / appointment.updatePortalConfig (spec 03 §3 'Portal config'): the
 * staff's side of the booking portal. Spread into the appointment router. A custom domain must not
 * be the platform's own domain nor under it (those hosts are the tenants' subdomains), nor saved by
 * another tenant's portal. A saved custom domain serves the portal at once (host lookups are cached
 * 10 s and forgotten on save).
 */
export const appointmentPortalProcedures = {
  getPortalConfig: configure.query(({ ctx }) => readPortalConfig(ctx.tx, ctx.tenant.id)),
  updatePortalConfig: withDomainClaim
    .concat(configure)
    .input(portalConfigInput)
    .mutation(async ({ ctx, input }) => {
      const domain = input.custom_domain;
      const base = ctx.deps.config.baseDomain.toLowerCase();
      if (domain && (domain === base || domain.endsWith(`.${base}`))) throw appError("BAD_REQUEST", E("domainOnPlatform"), { base });
      if (domain && ctx.domainClaimed) throw appError("BAD_REQUEST", E("domainTaken"), { domain });
      const saved = await savePortalConfig(ctx.tx, ctx.tenant.id, input);
      invalidateTenantCache();
      return saved;
    }),
};
