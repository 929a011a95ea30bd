/**
 * The dental module's enumerations (spec 03 'Dental module' and statuses; spec 01 'Tooth chart').
 * Stored values are these codes; labels come from the i18n catalogs.
 */

/** FDI (ISO 3950) numbering: quadrant digit then position. Adults 11–18, 21–28, 31–38, 41–48. */
export const ADULT_TEETH: readonly number[] = [1, 2, 3, 4].flatMap((q) => [1, 2, 3, 4, 5, 6, 7, 8].map((p) => q * 10 + p));
/** Children 51–55, 61–65, 71–75, 81–85. */
export const CHILD_TEETH: readonly number[] = [5, 6, 7, 8].flatMap((q) => [1, 2, 3, 4, 5].map((p) => q * 10 + p));
export const ALL_TEETH: readonly number[] = [...ADULT_TEETH, ...CHILD_TEETH];
const TOOTH_SET = new Set(ALL_TEETH);
export function isFdiTooth(n: number): boolean {
  return Number.isInteger(n) && TOOTH_SET.has(n);
}

export const DENTITIONS = ["adult", "child"] as const;
export type Dentition = (typeof DENTITIONS)[number];

/** Surfaces: mesial, distal, occlusal (incisal on anterior teeth), vestibular/buccal, lingual/palatal, and the whole tooth. */
export const SURFACES = ["mesial", "distal", "occlusal", "buccal", "lingual", "general"] as const;
export type Surface = (typeof SURFACES)[number];

export const TOOTH_STATUSES = ["healthy", "cavity", "filling", "crown", "missing", "implant", "root_canal", "bridge", "fractured", "mobility"] as const;
export type ToothStatus = (typeof TOOTH_STATUSES)[number];

export const PATIENT_STATUSES = ["active", "inactive", "archived"] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];

export const GENDERS = ["male", "female", "other"] as const;
export const BLOOD_TYPES = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"] as const;
export const CONDITIONS = ["diabetes", "hypertension", "heartProblems", "pregnancy"] as const;

export const PLAN_STATUSES = ["draft", "proposed", "active", "approved", "in_progress", "completed", "cancelled"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PHASE_STATUSES = ["pending", "in_progress", "completed"] as const;
export type PhaseStatus = (typeof PHASE_STATUSES)[number];
export const PROCEDURE_STATUSES = ["pending", "done", "cancelled"] as const;
export type ProcedureStatus = (typeof PROCEDURE_STATUSES)[number];
export const DURATION_UNITS = ["days", "weeks", "months"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
/** What a catalogue procedure is recorded on. */
export const PROCEDURE_SCOPES = ["tooth", "surface", "mouth"] as const;
export type ProcedureScope = (typeof PROCEDURE_SCOPES)[number];

export const PRESCRIPTION_STATUSES = ["active", "completed", "cancelled"] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

export const LAB_ORDER_STATUSES = ["pending", "sent", "in_progress", "completed", "cancelled"] as const;
export type LabOrderStatus = (typeof LAB_ORDER_STATUSES)[number];

export const XRAY_TYPES = ["periapical", "bitewing", "panoramic", "cephalometric", "occlusal", "cbct", "other"] as const;
export type XrayType = (typeof XRAY_TYPES)[number];

export const DOCUMENT_TYPES = ["consent", "referral", "report", "insurance", "identification", "other"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Spec 03 'Dental max document 10 MB' (documents, x-rays and record attachments). */
export const DENTAL_MAX_FILE_BYTES = 10 * 1024 * 1024;

export const CHART_NOTATIONS = ["fdi", "universal", "palmer"] as const;
export type ChartNotation = (typeof CHART_NOTATIONS)[number];

/** Spec 01: the tooth-chart selector shows at most 5 selected badges, then '+N'. */
export const TOOTH_BADGE_LIMIT = 5;
