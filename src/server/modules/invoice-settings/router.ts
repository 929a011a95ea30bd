import {
  invoiceConditionCreateInput,
  invoiceConditionUpdateInput,
  invoiceTypeCreateInput,
  invoiceTypeUpdateInput,
} from "../../../shared/fiscal-settings/invoice-settings";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import {
  createInvoiceCondition,
  createInvoiceType,
  findActiveInvoiceConditions,
  findActiveInvoiceTypes,
  findInvoiceConditionsForSettings,
  findInvoiceTypesForSettings,
  updateInvoiceCondition,
  updateInvoiceType,
} from "./service";

const fiscal = protectedProcedure.use(requirePermission("settings.fiscal"));

/** invoiceCondition.*: payment terms (Contado, Crédito 30 días …). */
export const invoiceConditionRouter = router({
  /** Active conditions in their order (pickers): {id, code, name, days, order, isDefault, isActive}. */
  getAll: protectedProcedure.query(({ ctx }) => findActiveInvoiceConditions(ctx.tx, ctx.tenant.id)),
  /** Settings: every condition, inactive ones too. */
  getAllForSettings: fiscal.query(({ ctx }) => findInvoiceConditionsForSettings(ctx.tx, ctx.tenant.id)),
  /** {code, name, days 0–365, order 0–999, isDefault?, isActive?}; one default. */
  create: fiscal.input(invoiceConditionCreateInput).mutation(({ ctx, input }) => createInvoiceCondition(ctx.tx, ctx.tenant.id, input)),
  /** {id, ...any field of create}. */
  update: fiscal.input(invoiceConditionUpdateInput).mutation(({ ctx, input }) => updateInvoiceCondition(ctx.tx, ctx.tenant.id, input)),
});

/** invoiceType.*: kinds of invoice with their default NCF type. */
export const invoiceTypeRouter = router({
  /** Active types in their order (pickers), each with its NCF type's code and description. */
  getAll: protectedProcedure.query(({ ctx }) => findActiveInvoiceTypes(ctx.tx, ctx.tenant.id)),
  /** Settings: every type, inactive ones too. */
  getAllForSettings: fiscal.query(({ ctx }) => findInvoiceTypesForSettings(ctx.tx, ctx.tenant.id)),
  /** {code, name, ncfTypeId (the tenant's NCF type, or null), order?, isDefault?, isActive?}; one default. */
  create: fiscal.input(invoiceTypeCreateInput).mutation(({ ctx, input }) => createInvoiceType(ctx.tx, ctx.tenant.id, input)),
  /** {id, ...any field of create}. */
  update: fiscal.input(invoiceTypeUpdateInput).mutation(({ ctx, input }) => updateInvoiceType(ctx.tx, ctx.tenant.id, input)),
});
