import { z } from "zod";
import { quantity } from "../../../shared/catalog/decimal";
import { productCreateInput, productListInput, productUpdateInput } from "../../../shared/catalog/product";
import { sendOtpInput, verifyOtpInput } from "../../../shared/otp/schemas";
import { appError } from "../../trpc/errors";
import { can, protectedProcedure, requireAnyPermission, requirePermission, router } from "../../trpc/init";
import { requestOtp, verifyOtp } from "../otp/service";
import {
  adjustInventory,
  createProduct,
  deleteProduct,
  findIngredients,
  findMaxDiscounts,
  findProducts,
  getProduct,
  restoreProduct,
  searchProducts,
  setActive,
  setFavorite,
  updateProduct,
} from "./service";

const byId = z.object({ id: z.string().uuid() });
const view = protectedProcedure.use(requirePermission("products.view"));
/**
 * The list: products.view, or appointments.create for the booking wizard's services only
 * (isScheduleable true, not the deleted ones): a booker without products.view lists nothing else.
 */
const list = protectedProcedure
  .use(requireAnyPermission(["products.view", "appointments.create"]))
  .input(productListInput)
  .use(({ ctx, input, next }) => {
    if (can(ctx.user, "products.view") || (input.isScheduleable === true && !input.showDeleted)) return next();
    throw appError("FORBIDDEN", "forbidden", { permission: "products.view" });
  });

export const productRouter = router({
  /** The product list: filters, search by name/SKU/keywords/barcode, paging (services list too). */
  getAll: list.query(({ ctx, input }) => findProducts(ctx.tx, ctx.tenant.id, input)),
  getById: view.input(byId).query(({ ctx, input }) => getProduct(ctx.tx, ctx.tenant.id, input.id)),
  /** POS lookup: exact barcode/SKU/alternative code first, else a text search. */
  searchProducts: protectedProcedure
    .input(z.object({ search: z.string().trim().min(1).max(200), limit: z.number().int().min(1).max(100).optional() }))
    .query(({ ctx, input }) => searchProducts(ctx.tx, ctx.tenant.id, input.search, input.limit)),
  getIngredients: protectedProcedure
    .input(z.object({ search: z.string().trim().max(200).optional().default(""), limit: z.number().int().min(1).max(100).optional().default(100) }))
    .query(({ ctx, input }) => findIngredients(ctx.tx, ctx.tenant.id, input.search, input.limit)),
  getMaxDiscounts: protectedProcedure
    .input(
      z.object({
        productIds: z.array(z.string().uuid()).max(500),
        paymentMethodIds: z.array(z.string().uuid()).max(50).default([]),
        isFullPayment: z.boolean().default(true),
      }),
    )
    .query(({ ctx, input }) => findMaxDiscounts(ctx.tx, ctx.tenant.id, input)),
  create: protectedProcedure
    .use(requirePermission("products.create"))
    .input(productCreateInput)
    .mutation(({ ctx, input }) => createProduct(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  update: protectedProcedure
    .use(requirePermission("products.update"))
    .input(productUpdateInput)
    .mutation(({ ctx, input }) => updateProduct(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  delete: protectedProcedure
    .use(requirePermission("products.delete"))
    .input(byId)
    .mutation(({ ctx, input }) => deleteProduct(ctx.tx, ctx.tenant.id, input.id)),
  restore: protectedProcedure
    .use(requirePermission("products.delete"))
    .input(byId)
    .mutation(({ ctx, input }) => restoreProduct(ctx.tx, ctx.tenant.id, input.id)),
  setFavorite: protectedProcedure
    .use(requirePermission("products.update"))
    .input(z.object({ id: z.string().uuid(), isFavorite: z.boolean() }))
    .mutation(({ ctx, input }) => setFavorite(ctx.tx, ctx.tenant.id, input.id, input.isFavorite)),
  setActive: protectedProcedure
    .use(requirePermission("products.update"))
    .input(z.object({ id: z.string().uuid(), isActive: z.boolean() }))
    .mutation(({ ctx, input }) => setActive(ctx.tx, ctx.tenant.id, input.id, input.isActive)),
  adjustInventory: protectedProcedure
    .use(requirePermission("products.adjust_inventory"))
    .input(
      z.object({
        productId: z.string().uuid(),
        reason: z.string().trim().max(300).optional().nullable(),
        lines: z.array(z.object({ warehouseId: z.string().uuid(), newQuantity: quantity() })).min(1, "errors:adjustQuantitiesRequired"),
      }),
    )
    .mutation(({ ctx, input }) => adjustInventory(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
  /** Custom discount authorization: mails a one-time code to the tenant's administrators (spec 02 §6, §7). */
  sendOTP: protectedProcedure
    .use(requirePermission("pos.access"))
    .input(sendOtpInput)
    .mutation(({ ctx, input }) => requestOtp(ctx.tx, ctx.tenant.id, { id: ctx.user.id, name: ctx.user.name }, input)),
  /** The cashier enters the administrator's code: {success: true}, or 'Invalid OTP code'. */
  verifyOTP: protectedProcedure
    .use(requirePermission("pos.access"))
    .input(verifyOtpInput)
    .mutation(({ ctx, input }) => verifyOtp(ctx.tx, ctx.tenant.id, ctx.user.id, input)),
});
