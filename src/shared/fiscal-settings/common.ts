import { z } from "zod";
import { isStorableText } from "../platform/text";

/**
 * Blocks shared by the fiscal settings schemas (currencies, payment methods, invoice conditions
 * and types). Messages are i18n keys; code, name and order follow spec 03 §5 'Settings'.
 */
export const FS = {
  codeRequired: "errors:codeRequired",
  codeTooLong: "errors:codeTooLong",
  nameRequired: "errors:nameRequired",
  nameTooLong: "errors:nameTooLong",
  orderRequired: "errors:orderRequired",
  orderRange: "errors:orderRange",
  invalidId: "errors:invalidId",
  invalidText: "fiscalSettings:errors.invalidText",
} as const;

export { isStorableText } from "../platform/text";

/** Trimmed text that PostgreSQL can store. */
export const storableText = (message: string = FS.invalidText) => z.string({ error: message }).trim().refine(isStorableText, FS.invalidText);

/** A settings code: trimmed, upper-cased, required, at most 50 characters. */
export const settingsCode = z
  .string({ error: FS.codeRequired })
  .trim()
  .min(1, FS.codeRequired)
  .max(50, FS.codeTooLong)
  .refine(isStorableText, FS.invalidText)
  .transform((v) => v.toUpperCase());

/** A settings name: trimmed, required, at most 100 characters. */
export const settingsName = z.string({ error: FS.nameRequired }).trim().min(1, FS.nameRequired).max(100, FS.nameTooLong).refine(isStorableText, FS.invalidText);

/** The display order: a whole number 0 to 999 (spec 03 §9). */
export const settingsOrder = z.number({ error: FS.orderRequired }).int(FS.orderRange).min(0, FS.orderRange).max(999, FS.orderRange);

export const settingsId = z.string({ error: FS.invalidId }).uuid(FS.invalidId);

/** Makes every field of an object schema optional and adds the row's id (update inputs). */
export function updateOf<T extends z.ZodRawShape>(shape: z.ZodObject<T>) {
  return shape.partial().extend({ id: settingsId });
}
