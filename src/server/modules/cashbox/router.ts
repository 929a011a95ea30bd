import { z } from "zod";
import { cashboxCreateInput, cashboxUpdateInput, closeCashboxInput, openCashboxInput } from "../../../shared/cashbox/cashbox";
import { pageNumber } from "../../../shared/platform/pagination";
import { wholeNumber } from "../../../shared/platform/whole-number";
import { can, protectedProcedure, requireAnyPermission, requirePermission, router } from "../../trpc/init";
import { assignSales, closeCashbox, createCashbox, findCashboxes, findSessions, findUnassignedSales, getActiveSession, getCloseSummary, openCashbox, updateCashbox } from "./service";

const configure = protectedProcedure.use(requirePermission("settings.configuration"));
const sessionInput = z.object({ sessionId: z.string().uuid() });

/** cashbox.* — cash boxes (settings) and their sessions: open with a float, sell, close with a count (spec 02 §2, §7). */
export const cashboxRouter = router({
  /** The settings list (inactive too by default); the open dialog asks for the active ones. Each row carries its open session. */
  getAll: protectedProcedure
    .use(requireAnyPermission(["settings.configuration", "cash_box.view"]))
    .input(z.object({ includeInactive: z.boolean().optional().default(true) }).prefault({}))
    .query(({ ctx, input }) => findCashboxes(ctx.tx, ctx.tenant.id, input)),
  /**
   * {code?, name, warehouseId?, printServer?, template?, willOpenDrawer, showNotifications?, waitForPrint?,
   * openDrawerOnPrint?, drawerServiceUrl?, isActive}; names and codes are unique per tenant (no code: CAJA{n}).
   */
  create: configure.input(cashboxCreateInput).mutation(({ ctx, input }) => createCashbox(ctx.tx, ctx.tenant.id, input)),
  /** {id, ...create}: code, template, the print flags and the drawer service are kept when left out. */
  update: configure.input(cashboxUpdateInput).mutation(({ ctx, input }) => updateCashbox(ctx.tx, ctx.tenant.id, input)),
  /**
   * The open session of the signed-in user, or of the cash box given: {sessionId, cashboxId, cashboxName,
   * will_open_drawer, print_server, code, template, showNotifications, waitForPrint, openDrawerOnPrint,
   * drawerServiceUrl, warehouseId, openingAmount, openedAt, openedBy, openedByName}; null when there is none.
   */
  getActive: protectedProcedure
    .use(requireAnyPermission(["cash_box.view", "pos.access"]))
    .input(z.object({ cashboxId: z.string().uuid().optional() }).optional())
    .query(({ ctx, input }) => getActiveSession(ctx.tx, ctx.tenant.id, ctx.user.id, input?.cashboxId)),
  /** {cashboxId, openingAmount, clientRequestId}: one open session per cash box; a retried call returns the same session. */
  open: protectedProcedure
    .use(requirePermission("cash_box.open"))
    .input(openCashboxInput)
    .mutation(({ ctx, input }) => openCashbox(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  /** Expected amount per payment method (cash: float + cash payments − change). */
  getCloseSummary: protectedProcedure
    .use(requireAnyPermission(["cash_box.view", "cash_box.close"]))
    .input(sessionInput)
    .query(({ ctx, input }) => getCloseSummary(ctx.tx, ctx.tenant.id, input.sessionId)),
  /** {sessionId, counted[{paymentMethodId, amount}], comments?}: comments are required when anything differs. */
  close: protectedProcedure
    .use(requirePermission("cash_box.close"))
    .input(closeCashboxInput)
    .mutation(({ ctx, input }) => closeCashbox(ctx.tx, ctx.tenant.id, ctx.user.id, input, { canCloseOthers: can(ctx.user, "pos.close_cash") })),
  /** POS sales in no cash count (made before sales needed a session), newest first: {data[{orderId, number, ncf, businessDate, createdAt, total, cashier, payments[{method, amount}]}], total}. */
  getUnassigned: protectedProcedure
    .use(requirePermission("pos.close_cash"))
    .input(z.object({ limit: wholeNumber(1, 500).optional().default(200) }).prefault({}))
    .query(({ ctx, input }) => findUnassignedSales(ctx.tx, ctx.tenant.id, input.limit)),
  /** {sessionId, orderIds}: those sales and their payments go into that open session (counted when it closes); answers {assigned}. */
  assignSales: protectedProcedure
    .use(requirePermission("pos.close_cash"))
    .input(z.object({ sessionId: z.string().uuid(), orderIds: z.array(z.string().uuid()).min(1).max(500) }))
    .mutation(({ ctx, input }) => assignSales(ctx.tx, ctx.tenant.id, input)),
  /** Sessions, newest first: the last closings (status 'closed'), or the open ones. */
  getSessions: protectedProcedure
    .use(requirePermission("cash_box.view"))
    .input(
      z
        .object({
          page: pageNumber().optional().default(1),
          pageSize: wholeNumber(1, 100).optional().default(10),
          status: z.enum(["open", "closed"]).optional(),
          cashboxId: z.string().uuid().optional(),
        })
        .prefault({}),
    )
    .query(({ ctx, input }) => findSessions(ctx.tx, ctx.tenant.id, input)),
});
