import { and, asc, eq } from "drizzle-orm";
import { protectedProcedure, router } from "../../trpc/init";
import { paymentMethods } from "./tables";

export const paymentMethodRouter = router({
  /** Active payment methods in their order (POS, discounts per method, appointments). */
  getAll: protectedProcedure.query(({ ctx }) =>
    ctx.tx
      .select({ id: paymentMethods.id, code: paymentMethods.code, name: paymentMethods.name, order: paymentMethods.order })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.tenantId, ctx.tenant.id), eq(paymentMethods.isActive, true)))
      .orderBy(asc(paymentMethods.order), asc(paymentMethods.name)),
  ),
});
