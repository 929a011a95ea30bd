import { providerIdInput, providerInput, providerListInput, providerSetActiveInput, providerUpdateInput } from "../../../shared/catalog/provider";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { createProvider, findProviders, getProvider, setProviderActive, updateProvider } from "./service";

/** provider.* — suppliers (spec 03 §2, §3, §5, §7). Providers are deactivated, never deleted. */
export const providerRouter = router({
  /** {page 1, pageSize 100, search, isActive?} -> {data, pagination}. */
  getAll: protectedProcedure
    .use(requirePermission("providers.view"))
    .input(providerListInput.prefault({}))
    .query(({ ctx, input }) => findProviders(ctx.tx, ctx.tenant.id, input)),
  getById: protectedProcedure
    .use(requirePermission("providers.view"))
    .input(providerIdInput)
    .query(({ ctx, input }) => getProvider(ctx.tx, ctx.tenant.id, input.id)),
  /** The quick-create panel's payload or the full form's; returns the provider (with its id). */
  create: protectedProcedure
    .use(requirePermission("providers.create"))
    .input(providerInput)
    .mutation(({ ctx, input }) => createProvider(ctx.tx, ctx.tenant.id, input)),
  update: protectedProcedure
    .use(requirePermission("providers.update"))
    .input(providerUpdateInput)
    .mutation(({ ctx, input }) => updateProvider(ctx.tx, ctx.tenant.id, input)),
  setActive: protectedProcedure
    .use(requirePermission("providers.update"))
    .input(providerSetActiveInput)
    .mutation(({ ctx, input }) => setProviderActive(ctx.tx, ctx.tenant.id, input)),
});
