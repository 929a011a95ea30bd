import { warehouseCreateInput, warehouseUpdateInput } from "../../../shared/catalog/warehouse";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { createWarehouse, findActiveWarehouses, findWarehousesForSettings, updateWarehouse } from "./service";

export const warehouseRouter = router({
  /** Active warehouses in their order (user form, POS warehouse picker); any signed-in user. */
  getAll: protectedProcedure.query(({ ctx }) => findActiveWarehouses(ctx.tx, ctx.tenant.id)),
  /** Every warehouse, inactive ones too (settings). */
  getAllForSettings: protectedProcedure.use(requirePermission("warehouses.view")).query(({ ctx }) => findWarehousesForSettings(ctx.tx, ctx.tenant.id)),
  /** {code, name, order, isActive, isDefault}; a new default clears the others. */
  create: protectedProcedure
    .use(requirePermission("warehouses.create"))
    .input(warehouseCreateInput)
    .mutation(({ ctx, input }) => createWarehouse(ctx.tx, ctx.tenant.id, input)),
  /** {id, ...fields}; the default warehouse cannot be deactivated. */
  update: protectedProcedure
    .use(requirePermission("warehouses.update"))
    .input(warehouseUpdateInput)
    .mutation(({ ctx, input }) => updateWarehouse(ctx.tx, ctx.tenant.id, input)),
});
