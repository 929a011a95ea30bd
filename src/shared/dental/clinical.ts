import { z } from "zod";
import { calendarDate } from "../platform/dates";
import { listInput } from "../platform/pagination";
import { isStorableText } from "../platform/text";

/**
 * Clinical records (issue 18 §3): the record's input (shared by the record dialog and the server),
 * the vital signs' sane ranges and how they are shown compactly. Records are never updated nor
 * deleted: a correction is a new record pointing at the old one.
 */

export const CLINICAL_MESSAGES = {
  contentRequired: "dentalClinical:errors.recordContentRequired",
  bloodPressure: "dentalClinical:errors.bloodPressureInvalid",
  heartRate: "dentalClinical:errors.heartRateInvalid",
  temperature: "dentalClinical:errors.temperatureInvalid",
  weight: "dentalClinical:errors.weightInvalid",
  followUpDate: "dentalClinical:errors.followUpDateRequired",
  followUpBefore: "dentalClinical:errors.followUpBeforeVisit",
  visitDate: "dentalClinical:errors.visitDateInvalid",
  tooLong: "dentalClinical:errors.tooLong",
  attachments: "dentalClinical:errors.tooManyAttachments",
  invalidText: "errors:invalidText",
} as const;
const M = CLINICAL_MESSAGES;

/** Sane ranges of the vital signs (an adult or a child in a dental chair). */
export const VITAL_RANGES = {
  systolic: [60, 260],
  diastolic: [30, 160],
  heartRate: [30, 220],
  temperature: [34, 43],
  weight: [1, 400],
} as const;

export const CLINICAL_LIMITS = { text: 5000, attachments: 10 } as const;

/** 'NNN/NN' with systolic 60–260 above diastolic 30–160 (mmHg). */
export function isBloodPressure(value: string): boolean {
  const m = /^(\d{2,3})\/(\d{2,3})$/.exec(value.trim());
  if (!m) return false;
  const [s, d] = [Number(m[1]), Number(m[2])];
  return s >= VITAL_RANGES.systolic[0] && s <= VITAL_RANGES.systolic[1] && d >= VITAL_RANGES.diastolic[0] && d <= VITAL_RANGES.diastolic[1] && s > d;
}

/** A decimal in [min, max] with at most `places` decimals, as text ('36.6'); null when it is not. */
function decimalIn(value: string | number, min: number, max: number, places: number): string | null {
  const text = String(value).trim().replace(",", ".");
  if (!new RegExp(`^\\d{1,3}(\\.\\d{1,${places}})?$`).test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? text : null;
}

function decimalOrIssue(value: string | number, range: readonly [number, number], message: string, ctx: z.RefinementCtx): string {
  const text = decimalIn(value, range[0], range[1], 1);
  if (text !== null) return text;
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

const blankToUndefined = (v: unknown) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v);

export const vitalSignsInput = z
  .object({
    bloodPressure: z.preprocess(blankToUndefined, z.string({ error: M.bloodPressure }).trim().refine(isBloodPressure, M.bloodPressure).optional()),
    heartRate: z.preprocess(
      blankToUndefined,
      z
        .union([z.string(), z.number()], { error: M.heartRate })
        .transform((v, ctx) => {
          const text = String(v).trim();
          const n = Number(text);
          if (!/^\d{2,3}$/.test(text) || n < VITAL_RANGES.heartRate[0] || n > VITAL_RANGES.heartRate[1]) {
            ctx.addIssue({ code: "custom", message: M.heartRate });
            return z.NEVER;
          }
          return n;
        })
        .optional(),
    ),
    temperature: z.preprocess(
      blankToUndefined,
      z
        .union([z.string(), z.number()], { error: M.temperature })
        .transform((v, ctx) => decimalOrIssue(v, VITAL_RANGES.temperature, M.temperature, ctx))
        .optional(),
    ),
    weight: z.preprocess(
      blankToUndefined,
      z
        .union([z.string(), z.number()], { error: M.weight })
        .transform((v, ctx) => decimalOrIssue(v, VITAL_RANGES.weight, M.weight, ctx))
        .optional(),
    ),
  })
  .default({});
export type VitalSigns = { bloodPressure?: string; heartRate?: number; temperature?: string; weight?: string };

const text = z
  .string()
  .trim()
  .max(CLINICAL_LIMITS.text, M.tooLong)
  .refine(isStorableText, M.invalidText)
  .nullish()
  .transform((v) => (v ? v : null));

/** An attachment as the upload answered it: the server proves the url is a stored file of the tenant and takes size and type from it. */
export const attachmentInput = z.object({
  url: z.string().trim().max(300),
  name: z.string().trim().min(1).max(255).refine(isStorableText, M.invalidText),
});

const recordFields = z.object({
  visitDate: calendarDate(M.visitDate),
  chiefComplaint: text,
  findings: text,
  diagnosis: text,
  treatment: text,
  vitalSigns: vitalSignsInput,
  attachments: z.array(attachmentInput).max(CLINICAL_LIMITS.attachments, M.attachments).default([]),
  followUp: z.boolean().default(false),
  followUpDate: calendarDate(M.followUpDate).nullish(),
  dentistId: z.uuid().nullish(),
});

type RecordFields = z.output<typeof recordFields>;
function recordRules<T extends RecordFields>(v: T, ctx: z.RefinementCtx) {
  if (!v.chiefComplaint && !v.findings && !v.diagnosis && !v.treatment) ctx.addIssue({ code: "custom", message: M.contentRequired, path: ["chiefComplaint"] });
  if (v.followUp && !v.followUpDate) ctx.addIssue({ code: "custom", message: M.followUpDate, path: ["followUpDate"] });
  if (v.followUp && v.followUpDate && v.followUpDate < v.visitDate) ctx.addIssue({ code: "custom", message: M.followUpBefore, path: ["followUpDate"] });
}

export const clinicalRecordCreateInput = recordFields.extend({ patientId: z.uuid() }).superRefine(recordRules);
export type ClinicalRecordCreateInput = z.input<typeof clinicalRecordCreateInput>;
/** The correction: a new record of the same patient with the corrected content. */
export const clinicalRecordCorrectInput = recordFields.extend({ id: z.uuid() }).superRefine(recordRules);
export type ClinicalRecordCorrectInput = z.input<typeof clinicalRecordCorrectInput>;

export const clinicalRecordListInput = listInput.extend({
  patientId: z.uuid().optional(),
  /** only records whose follow-up date has come (and that no later record corrected) */
  followUpDue: z.boolean().optional(),
});
export const clinicalRecordIdInput = z.object({ id: z.uuid() });

/** The vital signs in one short line: 'PA 120/80 · FC 72 · T 36.6 °C · 70.5 kg' (labels from the caller). */
export function vitalsLine(v: VitalSigns, labels: { bloodPressure: string; heartRate: string; temperature: string }): string {
  const parts: string[] = [];
  if (v.bloodPressure) parts.push(`${labels.bloodPressure} ${v.bloodPressure}`);
  if (v.heartRate !== undefined && v.heartRate !== null) parts.push(`${labels.heartRate} ${v.heartRate}`);
  if (v.temperature) parts.push(`${labels.temperature} ${v.temperature} °C`);
  if (v.weight) parts.push(`${v.weight} kg`);
  return parts.join(" · ");
}
