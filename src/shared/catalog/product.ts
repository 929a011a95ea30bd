import { z } from "zod";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";
import { decimal, money, quantity } from "./decimal";

export const PRODUCT_TYPES = ["product", "service", "combo"] as const;
export const COMMISSION_TYPES = ["percentage", "fixed"] as const;
export const PRODUCT_UNITS = ["unit", "kg", "g", "lb", "oz", "l", "ml", "gal", "portion", "dozen"] as const;

/** Product defaults (spec 03 §9). */
export const PRODUCT_DEFAULTS = {
  productType: "product" as const,
  otpExpiration: 300,
  commissionType: "percentage" as const,
  commissionValue: "0",
  eligibleForRewards: true,
  availableForPos: true,
  isTaxable: true,
  priceIncludesTax: true,
  unitOfMeasure: "unit" as const,
  price2: "0",
  price3: "0",
};

const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const optionalUuid = z
  .union([z.string().uuid(), z.literal(""), z.literal("none"), z.null()])
  .optional()
  .transform((v) => (v && v !== "none" ? v : null));
const optionalInt = (min = 0, max = 100_000) => wholeNumber(min, max).optional().nullable();
/** An optional decimal: '' and null mean none (so a union's generic message never shows). */
const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const optionalDecimal = (scale = 4, max?: number, message?: string) =>
  z.preprocess(blankToNull, decimal({ scale, min: 0, max, message }).nullable()).optional().transform((v) => v ?? null);

export const warehouseQuantityInput = z.object({
  warehouseId: z.string().uuid(),
  initialQuantity: quantity().optional().default("0"),
  currentQuantity: quantity().optional(),
  minStock: optionalDecimal(),
  maxStock: optionalDecimal(),
});

export const alternativeCodeInput = z
  .object({
    id: z.string().uuid().optional(),
    providerId: optionalUuid,
    sku: optionalText(100),
    barcode: optionalText(100),
    description: optionalText(300),
  })
  .refine((c) => c.sku || c.barcode, { message: "errors:alternativeCodeRequired", path: ["barcode"] });

export const maxDiscountInput = z.object({
  id: z.string().uuid().optional(),
  paymentMethodId: z.string().uuid(),
  isFullPayment: z.boolean().default(false),
  maxDiscountPercent: decimal({ scale: 2, min: 0, max: 100, message: "errors:percentRange" }),
});

const productFields = z.object({
  name: z.string().trim().min(1, "errors:productNameRequired").max(200),
  productType: z.enum(PRODUCT_TYPES).default("product"),
  description: optionalText(2000),
  sku: z.string().trim().min(1, "errors:skuRequired").max(100),
  barcode: optionalText(100),
  keywords: optionalText(500),
  price: optionalDecimal(2, undefined, "errors:invalidPrice"),
  price2: optionalDecimal(2, undefined, "errors:invalidPrice"),
  price3: optionalDecimal(2, undefined, "errors:invalidPrice"),
  variablePrice: z.boolean().default(false),
  costPrice: money("errors:invalidPrice").optional().default("0"),
  costPerUnitQuantity: optionalDecimal(),
  costPerUnitId: optionalUuid,
  categoryId: optionalUuid,
  subCategoryId: optionalUuid,
  providerId: optionalUuid,
  imageUrl: optionalText(1000),
  isTaxable: z.boolean().default(true),
  priceIncludesTax: z.boolean().default(true),
  taxPercent: optionalDecimal(2, 100, "errors:percentRange"),
  isScheduleable: z.boolean().default(false),
  defaultDuration: optionalInt(0, 24 * 60),
  bufferTime: optionalInt(0, 24 * 60),
  maxAdvanceBookingDays: optionalInt(0, 3650),
  minAdvanceBookingHours: optionalInt(0, 8760),
  requiresOTP: z.boolean().default(false),
  otpExpiration: wholeNumber(1, 86_400, undefined, "errors:otpMin").default(300),
  eligibleForRewards: z.boolean().default(true),
  paysCommission: z.boolean().default(false),
  commissionType: z.enum(COMMISSION_TYPES).default("percentage"),
  commissionValue: money("errors:invalidPrice").optional().default("0"),
  availableForPos: z.boolean().default(true),
  unitOfMeasure: z.enum(PRODUCT_UNITS).default("unit"),
  isRecipeItem: z.boolean().default(false),
  hasRecipe: z.boolean().default(false),
  recipeYieldQuantity: optionalDecimal(),
  warehouseQuantities: z.array(warehouseQuantityInput).max(100).default([]),
  alternativeCodes: z.array(alternativeCodeInput).max(100).default([]),
  maxDiscounts: z.array(maxDiscountInput).max(100).default([]),
});

/** The spec's rules across fields: prices unless variable, commission percentage at most 100. */
function productRules<T extends z.infer<typeof productFields>>(p: T, ctx: z.RefinementCtx) {
  if (!p.variablePrice) {
    for (const key of ["price", "price2", "price3"] as const) {
      if (p[key] === null) ctx.addIssue({ code: "custom", path: [key], message: "errors:pricesRequired" });
    }
  }
  if (p.paysCommission && p.commissionType === "percentage" && Number(p.commissionValue) > 100) {
    ctx.addIssue({ code: "custom", path: ["commissionValue"], message: "errors:percentRange" });
  }
  const seen = new Set<string>();
  for (const w of p.warehouseQuantities) {
    if (seen.has(w.warehouseId)) ctx.addIssue({ code: "custom", path: ["warehouseQuantities"], message: "errors:duplicateWarehouse" });
    seen.add(w.warehouseId);
  }
}

export const productCreateInput = productFields.superRefine(productRules);
export const productUpdateInput = productFields.extend({ id: z.string().uuid() }).superRefine(productRules);
export type ProductCreateInput = z.infer<typeof productCreateInput>;
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

export const productListInput = z.object({
  search: z.string().trim().max(200).optional().default(""),
  productType: z.enum(PRODUCT_TYPES).optional(),
  isScheduleable: z.boolean().optional(),
  showDeleted: z.boolean().optional().default(false),
  favoritesOnly: z.boolean().optional().default(false),
  categoryId: z.string().uuid().optional(),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 200).optional().default(50),
});
