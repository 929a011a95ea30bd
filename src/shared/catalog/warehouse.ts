import { z } from "zod";
import { catalogCode, catalogName } from "./category";

/**
 * Warehouses (settings): code required, under 50; name required, under 100; order required,
 * a number 0 to 999. Messages are i18n keys.
 */
export const warehouseOrder = z
  .number({ error: "errors:orderRequired" })
  .int("errors:orderRange")
  .min(0, "errors:orderRange")
  .max(999, "errors:orderRange");

export const warehouseCreateInput = z.object({
  code: catalogCode,
  name: catalogName,
  order: warehouseOrder,
  isActive: z.boolean().default(true),
  isDefault: z.boolean().default(false),
});
export type WarehouseCreateInput = z.input<typeof warehouseCreateInput>;

export const warehouseUpdateInput = z.object({
  id: z.string({ error: "errors:invalidId" }).uuid("errors:invalidId"),
  code: catalogCode.optional(),
  name: catalogName.optional(),
  order: warehouseOrder.optional(),
  isActive: z.boolean().optional(),
  isDefault: z.boolean().optional(),
});

/** The settings form (create and edit). */
export const warehouseFormSchema = z.object({
  code: catalogCode,
  name: catalogName,
  order: warehouseOrder,
  isActive: z.boolean(),
  isDefault: z.boolean(),
});
