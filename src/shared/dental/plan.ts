import { z } from "zod";
import { Big, money, optionalDecimal, toBig } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { listInput } from "../platform/pagination";
import { isStorableText } from "../platform/text";
import { wholeNumber } from "../platform/whole-number";
import { surfacesOf } from "./chart";
import { DURATION_UNITS, type DurationUnit, isFdiTooth, PLAN_STATUSES, type PlanStatus, type ProcedureScope, SURFACES, type Surface } from "./constants";

/**
 * Treatment plans (issue 18 §4): the rules the new-plan wizard and the server share — the plan's
 * totals, the phases' estimated end dates, the status transitions, where a procedure is recorded
 * (tooth and surfaces) and the zod inputs of dental.createPlan/updatePlan/…
 * Messages are keys of the `dentalClinical` namespace.
 */

export const PLAN_MESSAGES = {
  nameRequired: "dentalClinical:errors.planNameRequired",
  diagnosisRequired: "dentalClinical:errors.planDiagnosisRequired",
  phaseNameRequired: "dentalClinical:errors.phaseNameRequired",
  phasesRequired: "dentalClinical:errors.phasesRequired",
  tooLong: "dentalClinical:errors.tooLong",
  invalidText: "errors:invalidText",
  amount: "dentalClinical:errors.amountInvalid",
  percent: "dentalClinical:errors.percentInvalid",
  duration: "dentalClinical:errors.durationInvalid",
  discountTooHigh: "dentalClinical:errors.discountTooHigh",
  coverageTooHigh: "dentalClinical:errors.coverageTooHigh",
  toothRequired: "dentalClinical:errors.toothRequired",
  toothInvalid: "dentalClinical:errors.toothInvalid",
  surfaceRequired: "dentalClinical:errors.surfaceRequired",
  surfaceInvalid: "dentalClinical:errors.surfaceInvalid",
  consentName: "dentalClinical:errors.consentNameRequired",
  procedureRequired: "dentalClinical:errors.procedureRequired",
} as const;

