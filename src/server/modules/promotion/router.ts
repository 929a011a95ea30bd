import { businessDate } from "../../../shared/platform/dates";
import { promotionIdInput, promotionInput, promotionListInput, promotionSetActiveInput, promotionUpdateInput } from "../../../shared/promotions/schemas";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { activePromotions, createPromotion, findPromotions, getPromotion, setPromotionActive, updatePromotion } from "./service";

/** promotion.* (spec 03 §3, §4, §5, §7; issue 16). Promotions are switched off, never deleted. */
export const promotionRouter = router({
  /** {search, type?, isActive?, period?, page, pageSize 20} -> {data (with productCount, categoryCount), pagination}. */
  getAll: protectedProcedure
    .use(requirePermission("promotions.view"))
    .input(promotionListInput.prefault({}))
    .query(({ ctx, input }) => findPromotions(ctx.tx, ctx.tenant.id, input, businessDate(new Date(), ctx.tenant.timezone))),
  /** The promotion with productIds, categoryIds and the named products and categories. */
  getById: protectedProcedure
    .use(requirePermission("promotions.view"))
    .input(promotionIdInput)
    .query(({ ctx, input }) => getPromotion(ctx.tx, ctx.tenant.id, input.id)),
  create: protectedProcedure
    .use(requirePermission("promotions.create"))
    .input(promotionInput)
    .mutation(({ ctx, input }) => createPromotion(ctx.tx, ctx.tenant.id, ctx.user.id, input, businessDate(new Date(), ctx.tenant.timezone))),
  update: protectedProcedure
    .use(requirePermission("promotions.update"))
    .input(promotionUpdateInput)
    .mutation(({ ctx, input }) => updatePromotion(ctx.tx, ctx.tenant.id, input, businessDate(new Date(), ctx.tenant.timezone))),
  /**
   * The promotions in force today (business date), with their products and categories: what the
   * POS cart hands to the engine (src/shared/promotions/engine.ts). Gated by pos.access, so a cashier has it.
   */
  active: protectedProcedure
    .use(requirePermission("pos.access"))
    .query(async ({ ctx }) => {
      // The cart on screen runs the engine with the server's business date, so both agree on the day.
      const today = businessDate(new Date(), ctx.tenant.timezone);
      return { businessDate: today, promotions: await activePromotions(ctx.tx, ctx.tenant.id, today) };
    }),
  /** The list's toggle: switch a promotion off or on. */
  setActive: protectedProcedure
    .use(requirePermission("promotions.update"))
    .input(promotionSetActiveInput)
    .mutation(({ ctx, input }) => setPromotionActive(ctx.tx, ctx.tenant.id, input)),
});
