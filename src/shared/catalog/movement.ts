import { z } from "zod";
import { calendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";
import { money, quantity, toBig } from "./decimal";

export const MOVEMENT_TYPES = ["entry", "exit", "transfer", "adjustment"] as const;
export const MOVEMENT_STATUSES = ["pending", "completed", "cancelled"] as const;
export const ADJUSTMENT_REASONS = ["damaged", "expired", "lost", "found", "correction", "other"] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

export const movementLineInput = z.object({
  productId: z.string().uuid("errors:productsRequired"),
  /** entry/exit/transfer: units moved (> 0); adjustment: the counted quantity (>= 0). */
  quantity: quantity("errors:quantityInvalid"),
  cost: z.preprocess((v) => (v === "" ? null : v), money().nullable()).optional(),
});

/** The fields of a movement as the form sends them (create and update). */
const movementFields = z.object({
  type: z.enum(MOVEMENT_TYPES),
  warehouseId: z.string({ message: "errors:warehouseRequired" }).uuid("errors:warehouseRequired"),
  destinationWarehouseId: z.preprocess((v) => (v === "" || v === "none" ? null : v), z.string().uuid().nullable()).optional(),
  date: calendarDate(),
  reference: z.string().trim().max(100).optional().nullable(),
  notes: z.string().trim().max(1000).optional().nullable(),
  reason: z.preprocess((v) => (v === "" ? null : v), z.enum(ADJUSTMENT_REASONS).nullable()).optional(),
  lines: z.array(movementLineInput).min(1, "errors:productsRequired").max(500),
  /** Completes the movement at once (stock changes now). */
  complete: z.boolean().optional().default(false),
});

/** The rules across fields: a transfer names another warehouse, an adjustment its reason, other movements move more than 0. */
function movementRules(m: z.infer<typeof movementFields>, ctx: z.RefinementCtx) {
  if (m.type === "transfer" && !m.destinationWarehouseId) ctx.addIssue({ code: "custom", path: ["destinationWarehouseId"], message: "errors:destinationRequired" });
  if (m.type === "transfer" && m.destinationWarehouseId === m.warehouseId) ctx.addIssue({ code: "custom", path: ["destinationWarehouseId"], message: "errors:destinationSame" });
  if (m.type === "adjustment" && !m.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "errors:reasonRequired" });
  m.lines.forEach((l, i) => {
    if (m.type !== "adjustment" && toBig(l.quantity).lte(0)) ctx.addIssue({ code: "custom", path: ["lines", i, "quantity"], message: "errors:quantityRequired" });
  });
}

export const movementCreateInput = movementFields
  .extend({
    /** Client-generated: the same key twice returns the first movement. */
    idempotencyKey: z.string().min(8).max(100).optional(),
  })
  .superRefine(movementRules);
export type MovementCreateInput = z.infer<typeof movementCreateInput>;

/** warehouseMovement.update: a pending movement's fields and lines, replaced (and completed when asked). */
export const movementUpdateInput = movementFields.extend({ id: z.string().uuid("errors:invalidId") }).superRefine(movementRules);
export type MovementUpdateInput = z.infer<typeof movementUpdateInput>;

/** warehouseMovement.getStock: what the products have now in each warehouse (the form's current and new stock). */
export const movementStockInput = z.object({ productIds: z.array(z.string().uuid()).max(500) });

export const movementListInput = z.object({
  type: z.enum(MOVEMENT_TYPES).optional(),
  status: z.enum(MOVEMENT_STATUSES).optional(),
  warehouseId: z.string().uuid().optional(),
  search: z.string().trim().max(100).optional().default(""),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 100).optional().default(20),
});

/** The stock change a movement line makes, by warehouse: {warehouseId: signed delta}. */
export function movementEffect(type: MovementType, quantity: string, origin: string, destination: string | null, current = "0"): { warehouseId: string; delta: string }[] {
  const q = toBig(quantity);
  switch (type) {
    case "entry":
      return [{ warehouseId: origin, delta: q.toFixed(4) }];
    case "exit":
      return [{ warehouseId: origin, delta: q.neg().toFixed(4) }];
    case "transfer":
      return [
        { warehouseId: origin, delta: q.neg().toFixed(4) },
        { warehouseId: destination!, delta: q.toFixed(4) },
      ];
    case "adjustment": {
      const delta = q.minus(toBig(current));
      return delta.eq(0) ? [] : [{ warehouseId: origin, delta: delta.toFixed(4) }];
    }
  }
}
