import { cardProviderCreateInput, cardProviderUpdateInput } from "../../../shared/fiscal-settings/card-provider";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { createCardProvider, findCardProviders, tenantPaymentInterfaces, updateCardProvider } from "./service";

const fiscal = protectedProcedure.use(requirePermission("settings.fiscal"));

/** cardProvider.*: the card-terminal services (Settings > Proveedores de tarjeta); the POS reads them to charge cards. */
export const cardProviderRouter = router({
  /** Every provider with api_url, is_default (spec 02 §7), kind, cash box and is_active. */
  getAll: protectedProcedure.query(({ ctx }) => findCardProviders(ctx.tx, ctx.tenant.id)),
  /** {code, name, kind, api_url, cashbox_id?, is_default?, is_active?} */
  create: fiscal.input(cardProviderCreateInput).mutation(({ ctx, input }) => createCardProvider(ctx.tx, ctx.tenant.id, input)),
  /** {id, ...any field of create}; never deleted, deactivated instead. */
  update: fiscal.input(cardProviderUpdateInput).mutation(({ ctx, input }) => updateCardProvider(ctx.tx, ctx.tenant.id, input)),
});

/** paymentInterface.*: the payment-interface adapters and the tenant's configuration of each. */
export const paymentInterfaceRouter = router({
  getTenantInterfaces: protectedProcedure.query(({ ctx }) => tenantPaymentInterfaces(ctx.tx, ctx.tenant.id)),
});
