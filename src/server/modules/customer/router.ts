import {
  customerCreateInput,
  customerHistoryInput,
  customerIdInput,
  customerListInput,
  customerPointsInput,
  customerRecentInput,
  customerSearchInput,
  customerStatementInput,
  customerTypeInput,
  customerTypeUpdateInput,
  customerUpdateInput,
} from "../../../shared/customers/customer";
import { legalClientByCustomerInput, legalClientInput } from "../../../shared/customers/legal-client";
import { businessDate } from "../../../shared/platform/dates";
import { appError } from "../../trpc/errors";
import { can, protectedProcedure, requireAnyPermission, requirePermission, router } from "../../trpc/init";
import { createLegalClient, getLegalClient, updateLegalClient } from "./legal-service";
import {
  activeCustomerTypes,
  allCustomerTypes,
  createCustomer,
  createCustomerType,
  customerHistory,
  customerPoints,
  deleteCustomer,
  findCustomers,
  getCustomer,
  recentCustomers,
  restoreCustomer,
  searchCustomers,
  updateCustomer,
  updateCustomerType,
} from "./service";
import { customerStatement } from "./statement";

const view = protectedProcedure.use(requirePermission("customers.view"));
/** The list: customers.view, or appointments.create for the booking wizard's customer search (never the deleted ones). */
const list = protectedProcedure
  .use(requireAnyPermission(["customers.view", "appointments.create"]))
  .input(customerListInput.prefault({}))
  .use(({ ctx, input, next }) => {
    if (can(ctx.user, "customers.view") || !input.showDeleted) return next();
    throw appError("FORBIDDEN", "forbidden", { permission: "customers.view" });
  });
const create = protectedProcedure.use(requirePermission("customers.create"));
const update = protectedProcedure.use(requirePermission("customers.update"));
const remove = protectedProcedure.use(requirePermission("customers.delete"));
/** Customer types are a settings catalog (Settings → Tipos de cliente): settings.catalogs edits them. */
const catalogs = protectedProcedure.use(requirePermission("settings.catalogs"));
/** Reading them: the settings tab (settings.catalogs) or the customer form's type select (customers.view). */
const readTypes = protectedProcedure.use(requireAnyPermission(["settings.catalogs", "customers.view"]));

/** customer.* — customers (spec 01 §3, §5, §7; spec 02 customer search panel, §7). Deleting marks them deleted. */
export const customerRouter = router({
  /** {search, page, pageSize 20, showDeleted} -> {data, pagination}. */
  getAll: list.query(({ ctx, input }) => findCustomers(ctx.tx, ctx.tenant.id, input)),
  /**
   * {customerId, asOf? (today in the business's time zone), all?}: balance due, aging buckets (current, 1–30, 31–60, 61–90, 90+),
   * the open invoices oldest first (the first 1,000 unless `all`), credit limit and what is left, store credit.
   */
  getStatement: view
    .input(customerStatementInput)
    .query(({ ctx, input }) => customerStatement(ctx.tx, ctx.tenant, input.customerId, input.asOf ?? businessDate(new Date(), ctx.tenant.timezone), input.all)),
  /** The customer with points, type name and legal data (null when none). */
  getById: view.input(customerIdInput).query(({ ctx, input }) => getCustomer(ctx.tx, ctx.tenant.id, input.id)),
  create: create.input(customerCreateInput).mutation(({ ctx, input }) => createCustomer(ctx.tx, ctx.tenant.id, input)),
  update: update.input(customerUpdateInput).mutation(({ ctx, input }) => updateCustomer(ctx.tx, ctx.tenant.id, input)),
  delete: remove.input(customerIdInput).mutation(({ ctx, input }) => deleteCustomer(ctx.tx, ctx.tenant.id, input.id)),
  restore: remove.input(customerIdInput).mutation(({ ctx, input }) => restoreCustomer(ctx.tx, ctx.tenant.id, input.id)),
  /** {query, limit 20}: name, code, tax id or phone fragment; [] for an empty query. */
  search: view.input(customerSearchInput).query(({ ctx, input }) => searchCustomers(ctx.tx, ctx.tenant.id, input)),
  /** {limit 10}: by last use, then the newest. */
  getRecent: view.input(customerRecentInput.prefault({})).query(({ ctx, input }) => recentCustomers(ctx.tx, ctx.tenant.id, input.limit)),
  /** {customerId, page, pageSize}: invoices with payments, newest first, and totals. */
  getHistory: view.input(customerHistoryInput).query(({ ctx, input }) => customerHistory(ctx.tx, ctx.tenant.id, input)),
  /** {customerId}: rewards balance and latest movements. */
  getPoints: view.input(customerPointsInput).query(({ ctx, input }) => customerPoints(ctx.tx, ctx.tenant.id, input)),
});

/** customerType.* — the customer form's type select and its small settings list. */
export const customerTypeRouter = router({
  getActive: readTypes.query(({ ctx }) => activeCustomerTypes(ctx.tx, ctx.tenant.id)),
  getAll: readTypes.query(({ ctx }) => allCustomerTypes(ctx.tx, ctx.tenant.id)),
  create: catalogs.input(customerTypeInput).mutation(({ ctx, input }) => createCustomerType(ctx.tx, ctx.tenant.id, input)),
  update: catalogs.input(customerTypeUpdateInput).mutation(({ ctx, input }) => updateCustomerType(ctx.tx, ctx.tenant.id, input)),
});

/** legattiCustomer.* — a customer's legal-client data (spec 01 §3 'Legal client', §4, §7). */
export const legattiCustomerRouter = router({
  create: create.input(legalClientInput).mutation(({ ctx, input }) => createLegalClient(ctx.tx, ctx.tenant.id, input.customerId, input.data)),
  update: update.input(legalClientInput).mutation(({ ctx, input }) => updateLegalClient(ctx.tx, ctx.tenant.id, input.customerId, input.data)),
  getByCustomerId: view.input(legalClientByCustomerInput).query(({ ctx, input }) => getLegalClient(ctx.tx, ctx.tenant.id, input.customerId)),
});
