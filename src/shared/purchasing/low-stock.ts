import { z } from "zod";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";
import { orderQuantity, PO } from "./schemas";

/**
 * Low stock and notifications (issue 13 §4): the low-stock tab's filters and the selection that
 * becomes draft purchase orders. Minimum and maximum are per product and warehouse
 * (product_stock.min_stock / max_stock); the suggested quantity is max − current, or min − current
 * when there is no maximum, never below 0.
 */
export const LS = {
  selectionRequired: "purchasing:errors.selectionRequired",
  productWithoutProvider: "purchasing:errors.productWithoutProvider",
  notLowStock: "purchasing:errors.notLowStock",
  duplicateSelection: "purchasing:errors.duplicateSelection",
} as const;

/** The rows a selection may turn into orders at once. */
export const MAX_LOW_STOCK_SELECTION = 500;

/** provider filter: a provider's id, or "none" for products without one ('Sin suplidor'). */
export const lowStockListInput = z.object({
  warehouseId: z.string().uuid().optional(),
  providerId: z.union([z.string().uuid(), z.literal("none")]).optional(),
  search: z.string().trim().max(100).optional().default(""),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 100).optional().default(20),
});
export type LowStockListInput = z.output<typeof lowStockListInput>;

export const lowStockSelectionItem = z.object({
  productId: z.string().uuid(PO.productRequired),
  warehouseId: z.string().uuid(PO.warehouseRequired),
  /** the provider chosen in the row; else the product's own */
  providerId: z.preprocess((v) => (v === "" ? null : v), z.string().uuid(PO.providerRequired).nullish()),
  /** else the suggested quantity */
  quantity: orderQuantity().optional(),
});

export const lowStockCreateInput = z
  .object({
    /** Client-generated: the same key twice returns the first orders, never new ones. */
    clientKey: z.string().min(8).max(64),
    items: z.array(lowStockSelectionItem, { error: LS.selectionRequired }).min(1, LS.selectionRequired).max(MAX_LOW_STOCK_SELECTION, PO.tooLong),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    for (const i of v.items) {
      const k = `${i.productId}:${i.warehouseId}`;
      if (seen.has(k)) ctx.addIssue({ code: "custom", path: ["items"], message: LS.duplicateSelection });
      seen.add(k);
    }
  });
export type LowStockCreateInput = z.output<typeof lowStockCreateInput>;

/** max − current, or min − current without a maximum; never below 0 (strings with 4 decimals). */
export function suggestedQuantity(current: number, min: number, max: number | null): number {
  const target = max ?? min;
  return Math.max(0, Math.round((target - current) * 10_000) / 10_000);
}

/** How many days ahead a bill counts as due soon in the notifications and the digest. */
export const BILLS_DUE_DAYS = 7;
