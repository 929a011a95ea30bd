import { reportAsOfInput, reportPeriodInput } from "../../../shared/reports/schemas";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import {
  inventoryValuation,
  itbisByRate,
  payablesAging,
  receivablesAging,
  salesByCashbox,
  salesByCategory,
  salesByCustomer,
  salesByDay,
  salesByPaymentMethod,
  salesByProduct,
  salesBySeller,
} from "./service";

const view = protectedProcedure.use(requirePermission("reports.view"));
const period = view.input(reportPeriodInput.prefault({}));
const asOf = view.input(reportAsOfInput.prefault({}));

/**
 * report.*: the reports area (issue 14 §7). Sales reports take {from, to, warehouseId} (this month
 * in the tenant's time zone by default) and answer {from, to, warehouse, rows, totals}; the
 * snapshots take {asOf, warehouseId} and answer {asOf, warehouse, rows, totals}. Rules in service.ts.
 */
export const reportRouter = router({
  getSalesByDay: period.query(({ ctx, input }) => salesByDay(ctx, input)),
  getSalesByProduct: period.query(({ ctx, input }) => salesByProduct(ctx, input)),
  getSalesByCategory: period.query(({ ctx, input }) => salesByCategory(ctx, input)),
  getSalesBySeller: period.query(({ ctx, input }) => salesBySeller(ctx, input)),
  getSalesByPaymentMethod: period.query(({ ctx, input }) => salesByPaymentMethod(ctx, input)),
  getSalesByCashbox: period.query(({ ctx, input }) => salesByCashbox(ctx, input)),
  getSalesByCustomer: period.query(({ ctx, input }) => salesByCustomer(ctx, input)),
  getItbisByRate: period.query(({ ctx, input }) => itbisByRate(ctx, input)),
  getInventoryValuation: asOf.query(({ ctx, input }) => inventoryValuation(ctx, input)),
  getReceivablesAging: asOf.query(({ ctx, input }) => receivablesAging(ctx, input)),
  getPayablesAging: asOf.query(({ ctx, input }) => payablesAging(ctx, input)),
});
