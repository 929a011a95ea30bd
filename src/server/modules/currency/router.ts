import { and, asc, desc, eq } from "drizzle-orm";
import { currencyCreateInput, currencyHistoryInput, currencySetRateInput, currencyUpdateInput } from "../../../shared/fiscal-settings/currency";
import { businessDate } from "../../../shared/platform/dates";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { createCurrency, findCurrencies, getRateHistory, rateInForce, setCurrencyRate, updateCurrency } from "./service";
import { currencies } from "./tables";

const fiscal = protectedProcedure.use(requirePermission("settings.fiscal"));
/** Today in the tenant's time zone (rates take effect by business day). */
const today = (tz: string) => businessDate(new Date(), tz);

export const currencyRouter = router({
  /** Active currencies, the default (the tenant's own) first; rate = pesos per unit. */
  getActive: protectedProcedure.query(({ ctx }) =>
    ctx.tx
      .select({ id: currencies.id, code: currencies.code, numericCode: currencies.numericCode, name: currencies.name, symbol: currencies.symbol, rate: rateInForce(today(ctx.tenant.timezone)), is_default: currencies.isDefault })
      .from(currencies)
      .where(and(eq(currencies.tenantId, ctx.tenant.id), eq(currencies.isActive, true)))
      .orderBy(desc(currencies.isDefault), asc(currencies.code)),
  ),
  /** Every currency (inactive too), default first: rate in force, its date, and the next scheduled rate. */
  getAll: protectedProcedure.query(({ ctx }) => findCurrencies(ctx.tx, ctx.tenant.id, today(ctx.tenant.timezone))),
  /** {currencyId, limit?}: the rate history, newest date first. */
  getRateHistory: protectedProcedure
    .input(currencyHistoryInput)
    .query(({ ctx, input }) => getRateHistory(ctx.tx, ctx.tenant.id, input.currencyId, today(ctx.tenant.timezone), input.limit)),
  /** {code, numericCode, name, symbol, rate, isDefault?, isActive?}; one default, worth 1. */
  create: fiscal.input(currencyCreateInput).mutation(({ ctx, input }) => createCurrency(ctx.tx, ctx.tenant.id, ctx.user.id, input, today(ctx.tenant.timezone))),
  /** {id, ...any field of create}; a changed rate takes effect today. */
  update: fiscal.input(currencyUpdateInput).mutation(({ ctx, input }) => updateCurrency(ctx.tx, ctx.tenant.id, ctx.user.id, input, today(ctx.tenant.timezone))),
  /** {currencyId, rate, effectiveDate? (today)}: one history row per date; in force when it is the latest date up to today. */
  setRate: fiscal.input(currencySetRateInput).mutation(({ ctx, input }) => setCurrencyRate(ctx.tx, ctx.tenant.id, ctx.user.id, input, today(ctx.tenant.timezone))),
});
