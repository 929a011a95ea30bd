import { and, asc, eq } from "drizzle-orm";
import { paymentMethodCreateInput, paymentMethodUpdateInput } from "../../../shared/fiscal-settings/payment-method";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { createPaymentMethod, findPaymentMethodsForSettings, updatePaymentMethod } from "./service";
import { paymentMethods } from "./tables";

const fiscal = protectedProcedure.use(requirePermission("settings.fiscal"));

export const paymentMethodRouter = router({
  /** Active payment methods in their order with the flags every payment form follows (default, currencies, card provider, where available). */
  getAll: protectedProcedure.query(({ ctx }) =>
    ctx.tx
      .select({
        id: paymentMethods.id,
        code: paymentMethods.code,
        name: paymentMethods.name,
        order: paymentMethods.order,
        isDefault: paymentMethods.isDefault,
        useCurrencies: paymentMethods.useCurrencies,
        useCardProvider: paymentMethods.useCardProvider,
        cardProviderId: paymentMethods.cardProviderId,
        availableForAppointments: paymentMethods.availableForAppointments,
        availableForOnlineStore: paymentMethods.availableForOnlineStore,
      })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.tenantId, ctx.tenant.id), eq(paymentMethods.isActive, true)))
      .orderBy(asc(paymentMethods.order), asc(paymentMethods.name)),
  ),
  /** Settings: every method (inactive too) with its flags and whether it is a system method. */
  getAllForSettings: fiscal.query(({ ctx }) => findPaymentMethodsForSettings(ctx.tx, ctx.tenant.id)),
  /** {code, name, order, isDefault?, useCurrencies?, useCardProvider?, cardProviderId?, availableForAppointments?, availableForOnlineStore?, isActive?} */
  create: fiscal.input(paymentMethodCreateInput).mutation(({ ctx, input }) => createPaymentMethod(ctx.tx, ctx.tenant.id, input)),
  /** {id, ...any field of create}; system methods keep their code, cash stays active. */
  update: fiscal.input(paymentMethodUpdateInput).mutation(({ ctx, input }) => updatePaymentMethod(ctx.tx, ctx.tenant.id, input)),
});
