import { and, asc, eq } from "drizzle-orm";
import { protectedProcedure, router } from "../../trpc/init";
import { warehouses } from "./tables";

export const warehouseRouter = router({
  /** Active warehouses in their order (user form, POS warehouse picker). */
  getAll: protectedProcedure.query(({ ctx }) =>
    ctx.tx
      .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, order: warehouses.order, isDefault: warehouses.isDefault, isActive: warehouses.isActive })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, ctx.tenant.id), eq(warehouses.isActive, true)))
      .orderBy(asc(warehouses.order), asc(warehouses.name)),
  ),
});
