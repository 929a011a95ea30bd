import { and, asc, desc, eq } from "drizzle-orm";
import { protectedProcedure, router } from "../../trpc/init";
import { currencies } from "./tables";

export const currencyRouter = router({
  /** Active currencies, the default (the tenant's own) first; rate = pesos per unit. */
  getActive: protectedProcedure.query(({ ctx }) =>
    ctx.tx
      .select({ id: currencies.id, code: currencies.code, numericCode: currencies.numericCode, name: currencies.name, symbol: currencies.symbol, rate: currencies.rate, is_default: currencies.isDefault })
      .from(currencies)
      .where(and(eq(currencies.tenantId, ctx.tenant.id), eq(currencies.isActive, true)))
      .orderBy(desc(currencies.isDefault), asc(currencies.code)),
  ),
});
