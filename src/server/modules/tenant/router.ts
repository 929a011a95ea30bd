import { z } from "zod";
import { configUpdateInput } from "../../../shared/platform/schemas";
import { protectedProcedure, publicProcedure, requirePermission, router } from "../../trpc/init";
import { getConfig, publicTenant, taxModuleConfig, unsafeFindTenantBySubdomain, updateConfig } from "./service";

export const tenantRouter = router({
  /** Public: the tenant of a subdomain (null for reserved or unknown ones). */
  getPublicTenantBySubdomain: publicProcedure
    .input(z.object({ subdomain: z.string().trim().min(1).max(63) }))
    .query(async ({ ctx, input }) => {
      const tenant = await unsafeFindTenantBySubdomain(ctx.deps.db, input.subdomain);
      if (!tenant) return null;
      const t = publicTenant(tenant);
      return { tenant: t, product: t.product, productName: t.productName };
    }),

  getCurrentConfig: protectedProcedure.query(async ({ ctx }) => {
    const config = await getConfig(ctx.tx, ctx.tenant.id);
    return {
      // Every tenant is Dominican for now: NCF, ITBIS and the DGII reports apply.
      config: { ...config, country_code: "DO" },
      tenant: { ...publicTenant(ctx.tenant), taxId: ctx.tenant.taxId, trialEndsAt: ctx.tenant.trialEndsAt },
    };
  }),

  /** The fiscal document types and buyer fields of a country's tax module (DO: NCF and RNC/cédula). */
  getTaxModuleConfig: protectedProcedure
    .input(z.object({ countryCode: z.string().trim().length(2).default("DO") }).default({ countryCode: "DO" }))
    .query(async ({ ctx, input }) => taxModuleConfig(ctx.tx, ctx.tenant.id, input.countryCode.toUpperCase())),

  updateConfig: protectedProcedure
    .use(requirePermission("settings.configuration"))
    .input(configUpdateInput)
    .mutation(async ({ ctx, input }) => ({ config: await updateConfig(ctx.tx, ctx.tenant.id, input) })),
});
