import { z } from "zod";
import { settingsCode, settingsName, settingsOrder, updateOf } from "./common";

/**
 * Invoice conditions (payment terms: Contado, Crédito 30 días …) and invoice types (consumer,
 * tax credit, government … each with its NCF type). One schema for the forms and the server.
 */
const M = {
  days: "fiscalSettings:errors.invoiceCondition.days",
  ncfType: "fiscalSettings:errors.invoiceType.ncfType",
} as const;

export const MAX_CONDITION_DAYS = 365;

const flag = (fallback: boolean) =>
  z
    .boolean()
    .optional()
    .transform((v) => v ?? fallback);

export const conditionDays = z.number({ error: M.days }).int(M.days).min(0, M.days).max(MAX_CONDITION_DAYS, M.days);

export const invoiceConditionFormSchema = z.object({
  code: settingsCode,
  name: settingsName,
  days: conditionDays,
  order: settingsOrder,
  isDefault: z.boolean(),
  isActive: z.boolean(),
});
export type InvoiceConditionFormInput = z.input<typeof invoiceConditionFormSchema>;
export type InvoiceConditionFormOutput = z.output<typeof invoiceConditionFormSchema>;

export const invoiceConditionCreateInput = invoiceConditionFormSchema.extend({ isDefault: flag(false), isActive: flag(true) });
export type InvoiceConditionCreateInput = z.output<typeof invoiceConditionCreateInput>;
export const invoiceConditionUpdateInput = updateOf(invoiceConditionFormSchema);
export type InvoiceConditionUpdateInput = z.output<typeof invoiceConditionUpdateInput>;

/** The NCF type an invoice type takes by default; '' or null: none. */
export const invoiceTypeNcf = z
  .union([z.literal(""), z.null(), z.string().uuid(M.ncfType)], { error: M.ncfType })
  .transform((v) => v || null);

export const invoiceTypeFormSchema = z.object({
  code: settingsCode,
  name: settingsName,
  ncfTypeId: invoiceTypeNcf,
  order: settingsOrder,
  isDefault: z.boolean(),
  isActive: z.boolean(),
});
export type InvoiceTypeFormInput = z.input<typeof invoiceTypeFormSchema>;
export type InvoiceTypeFormOutput = z.output<typeof invoiceTypeFormSchema>;

export const invoiceTypeCreateInput = invoiceTypeFormSchema.extend({
  order: settingsOrder.optional(),
  isDefault: flag(false),
  isActive: flag(true),
});
export type InvoiceTypeCreateInput = z.output<typeof invoiceTypeCreateInput>;
export const invoiceTypeUpdateInput = updateOf(invoiceTypeFormSchema);
export type InvoiceTypeUpdateInput = z.output<typeof invoiceTypeUpdateInput>;
