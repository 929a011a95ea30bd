import { dashboardRangeInput } from "../../../shared/dashboard/range";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { getEmployeeSales, getRecentSales, getSalesByCategory, getSalesOverview, getStats, getTopProducts } from "./service";

/** dashboard.*: the six widgets of the spec's Dashboard (issue 14 §8), one call each, for today, this week or this month. */
const dashboard = protectedProcedure.use(requirePermission("dashboard.view")).input(dashboardRangeInput);

export const dashboardRouter = router({
  getStats: dashboard.query(({ ctx, input }) => getStats(ctx, input.range)),
  getSalesOverview: dashboard.query(({ ctx, input }) => getSalesOverview(ctx, input.range)),
  getRecentSales: dashboard.query(({ ctx, input }) => getRecentSales(ctx, input.range)),
  getTopProducts: dashboard.query(({ ctx, input }) => getTopProducts(ctx, input.range)),
  getSalesByCategory: dashboard.query(({ ctx, input }) => getSalesByCategory(ctx, input.range)),
  getEmployeeSales: dashboard.query(({ ctx, input }) => getEmployeeSales(ctx, input.range)),
});
