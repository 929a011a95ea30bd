import { z } from "zod";
import { Big, decimal } from "../catalog/decimal";
import { isCalendarDate } from "../platform/dates";
import { FS, isStorableText, settingsId, settingsName, updateOf } from "./common";

/**
 * Currencies (Settings > Monedas): ISO code and number, name, symbol and the rate = pesos (the
 * default currency) per one unit. One schema for the form and currency.create / update / setRate.
 */
const M = {
  code: "fiscalSettings:errors.currency.code",
  numericCode: "fiscalSettings:errors.currency.numericCode",
  symbolRequired: "fiscalSettings:errors.currency.symbolRequired",
  symbolTooLong: "fiscalSettings:errors.currency.symbolTooLong",
  rate: "fiscalSettings:errors.currency.rate",
  date: "fiscalSettings:errors.invalidDate",
} as const;

/** The largest rate numeric(14,6) holds. */
export const MAX_RATE = "99999999.999999";

/** An exchange rate: a positive decimal with 6 places, as a string ('63.250000'). */
export const currencyRate = decimal({ scale: 6, min: 0, max: Number(MAX_RATE), message: M.rate }).refine((v) => new Big(v).gt(0), M.rate);

/** ISO 4217 alphabetic code: three letters, upper-cased. */
export const currencyCode = z
  .string({ error: M.code })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, M.code));

/** ISO 4217 numeric code: three digits (DOP 214, USD 840, EUR 978). */
export const currencyNumericCode = z.string({ error: M.numericCode }).trim().regex(/^\d{3}$/, M.numericCode);

export const currencySymbol = z.string({ error: M.symbolRequired }).trim().min(1, M.symbolRequired).max(10, M.symbolTooLong).refine(isStorableText, FS.invalidText);

/** A calendar date 'YYYY-MM-DD'. */
export const calendarDate = z.string({ error: M.date }).trim().refine(isCalendarDate, M.date);

export const currencyFormSchema = z.object({
  code: currencyCode,
  numericCode: currencyNumericCode,
  name: settingsName,
  symbol: currencySymbol,
  rate: currencyRate,
  isDefault: z.boolean(),
  isActive: z.boolean(),
});
export type CurrencyFormInput = z.input<typeof currencyFormSchema>;
export type CurrencyFormOutput = z.output<typeof currencyFormSchema>;

/** currency.create: {code, numericCode, name, symbol, rate, isDefault?, isActive?}; the default's rate is always 1. */
export const currencyCreateInput = currencyFormSchema.extend({
  isDefault: z.boolean().optional().transform((v) => v ?? false),
  isActive: z.boolean().optional().transform((v) => v ?? true),
});
export type CurrencyCreateInput = z.output<typeof currencyCreateInput>;

/** currency.update: {id, ...any field of create}. */
export const currencyUpdateInput = updateOf(currencyFormSchema);
export type CurrencyUpdateInput = z.output<typeof currencyUpdateInput>;

/** currency.setRate: the rate from a date on (default: today in the tenant's time zone). */
export const currencySetRateFormSchema = z.object({
  rate: currencyRate,
  effectiveDate: calendarDate,
});
export const currencySetRateInput = z.object({
  currencyId: settingsId,
  rate: currencyRate,
  effectiveDate: calendarDate.optional(),
});
export type CurrencySetRateInput = z.output<typeof currencySetRateInput>;

export const currencyHistoryInput = z.object({
  currencyId: settingsId,
  limit: z.number().int().min(1).max(1000).optional(),
});
