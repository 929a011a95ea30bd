import {
  commissionLinesInput,
  commissionReportInput,
  employeeByServiceInput,
  employeeCategoriesInput,
  employeeIdInput,
  employeeInput,
  employeeListInput,
  employeeProductsInput,
  employeeUpdateInput,
} from "../../../shared/employees/employee";
import { protectedProcedure, requireAnyPermission, requirePermission, router } from "../../trpc/init";
import { commissionLines, commissionReport, exportCommissionReport } from "./commission";
import {
  createEmployee,
  deactivateEmployee,
  findEmployees,
  findEmployeesByService,
  findSellers,
  getEmployee,
  getEmployeeForUser,
  replaceEmployeeCategories,
  replaceEmployeeProducts,
  restoreEmployee,
  updateEmployee,
} from "./service";

const view = protectedProcedure.use(requirePermission("employees.view"));

/** employee.* — employees and their commission links (spec 01 §3, §5, §7). Employees are deactivated, never deleted. */
export const employeeRouter = router({
  /** {search, page, pageSize, showInactive} -> {data, pagination}; only active employees unless showInactive. */
  getAll: view.input(employeeListInput.prefault({})).query(({ ctx, input }) => findEmployees(ctx.tx, ctx.tenant.id, input)),
  /** The employee with its product and category links. */
  getById: view.input(employeeIdInput).query(({ ctx, input }) => getEmployee(ctx.tx, ctx.tenant.id, input.id)),
  /** The spec's employee fields (snake_case); code EMP-001… when absent; returns {id}. */
  create: protectedProcedure
    .use(requirePermission("employees.create"))
    .input(employeeInput)
    .mutation(({ ctx, input }) => createEmployee(ctx.tx, ctx.tenant.id, input)),
  update: protectedProcedure
    .use(requirePermission("employees.update"))
    .input(employeeUpdateInput)
    .mutation(({ ctx, input }) => updateEmployee(ctx.tx, ctx.tenant.id, input)),
  /** Marks the employee inactive; never removes it. */
  delete: protectedProcedure
    .use(requirePermission("employees.delete"))
    .input(employeeIdInput)
    .mutation(({ ctx, input }) => deactivateEmployee(ctx.tx, ctx.tenant.id, input.id)),
  restore: protectedProcedure
    .use(requirePermission("employees.delete"))
    .input(employeeIdInput)
    .mutation(({ ctx, input }) => restoreEmployee(ctx.tx, ctx.tenant.id, input.id)),
  /** The appointment wizard's professionals: active employees linked to the schedulable product. */
  getByService: protectedProcedure
    .use(requireAnyPermission(["employees.view", "appointments.view"]))
    .input(employeeByServiceInput)
    .query(({ ctx, input }) => findEmployeesByService(ctx.tx, ctx.tenant.id, input.serviceId)),
  /** {employeeId, products[{productId, commissionPercentage}]}: replaces the set; empty percentage = the product's own. */
  updateProducts: protectedProcedure
    .use(requirePermission("employees.update"))
    .input(employeeProductsInput)
    .mutation(({ ctx, input }) => replaceEmployeeProducts(ctx.tx, ctx.tenant.id, input)),
  /** {employeeId, categories[{categoryId, commissionPercentage}]}: replaces the set. */
  updateCategories: protectedProcedure
    .use(requirePermission("employees.update"))
    .input(employeeCategoriesInput)
    .mutation(({ ctx, input }) => replaceEmployeeCategories(ctx.tx, ctx.tenant.id, input)),
  /** The signed-in user's own active employee {id, code, name, job_position}, or null (the POS's default seller). */
  getForUser: protectedProcedure.query(({ ctx }) => getEmployeeForUser(ctx.tx, ctx.tenant.id, ctx.user.id)),
  /** The POS's seller picker: active employees (id, code, name), for anyone who sells. */
  getSellers: protectedProcedure.use(requireAnyPermission(["pos.access", "invoices.create"])).query(({ ctx }) => findSellers(ctx.tx, ctx.tenant.id)),
});

const sellers = protectedProcedure.use(requirePermission("sellers.view"));

/** commission.* — the sellers' commissions report (the 'Vendedores' screen). */
export const commissionRouter = router({
  /** {from, to, employeeId?} (business dates, inclusive) -> one row per seller and the totals. */
  report: sellers.input(commissionReportInput).query(({ ctx, input }) => commissionReport(ctx.tx, ctx.tenant.id, input)),
  /** {from, to, employeeId, page, pageSize} -> the sale lines behind one seller's row. */
  lines: sellers.input(commissionLinesInput).query(({ ctx, input }) => commissionLines(ctx.tx, ctx.tenant.id, input)),
  /** The report as an .xlsx: {fileName, mimeType, base64}. */
  export: sellers.input(commissionReportInput).mutation(({ ctx, input }) => exportCommissionReport(ctx.tx, ctx.tenant.id, ctx.lang, input)),
});
