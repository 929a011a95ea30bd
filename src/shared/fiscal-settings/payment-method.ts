import { z } from "zod";
import { settingsCode, settingsId, settingsName, settingsOrder, updateOf } from "./common";

/**
 * Payment methods (Settings > Métodos de pago): code required, under 50; name required, under
 * 100; order 0 to 999 (spec 03 §5). One schema for the form and paymentMethod.create / update.
 */

/** The methods every tenant starts with; the POS and the cash count rely on their codes. */
export const SYSTEM_PAYMENT_METHOD_CODES = ["CASH", "CARD", "TRANSFER", "CHECK", "CREDIT", "CREDIT_NOTE", "GIFT_VOUCHER", "POINTS"] as const;

/**
 * The stored-value methods (issue 16 §4): store credit, gift vouchers and rewards points, spent by
 * a sale's checkout through the tender engine (src/server/modules/tender). They pay no supplier
 * bill, invoice payment, payment link or appointment.
 */
export const STORED_VALUE_METHOD_CODES = ["CREDIT_NOTE", "GIFT_VOUCHER", "POINTS"] as const;
export type StoredValueMethodCode = (typeof STORED_VALUE_METHOD_CODES)[number];
export function isStoredValueMethod(code: string): boolean {
  return (STORED_VALUE_METHOD_CODES as readonly string[]).includes(code.toUpperCase());
}
/** Methods that only record a sale (credit) or spend stored value: never a later payment of what is owed. */
export function isNotForPayments(code: string): boolean {
  return code.toUpperCase() === "CREDIT" || isStoredValueMethod(code);
}

export function isSystemPaymentMethod(code: string): boolean {
  return (SYSTEM_PAYMENT_METHOD_CODES as readonly string[]).includes(code);
}

/** Cash is always available: it cannot be deactivated. */
export const ALWAYS_ACTIVE_PAYMENT_METHOD = "CASH";

/** A method without 'use currencies' is taken in the default currency only (cash takes US$ and €). */
export function methodTakesCurrency(method: { useCurrencies: boolean }, currency: { isDefault: boolean }): boolean {
  return method.useCurrencies || currency.isDefault;
}

/** The method a payment form opens with: the first preferred one, else the default, else the first in order. */
export function initialPaymentMethod<T extends { id: string; isDefault: boolean }>(methods: readonly T[], preferredIds: readonly string[] = []): T | undefined {
  return methods.find((m) => preferredIds.includes(m.id)) ?? methods.find((m) => m.isDefault) ?? methods[0];
}

export const paymentMethodFormSchema = z.object({
  code: settingsCode,
  name: settingsName,
  order: settingsOrder,
  isDefault: z.boolean(),
  useCurrencies: z.boolean(),
  useCardProvider: z.boolean(),
  /** the card provider that charges it; null: the cash box's own or the default one */
  cardProviderId: settingsId.nullish(),
  availableForAppointments: z.boolean(),
  availableForOnlineStore: z.boolean(),
  isActive: z.boolean(),
});
export type PaymentMethodFormInput = z.input<typeof paymentMethodFormSchema>;
export type PaymentMethodFormOutput = z.output<typeof paymentMethodFormSchema>;

const flag = (fallback: boolean) =>
  z
    .boolean()
    .optional()
    .transform((v) => v ?? fallback);

/** paymentMethod.create: {code, name, order, ...flags}; flags default as the table does. */
export const paymentMethodCreateInput = paymentMethodFormSchema.extend({
  isDefault: flag(false),
  useCurrencies: flag(false),
  useCardProvider: flag(false),
  availableForAppointments: flag(true),
  availableForOnlineStore: flag(false),
  isActive: flag(true),
});
export type PaymentMethodCreateInput = z.output<typeof paymentMethodCreateInput>;

/** paymentMethod.update: {id, ...any field of create}. */
export const paymentMethodUpdateInput = updateOf(paymentMethodFormSchema);
export type PaymentMethodUpdateInput = z.output<typeof paymentMethodUpdateInput>;
