import { z } from "zod";
import { compactTaxId, formatTaxId, isValidCedula } from "../fiscal/tax-id";
import { calendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { isStorableText } from "../platform/text";
import { wholeNumber } from "../platform/whole-number";
import { BLOOD_TYPES, DENTITIONS, GENDERS, PATIENT_STATUSES } from "./constants";

/**
 * A dental patient (spec 03 'Dental module'; issue 18): the customer's fields (name,
 * identification, phone, e-mail, address) and the clinical side. One schema for the form and the
 * server; messages are i18n keys of the `dental` namespace.
 */

export const PATIENT_MESSAGES = {
  nameRequired: "dental:validation.nameRequired",
  tooLong: "dental:validation.tooLong",
  invalidText: "dental:validation.invalidText",
  invalidCedula: "dental:validation.invalidCedula",
  invalidIdentification: "dental:validation.invalidIdentification",
  invalidEmail: "dental:validation.invalidEmail",
  invalidDate: "dental:validation.invalidDate",
  birthDateFuture: "dental:validation.birthDateFuture",
  invalidOption: "dental:validation.invalidOption",
} as const;
const M = PATIENT_MESSAGES;

/** Text PostgreSQL can store, trimmed, at most `max` characters. */
export const text = (max: number) =>
  z
    .string({ error: M.invalidText })
    .trim()
    .max(max, M.tooLong)
    .refine(isStorableText, M.invalidText);
/** '' and null mean "no value" (stored as null). */
export const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Identification: 11 digits (dashes and spaces aside) is a cédula and its check digit must verify
 * ('Cédula no válida'); anything else of letters, digits and dashes is taken as a passport.
 */
export function identificationIssue(value: string): string | null {
  const compact = compactTaxId(value);
  if (/^\d{11}$/.test(compact)) return isValidCedula(compact) ? null : M.invalidCedula;
  if (!/^[A-Za-z0-9-]{3,25}$/.test(compact)) return M.invalidIdentification;
  return null;
}
/** A cédula as 001-1391820-5; a passport as typed. */
export function displayIdentification(value: string): string {
  const compact = compactTaxId(value);
  return /^\d{11}$/.test(compact) ? formatTaxId(compact) : value;
}
export function identificationKind(value: string): "cedula" | "passport" {
  return /^\d{11}$/.test(compactTaxId(value)) ? "cedula" : "passport";
}

const identification = z
  .string()
  .trim()
  .max(30, M.invalidIdentification)
  .nullish()
  .transform((v) => (v ? compactTaxId(v) : null))
  .superRefine((v, ctx) => {
    const issue = v ? identificationIssue(v) : null;
    if (issue) ctx.addIssue({ code: "custom", message: issue });
  });

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, M.tooLong)
  .refine((v) => v === "" || z.regexes.email.test(v), M.invalidEmail)
  .nullish()
  .transform((v) => (v ? v : null));

const optionalDate = z
  .union([z.literal(""), z.null(), calendarDate(M.invalidDate)])
  .optional()
  .transform((v) => (v ? v : null));

/** One of the values, or '' / null for none. */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(""), z.null(), z.enum(values, { error: M.invalidOption })], { error: M.invalidOption })
    .optional()
    .transform((v) => (v ? v : null));

const list = z
  .array(text(200))
  .max(50, M.tooLong)
  .default([])
  .transform((items) => [...new Set(items.filter((i) => i !== ""))]);

export const patientConditions = z.object({
  diabetes: z.boolean().default(false),
  hypertension: z.boolean().default(false),
  heartProblems: z.boolean().default(false),
  pregnancy: z.boolean().default(false),
  other: optionalText(500),
});
export type PatientConditions = z.output<typeof patientConditions>;

export const patientInsurance = z.object({
  provider: optionalText(200),
  policyNumber: optionalText(100),
  groupNumber: optionalText(100),
  expiryDate: optionalDate,
});
export type PatientInsurance = z.output<typeof patientInsurance>;

export const patientEmergencyContact = z.object({
  name: optionalText(200),
  relationship: optionalText(100),
  phone: optionalText(40),
  notes: optionalText(500),
});
export type PatientEmergencyContact = z.output<typeof patientEmergencyContact>;

/** null when every field is empty (nothing to keep). */
function emptyToNull<T extends Record<string, unknown>>(value: T | null | undefined): T | null {
  if (!value) return null;
  return Object.values(value).some((v) => v !== null && v !== undefined && v !== "") ? value : null;
}

const patientShape = {
  /** customer fields */
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(200, M.tooLong).refine(isStorableText, M.invalidText),
  identification,
  phone: optionalText(40),
  email,
  address: optionalText(500),
  /** clinical fields */
  birthDate: optionalDate,
  gender: optionalEnum(GENDERS),
  bloodType: optionalEnum(BLOOD_TYPES),
  allergies: list,
  medications: list,
  conditions: patientConditions.prefault({}),
  insurance: patientInsurance.nullish().transform(emptyToNull),
  emergencyContact: patientEmergencyContact.nullish().transform(emptyToNull),
  dentition: z.enum(DENTITIONS, { error: M.invalidOption }).default("adult"),
  notes: optionalText(5000),
  status: z.enum(PATIENT_STATUSES, { error: M.invalidOption }).default("active"),
};

/** dental.createPatient: a new customer and its patient file, or `customerId` to make an existing customer a patient. */
export const patientCreateInput = z.object({ ...patientShape, customerId: z.string().uuid().nullish() });
export type PatientCreateInput = z.output<typeof patientCreateInput>;

/** dental.updatePatient: every field again (the form sends them all); writes the customer and the patient. */
export const patientUpdateInput = z.object({ ...patientShape, id: z.string().uuid() });
export type PatientUpdateInput = z.output<typeof patientUpdateInput>;

export const patientStatusInput = z.object({ id: z.string().uuid(), status: z.enum(PATIENT_STATUSES, { error: M.invalidOption }) });

/** dental.getPatients: search matches name, identification, phone and file number. */
export const patientListInput = z.object({
  search: z.string().trim().max(200).optional().default(""),
  status: z.enum(PATIENT_STATUSES).optional(),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 100).optional().default(20),
});
export type PatientListInput = z.output<typeof patientListInput>;

/** The file number as shown: HC-0001. */
export function fileNumber(n: number): string {
  return `HC-${String(n).padStart(4, "0")}`;
}

/** 'HC-0042', 'hc42', '42' -> 42; null when the text is not a file number. */
export function parseFileNumber(search: string): number | null {
  const m = /^(?:hc-?)?0*(\d{1,9})$/i.exec(search.trim());
  return m ? Number(m[1]) : null;
}

/** Whole years from the birth date to `today` (both YYYY-MM-DD), or null without a birth date. */
export function ageOn(birthDate: string | null | undefined, today: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return Math.max(0, age);
}

/** The conditions a patient has, in the form's order. */
export function activeConditions(c: Partial<PatientConditions> | null | undefined): ("diabetes" | "hypertension" | "heartProblems" | "pregnancy")[] {
  if (!c) return [];
  return (["diabetes", "hypertension", "heartProblems", "pregnancy"] as const).filter((k) => c[k]);
}
