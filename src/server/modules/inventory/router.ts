import { z } from "zod";
import { movementCreateInput, movementListInput, movementStockInput, movementUpdateInput } from "../../../shared/catalog/movement";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { cancelMovement, completeMovement, createMovement, deleteMovement, findMovements, getMovement, movementStock, updateMovement } from "./service";

const byId = z.object({ id: z.string().uuid() });

/** Warehouse movements: entry, exit, transfer, adjustment; pending → completed | cancelled. */
export const warehouseMovementRouter = router({
  getAll: protectedProcedure
    .use(requirePermission("warehouse_movements.view"))
    .input(movementListInput)
    .query(({ ctx, input }) => findMovements(ctx.tx, ctx.tenant.id, input)),
  getById: protectedProcedure
    .use(requirePermission("warehouse_movements.view"))
    .input(byId)
    .query(({ ctx, input }) => getMovement(ctx.tx, ctx.tenant.id, input.id)),
  create: protectedProcedure
    .use(requirePermission("warehouse_movements.create"))
    .input(movementCreateInput)
    .mutation(({ ctx, input }) => createMovement(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  /** A pending movement's fields and lines, replaced (and completed when `complete`). */
  update: protectedProcedure
    .use(requirePermission("warehouse_movements.update"))
    .input(movementUpdateInput)
    .mutation(({ ctx, input }) => updateMovement(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  /** A pending movement thrown away: kept as cancelled. */
  delete: protectedProcedure
    .use(requirePermission("warehouse_movements.delete"))
    .input(byId)
    .mutation(({ ctx, input }) => deleteMovement(ctx.tx, ctx.tenant.id, ctx.user.id, input.id)),
  /** The products' stock in each warehouse, for the form's current and new stock. */
  getStock: protectedProcedure
    .use(requirePermission("warehouse_movements.view"))
    .input(movementStockInput)
    .query(({ ctx, input }) => movementStock(ctx.tx, ctx.tenant.id, input.productIds)),
  complete: protectedProcedure
    .use(requirePermission("warehouse_movements.complete"))
    .input(byId)
    .mutation(({ ctx, input }) => completeMovement(ctx.tx, ctx.tenant.id, ctx.user.id, input.id)),
  cancel: protectedProcedure
    .use(requirePermission("warehouse_movements.cancel"))
    .input(byId)
    .mutation(({ ctx, input }) => cancelMovement(ctx.tx, ctx.tenant.id, ctx.user.id, input.id)),
});