export const PLAN_CURRENCIES = ["DOP", "USD"] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];
export const DISCOUNT_TYPES = ["percent", "amount"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Limits of a plan (what a person plans in one document). */
export const PLAN_LIMITS = { phases: 20, proceduresPerPhase: 60, name: 200, diagnosis: 2000, notes: 2000, durationMax: 999 } as const;

// ——— Totals ———

export interface PlanTotalsInput {
  /** each phase's estimated cost */
  phaseCosts: readonly (string | number)[];
  discountType: DiscountType;
  discountValue: string | number;
  insuranceCoverage: string | number;
}

export interface PlanTotals {
  subtotal: string;
  discount: string;
  coverage: string;
  /** what the patient pays: subtotal − discount − coverage, never below 0 */
  patientShare: string;
}

/**
 * The plan's totals (one rule for the wizard and the server): subtotal = Σ phase estimated costs;
 * discount = a percent of it (rounded half up to cents) or an amount, at most the subtotal;
 * coverage (the insurer's share) at most what the discount leaves; the patient's share is the rest.
 */
export function planTotals(input: PlanTotalsInput): PlanTotals {
  const subtotal = input.phaseCosts.reduce<Big>((sum, c) => sum.plus(toBig(c)), new Big(0));
  const raw = input.discountType === "percent" ? subtotal.times(toBig(input.discountValue)).div(100).round(2, Big.roundHalfUp) : toBig(input.discountValue);
  const discount = raw.gt(subtotal) ? subtotal : raw;
  const afterDiscount = subtotal.minus(discount);
  const rawCoverage = toBig(input.insuranceCoverage);
  const coverage = rawCoverage.gt(afterDiscount) ? afterDiscount : rawCoverage;
  return { subtotal: subtotal.toFixed(2), discount: discount.toFixed(2), coverage: coverage.toFixed(2), patientShare: afterDiscount.minus(coverage).toFixed(2) };
}

/** What refuses a plan's discount and coverage (null when they fit): the server's 400s, the wizard's messages. */
export function planTotalsProblem(input: PlanTotalsInput): string | null {
  const subtotal = input.phaseCosts.reduce<Big>((sum, c) => sum.plus(toBig(c)), new Big(0));
  if (input.discountType === "percent" && toBig(input.discountValue).gt(100)) return PLAN_MESSAGES.percent;
  const discount = input.discountType === "percent" ? subtotal.times(toBig(input.discountValue)).div(100).round(2, Big.roundHalfUp) : toBig(input.discountValue);
  if (discount.gt(subtotal)) return PLAN_MESSAGES.discountTooHigh;
  if (toBig(input.insuranceCoverage).gt(subtotal.minus(discount))) return PLAN_MESSAGES.coverageTooHigh;
  return null;
}

/**
 * Splits `total` over `weights` in proportion (largest remainder, to the cent): the parts add up
 * to `total` exactly. A plan's invoices bill each procedure's part of the patient's share this way.
 */
export function prorate(weights: readonly (string | number)[], total: string | number): string[] {
  const w = weights.map((x) => toBig(x));
  const sum = w.reduce((s, x) => s.plus(x), new Big(0));
  const cents = toBig(total).times(100).round(0, Big.roundHalfUp);
  if (sum.eq(0) || w.length === 0) return w.map(() => "0.00");
  const exact = w.map((x) => x.times(cents).div(sum));
  const floors = exact.map((x) => x.round(0, Big.roundDown));
  let left = cents.minus(floors.reduce((s, x) => s.plus(x), new Big(0))).toNumber();
  const order = exact.map((x, i) => ({ i, r: x.minus(floors[i]!) })).sort((a, b) => b.r.cmp(a.r) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left -= 1;
  }
  return floors.map((x) => x.div(100).toFixed(2));
}

// ——— Phase end dates ———

/** The date `value` days/weeks/months after `start` (yyyy-MM-dd; a month end stays within the month: 31 Jan + 1 month = 28/29 Feb). */
export function addDuration(start: string, value: number, unit: DurationUnit): string {
  const [y, m, d] = start.split("-").map(Number) as [number, number, number];
  if (unit === "months") {
    const total = y * 12 + (m - 1) + value;
    const year = Math.floor(total / 12);
    const month = (total % 12) + 1;
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
  }
  const days = unit === "weeks" ? value * 7 : value;
  return new Date(Date.UTC(y, m - 1, d) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The phases' estimated end dates, each counted from the previous phase's end (the first from
 * `start`): a phase's own date when it has one (edited), else its duration after the previous end;
 * a phase without either leaves the date empty and the next one counts from the last known end.
 */
export function phaseEndDates(start: string, phases: readonly { durationValue?: number | null; durationUnit: DurationUnit; estimatedEndDate?: string | null }[]): (string | null)[] {
  let from = start;
  return phases.map((p) => {
    const end = p.estimatedEndDate || (p.durationValue ? addDuration(from, p.durationValue, p.durationUnit) : null);
    if (end) from = end;
    return end;
  });
}

// ——— Status transitions ———

/**
 * Who may follow whom (dental.setPlanStatus). 'approved' is reached only through dental.approvePlan
 * (it records who, when and the consent name); in_progress and completed also follow from the
 * procedures (first done → in_progress, all done → completed). 'active' is not stored: it is the
 * list filter for approved and in-progress plans.
 */
export const PLAN_TRANSITIONS: Record<PlanStatus, readonly PlanStatus[]> = {
  draft: ["proposed", "approved", "cancelled"],
  proposed: ["draft", "approved", "cancelled"],
  active: [],
  approved: ["in_progress", "cancelled"],
  in_progress: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};
/** The statuses the 'active' filter stands for. */
export const ACTIVE_PLAN_STATUSES: readonly PlanStatus[] = ["approved", "in_progress"];
export const EDITABLE_PLAN_STATUSES: readonly PlanStatus[] = ["draft", "proposed"];
/** Plans whose procedures may be marked done. */
export const WORKABLE_PLAN_STATUSES: readonly PlanStatus[] = ["approved", "in_progress"];

export function canTransition(from: PlanStatus, to: PlanStatus): boolean {
  return PLAN_TRANSITIONS[from]?.includes(to) ?? false;
}

// ——— Where a procedure is recorded ———

/**
 * The surfaces an FDI tooth has: mesial, distal, vestibular/buccal, lingual/palatal, and occlusal
 * (the incisal edge on incisors and canines), plus 'general' for the whole tooth.
 */
export function surfacesOfTooth(tooth: number): readonly Surface[] {
  return surfacesOf(tooth).map((s) => s.surface);
}

/**
 * What refuses a procedure's tooth and surfaces for its catalogue scope (null when they fit):
 * 'mouth' takes neither; 'tooth' takes an FDI tooth (its surface is 'general'); 'surface' an FDI
 * tooth and one or more of that tooth's surfaces (not 'general').
 */
export function placementProblem(scope: ProcedureScope, tooth: number | null | undefined, surfaces: readonly string[]): { key: string; vars?: Record<string, unknown> } | null {
  if (scope === "mouth") return null;
  if (tooth === null || tooth === undefined) return { key: PLAN_MESSAGES.toothRequired };
  if (!isFdiTooth(tooth)) return { key: PLAN_MESSAGES.toothInvalid, vars: { tooth } };
  if (scope === "tooth") return null;
  if (surfaces.length === 0) return { key: PLAN_MESSAGES.surfaceRequired, vars: { tooth } };
  const own = surfacesOfTooth(tooth);
  const bad = surfaces.find((s) => s === "general" || !own.includes(s as Surface));
  return bad ? { key: PLAN_MESSAGES.surfaceInvalid, vars: { tooth, surface: bad } } : null;
}

/** The tooth and surfaces a procedure keeps (scope 'mouth': none; 'tooth': the tooth, 'general'). */
export function normalizedPlacement(scope: ProcedureScope, tooth: number | null | undefined, surfaces: readonly string[]): { tooth: number | null; surfaces: string[] } {
  if (scope === "mouth") return { tooth: null, surfaces: [] };
  if (scope === "tooth") return { tooth: tooth ?? null, surfaces: ["general"] };
  return { tooth: tooth ?? null, surfaces: [...new Set(surfaces)] };
}

// ——— Inputs ———

const M = PLAN_MESSAGES;
const requiredText = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, M.tooLong).refine(isStorableText, M.invalidText);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .refine(isStorableText, M.invalidText)
    .nullish()
    .transform((v) => (v ? v : null));

export const planProcedureInput = z.object({
  procedureTypeId: z.uuid(M.procedureRequired),
  /** FDI number; checked against the scope by placementProblem (a number outside FDI is a 400 with its message) */
  tooth: wholeNumber(0, 99, M.toothInvalid).nullish(),
  /** surface codes; checked against the tooth by placementProblem */
  surfaces: z.array(z.string().trim().max(20)).max(SURFACES.length).optional().default([]),
  /** the plan's price; the catalogue price when absent */
  price: optionalDecimal(money(M.amount)),
  notes: optionalText(PLAN_LIMITS.notes),
});
export type PlanProcedureInput = z.input<typeof planProcedureInput>;

export const planPhaseInput = z.object({
  name: requiredText(200, M.phaseNameRequired),
  durationValue: wholeNumber(1, PLAN_LIMITS.durationMax, M.duration).nullish(),
  durationUnit: z.enum(DURATION_UNITS).default("weeks"),
  estimatedEndDate: calendarDate().nullish(),
  /** the phase's estimate; Σ of its procedures' prices when absent */
  estimatedCost: optionalDecimal(money(M.amount)),
  notes: optionalText(PLAN_LIMITS.notes),
  procedures: z.array(planProcedureInput).max(PLAN_LIMITS.proceduresPerPhase).default([]),
});
export type PlanPhaseInput = z.input<typeof planPhaseInput>;

const planFields = {
  name: requiredText(PLAN_LIMITS.name, M.nameRequired),
  diagnosis: requiredText(PLAN_LIMITS.diagnosis, M.diagnosisRequired),
  currency: z.enum(PLAN_CURRENCIES).default("DOP"),
  discountType: z.enum(DISCOUNT_TYPES).default("amount"),
  discountValue: optionalDecimal(money(M.amount)).transform((v) => v ?? "0.00"),
  insuranceCoverage: optionalDecimal(money(M.amount)).transform((v) => v ?? "0.00"),
  notes: optionalText(PLAN_LIMITS.notes),
  phases: z.array(planPhaseInput).min(1, M.phasesRequired).max(PLAN_LIMITS.phases),
};

export const planCreateInput = z.object({
  patientId: z.uuid(),
  ...planFields,
  /** the wizard saves a draft or proposes the plan at once */
  status: z.enum(["draft", "proposed"]).default("draft"),
  /** the day the first phase starts (its end is counted from it); today when absent */
  startDate: calendarDate().nullish(),
});
export type PlanCreateInput = z.input<typeof planCreateInput>;

/** Replaces the plan's content (draft or proposed only). */
export const planUpdateInput = z.object({ id: z.uuid(), ...planFields, startDate: calendarDate().nullish() });
export type PlanUpdateInput = z.input<typeof planUpdateInput>;

export const PLAN_FILTER_STATUSES = [...PLAN_STATUSES] as const;
export const planListInput = listInput.extend({ patientId: z.uuid().optional(), status: z.enum(PLAN_FILTER_STATUSES).optional() });
export const planIdInput = z.object({ id: z.uuid() });
export const planStatusInput = z.object({ id: z.uuid(), status: z.enum(PLAN_STATUSES) });
export const planApproveInput = z.object({ id: z.uuid(), consentSignedBy: requiredText(200, M.consentName) });
export const procedureCompleteInput = z.object({ procedureId: z.uuid(), clinicalRecordId: z.uuid().nullish() });

export const invoiceProceduresInput = z.object({
  planId: z.uuid(),
  procedureIds: z.array(z.uuid()).min(1, "dentalClinical:errors.selectProcedures").max(200),
  /** the idempotency key: the same key answers the first invoice */
  clientOrderId: z.uuid(),
  ncfTypeId: z.uuid().nullish(),
  /** paid now with this method (the whole amount); absent: on credit */
  paymentMethodId: z.uuid().nullish(),
});
export type InvoiceProceduresInput = z.input<typeof invoiceProceduresInput>;

