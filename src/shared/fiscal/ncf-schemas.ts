import { z } from "zod";
import { isCalendarDate } from "../platform/dates";
import { wholeNumber } from "../platform/whole-number";
import { NCF_MAX_SEQUENCE } from "./ncf";

/** Inputs of the NCF settings (ncf.updateType, ncfRange.*): one schema for the form and the server. Messages are i18n keys. */
const M = {
  invalidNumber: "ncf:errors.range.invalidNumber",
  invalidDate: "ncf:errors.range.invalidDate",
  tooLong: "ncf:errors.tooLong",
  descriptionRequired: "ncf:errors.descriptionRequired",
} as const;

const sequence = wholeNumber(1, NCF_MAX_SEQUENCE, M.invalidNumber);
const date = z.string({ error: M.invalidDate }).trim().refine(isCalendarDate, M.invalidDate);
const optionalDate = z
  .string()
  .trim()
  .refine((v) => v === "" || isCalendarDate(v), M.invalidDate)
  .nullish()
  .transform((v) => v || null);
const optionalText = z
  .string()
  .trim()
  .max(100, M.tooLong)
  .refine((v) => !v.includes("\u0000"), M.tooLong)
  .nullish()
  .transform((v) => v || null);

export const ncfRangeFormSchema = z.object({
  rangeFrom: sequence,
  rangeTo: sequence,
  expiresOn: date,
  authorizationRef: optionalText,
  authorizedOn: optionalDate,
});
export type NcfRangeFormInput = z.input<typeof ncfRangeFormSchema>;

export const ncfRangeCreateInput = ncfRangeFormSchema.extend({ ncfTypeId: z.string().uuid() });
export const ncfRangeUpdateInput = ncfRangeFormSchema.extend({ id: z.string().uuid() });

export const ncfTypeUpdateInput = z.object({
  id: z.string().uuid(),
  description: z.string().trim().min(1, M.descriptionRequired).max(100, M.tooLong).optional(),
  isActive: z.boolean().optional(),
  isDefault: z.boolean().optional(),
  warnRemaining: wholeNumber(0, NCF_MAX_SEQUENCE, M.invalidNumber).nullish(),
});
