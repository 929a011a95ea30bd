import { lowStockCreateInput, lowStockListInput } from "../../../shared/purchasing/low-stock";
import {
  purchaseOrderCancelInput,
  purchaseOrderCreateInput,
  purchaseOrderIdInput,
  purchaseOrderListInput,
  purchaseOrderSendInput,
  purchaseOrderUpdateInput,
  purchaseProductDefaultsInput,
  purchaseReceiveInput,
  purchaseSettingsInput,
} from "../../../shared/purchasing/schemas";
import { PURCHASE_TRANSITIONS } from "../../../shared/purchasing/status";
import { type ProtectedContext, protectedProcedure, requirePermission, router } from "../../trpc/init";
import { createFromLowStock, findLowStock } from "./low-stock";
import { getPurchasingNotifications } from "./notifications";
import { sendPurchaseOrder } from "./send";
import {
  approvePurchaseOrder,
  cancelPurchaseOrder,
  createPurchaseOrder,
  findPurchaseOrders,
  getProductDefaults,
  getPurchaseOrder,
  getPurchaseSettings,
  receivePurchaseOrder,
  submitPurchaseOrder,
  updatePurchaseOrder,
  updatePurchaseSettings,
} from "./service";

const view = protectedProcedure.use(requirePermission("purchase_orders.view"));
/** The procedure of a transition, guarded by the permission the shared table names for it. */
const acting = (action: keyof typeof PURCHASE_TRANSITIONS) => protectedProcedure.use(requirePermission(PURCHASE_TRANSITIONS[action].permission));
const purchasing = (ctx: Pick<ProtectedContext, "tx" | "tenant" | "user">) => ({ tx: ctx.tx, tenantId: ctx.tenant.id, userId: ctx.user.id });

/**
 * purchaseOrder.*: purchase orders (issue 13 §1, §2). Statuses and who may move them:
 * shared/purchasing/status.ts (docs/decisions.md). Orders are cancelled, never deleted.
 */
export const purchaseOrderRouter = router({
  /** {status?, providerId?, warehouseId?, dateFrom?, dateTo?, search, page, pageSize} -> {data, pagination}. */
  getAll: view.input(purchaseOrderListInput.prefault({})).query(({ ctx, input }) => findPurchaseOrders(ctx.tx, ctx.tenant.id, input)),
  /** The order with provider, warehouse, payment terms, lines and receipts. */
  getById: view.input(purchaseOrderIdInput).query(({ ctx, input }) => getPurchaseOrder(ctx.tx, ctx.tenant.id, input.id)),
  /** New lines' last cost (from this provider, else the product's), provider code and ITBIS rate. */
  getProductDefaults: view.input(purchaseProductDefaultsInput).query(({ ctx, input }) => getProductDefaults(ctx.tx, ctx.tenant.id, input)),
  /** A draft; the same idempotencyKey returns the first order. */
  create: protectedProcedure
    .use(requirePermission("purchase_orders.create"))
    .input(purchaseOrderCreateInput)
    .mutation(({ ctx, input }) => createPurchaseOrder(purchasing(ctx), input)),
  /** A draft or an order pending approval, lines replaced. */
  update: acting("update")
    .input(purchaseOrderUpdateInput)
    .mutation(({ ctx, input }) => updatePurchaseOrder(purchasing(ctx), input)),
  /** draft -> approved (total ≤ threshold) or pending_approval. */
  submit: acting("submit")
    .input(purchaseOrderIdInput)
    .mutation(({ ctx, input }) => submitPurchaseOrder(purchasing(ctx), input.id)),
  approve: acting("approve")
    .input(purchaseOrderIdInput)
    .mutation(({ ctx, input }) => approvePurchaseOrder(purchasing(ctx), input.id)),
  /** {id, channel: email (PDF to the provider, SMTP or outbox) | whatsapp (a wa.me link), email?, phoneNumber?, language?} -> sent. */
  send: acting("send")
    .input(purchaseOrderSendInput)
    .mutation(({ ctx, input }) =>
      sendPurchaseOrder(
        { ...purchasing(ctx), businessName: ctx.tenant.name, userLanguage: ctx.user.language ?? ctx.lang },
        { id: input.id, channel: input.channel, email: input.email, phoneNumber: input.phoneNumber, language: input.language },
      ),
    ),
  /** {id, clientKey, lines: [{lineId, quantity}], notes?}: stock in at cost; idempotent by clientKey. */
  receive: acting("receive")
    .input(purchaseReceiveInput)
    .mutation(({ ctx, input }) => receivePurchaseOrder(purchasing(ctx), input)),
  cancel: acting("cancel")
    .input(purchaseOrderCancelInput)
    .mutation(({ ctx, input }) => cancelPurchaseOrder(purchasing(ctx), input)),
  /** {warehouseId?, providerId? (a provider or 'none'), search, page, pageSize} -> low rows with suggested quantity, provider and last cost (issue 13 §4). */
  getLowStock: view.input(lowStockListInput.prefault({})).query(({ ctx, input }) => findLowStock(ctx.tx, ctx.tenant.id, input)),
  /** {clientKey, items: [{productId, warehouseId, providerId?, quantity?}]} -> {orders}: drafts, one per provider and warehouse; idempotent by clientKey. */
  createFromLowStock: protectedProcedure
    .use(requirePermission("purchase_orders.create"))
    .input(lowStockCreateInput)
    .mutation(({ ctx, input }) => createFromLowStock(purchasing(ctx), input)),
  /** Low stock per warehouse, overdue deliveries and supplier bills due in 7 days. */
  getNotifications: view.query(({ ctx }) => getPurchasingNotifications(ctx.tx, ctx.tenant.id)),
});

/** purchaseSettings.*: approval threshold, receiving tolerance, default payment terms, number format, digest (issue 13 §5). */
export const purchaseSettingsRouter = router({
  get: view.query(({ ctx }) => getPurchaseSettings(ctx.tx, ctx.tenant.id)),
  update: protectedProcedure
    .use(requirePermission("settings.configuration"))
    .input(purchaseSettingsInput)
    .mutation(({ ctx, input }) => updatePurchaseSettings(ctx.tx, ctx.tenant.id, input)),
});
