import { z } from "zod";
import { decimal, money } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { isStorableText } from "../platform/text";
import { wholeNumber } from "../platform/whole-number";
import {
  CASE_BILLING_TYPES,
  CASE_PRIORITIES,
  CASE_RISK_LEVELS,
  CASE_STATUSES,
  CASE_TYPES,
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_STATUSES,
  COMMUNICATION_TYPES,
  ENTITY_TYPES,
  EVENT_STATUSES,
  EVENT_TYPES,
  LOCATION_TYPES,
  PARTY_TYPES,
  TASK_STATUSES,
  TASK_TYPES,
  TIME_ACTIVITY_TYPES,
} from "./constants";

/**
 * Inputs of the case area's procedures (legalCase.*, issue 20), shared by the server and the web
 * forms. Messages are i18n keys of the `legal` namespace (legal:errors.*); the server prefixes the
 * field's path. Create inputs require the spec's required fields; update inputs take `id` and any
 * field: an absent field is left as it is, '' or null clears an optional one.
 */
export const CASE_MESSAGES = {
  required: "legal:errors.required",
  tooLong: "legal:errors.tooLong",
  invalidText: "legal:errors.invalidText",
  invalidOption: "legal:errors.invalidOption",
  invalidDate: "legal:errors.invalidDate",
  invalidTime: "legal:errors.invalidTime",
  invalidAmount: "legal:errors.invalidAmount",
  invalidEmail: "legal:errors.invalidEmail",
  invalidId: "legal:errors.invalidId",
  durationRange: "legal:errors.durationRange",
  durationOrTimes: "legal:errors.durationOrTimes",
  endBeforeStart: "legal:errors.endBeforeStart",
  percentRange: "legal:errors.percentRange",
  hoursRange: "legal:errors.hoursRange",
  reminderRange: "legal:errors.reminderRange",
  rangeTooLong: "legal:errors.rangeTooLong",
  rangeReversed: "legal:errors.rangeReversed",
  tooManyItems: "legal:errors.tooManyItems",
} as const;
const M = CASE_MESSAGES;

/** Longest span getEvents answers (inclusive dates). */
export const MAX_EVENT_RANGE_DAYS = 366;

const blankToNull = (v: unknown) => (v === "" || (typeof v === "string" && v.trim() === "") ? null : v);

/** Required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .max(max, M.tooLong)
    .refine(isStorableText, M.invalidText);
/** Optional text: absent stays absent, '' and null are null. */
export const optionalText = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: M.invalidText })
      .trim()
      .max(max, M.tooLong)
      .refine(isStorableText, M.invalidText)
      .nullish(),
  );
const uuid = (message: string = M.invalidId) => z.string({ error: message }).uuid(message);
const optionalUuid = () => z.preprocess(blankToNull, uuid().nullish());
const requiredEnum = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: M.invalidOption });
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blankToNull, z.enum(values, { error: M.invalidOption }).nullish());
const date = () => calendarDate(M.invalidDate);
const optionalDate = () => z.preprocess(blankToNull, calendarDate(M.invalidDate).nullish());
/** HH:MM (24 h); HH:MM:SS as PostgreSQL answers it is taken too (seconds dropped). */
export const timeOfDay = () =>
  z
    .string({ error: M.invalidTime })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, M.invalidTime)
    .transform((v) => v.slice(0, 5));
const optionalTime = () => z.preprocess(blankToNull, timeOfDay().nullish());
const optionalMoney = () => z.preprocess((v) => (v === null ? null : blankToNull(v) === null ? undefined : v), money(M.invalidAmount).nullish());
const hours = () => decimal({ scale: 2, min: 0, max: 99999, maxPlaces: 2, message: M.hoursRange });
const optionalHours = () => z.preprocess((v) => (v === null ? null : blankToNull(v) === null ? undefined : v), hours().nullish());
const email = () =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: M.invalidEmail })
      .trim()
      .toLowerCase()
      .max(200, M.tooLong)
      .refine((v) => z.regexes.email.test(v), M.invalidEmail)
      .nullish(),
  );
const stringList = (maxItems: number, maxLength: number) =>
  z
    .array(requiredText(maxLength), { error: M.invalidOption })
    .max(maxItems, M.tooManyItems)
    .transform((items) => [...new Set(items)]);

// ---------- cases ----------

const caseFields = {
  description: optionalText(10000),
  caseSubtype: optionalText(200),
  status: requiredEnum(CASE_STATUSES).optional(),
  priority: requiredEnum(CASE_PRIORITIES).optional(),
  dateOpened: date().optional(),
  limitationDate: optionalDate(),
  leadAttorneyId: optionalUuid(),
  supervisingPartner: optionalText(200),
  courtName: optionalText(300),
  courtJurisdiction: optionalText(200),
  judgeName: optionalText(200),
  billingType: requiredEnum(CASE_BILLING_TYPES).optional(),
  estimatedValue: optionalMoney(),
  retainerAmount: optionalMoney(),
  tags: stringList(20, 50).optional(),
  riskLevel: requiredEnum(CASE_RISK_LEVELS).optional(),
  conflictCheckCompleted: z.boolean({ error: M.invalidOption }).optional(),
  conflictCheckDate: optionalDate(),
};

export const caseCreateInput = z.object({
  title: requiredText(300),
  caseType: requiredEnum(CASE_TYPES),
  primaryClientId: uuid(M.required),
  ...caseFields,
});
export type CaseCreateInput = z.input<typeof caseCreateInput>;
export type CaseCreateValues = z.output<typeof caseCreateInput>;

export const caseUpdateInput = z.object({
  id: uuid(),
  title: requiredText(300).optional(),
  caseType: requiredEnum(CASE_TYPES).optional(),
  primaryClientId: uuid(M.required).optional(),
  ...caseFields,
});
export type CaseUpdateInput = z.input<typeof caseUpdateInput>;
export type CaseUpdateValues = z.output<typeof caseUpdateInput>;

export const caseStatusInput = z.object({ id: uuid(), status: requiredEnum(CASE_STATUSES) });

export const caseListInput = z.object({
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 100).optional().default(20),
  search: z.string().trim().max(200, M.tooLong).refine(isStorableText, M.invalidText).optional().default(""),
  status: optionalEnum(CASE_STATUSES),
  priority: optionalEnum(CASE_PRIORITIES),
  caseType: optionalEnum(CASE_TYPES),
  clientId: optionalUuid(),
  /** the statistics' 'urgent': priority urgent or critical, neither closed nor archived */
  urgent: z.boolean().optional().default(false),
});
export type CaseListInput = z.input<typeof caseListInput>;

export const idInput = z.object({ id: uuid() });
export const caseIdInput = z.object({ caseId: uuid() });
export const legalClientsInput = z.object({ search: z.string().trim().max(200, M.tooLong).refine(isStorableText, M.invalidText).optional().default("") });

// ---------- parties ----------

const partyFields = {
  partyRole: optionalText(200),
  entityType: requiredEnum(ENTITY_TYPES).optional(),
  taxId: optionalText(30),
  email: email(),
  phone: optionalText(40),
  address: optionalText(500),
  attorneyName: optionalText(200),
  attorneyFirm: optionalText(200),
  attorneyEmail: email(),
  attorneyPhone: optionalText(40),
  isPrimary: z.boolean({ error: M.invalidOption }).optional(),
  notes: optionalText(5000),
};
export const partyCreateInput = z.object({ caseId: uuid(), partyType: requiredEnum(PARTY_TYPES), name: requiredText(200), ...partyFields });
export type PartyCreateInput = z.input<typeof partyCreateInput>;
export const partyUpdateInput = z.object({ id: uuid(), partyType: requiredEnum(PARTY_TYPES).optional(), name: requiredText(200).optional(), ...partyFields });
export type PartyUpdateInput = z.input<typeof partyUpdateInput>;

// ---------- events ----------

const eventFields = {
  startTime: optionalTime(),
  endTime: optionalTime(),
  allDay: z.boolean({ error: M.invalidOption }).optional(),
  location: optionalText(300),
  locationType: optionalEnum(LOCATION_TYPES),
  priority: requiredEnum(CASE_PRIORITIES).optional(),
  status: requiredEnum(EVENT_STATUSES).optional(),
  reminderEnabled: z.boolean({ error: M.invalidOption }).optional(),
  /** minutes before the start: 5 minutes to 30 days */
  reminderMinutes: wholeNumber(5, 43200, M.reminderRange).optional(),
  description: optionalText(5000),
};
const endAfterStart = (v: { startTime?: string | null; endTime?: string | null }, ctx: z.RefinementCtx) => {
  if (v.startTime && v.endTime && v.endTime < v.startTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: M.endBeforeStart });
};
export const eventCreateInput = z
  .object({ caseId: uuid(), eventType: requiredEnum(EVENT_TYPES), title: requiredText(300), eventDate: date(), ...eventFields })
  .superRefine(endAfterStart);
export type EventCreateInput = z.input<typeof eventCreateInput>;
export const eventUpdateInput = z
  .object({ id: uuid(), eventType: requiredEnum(EVENT_TYPES).optional(), title: requiredText(300).optional(), eventDate: date().optional(), ...eventFields })
  .superRefine(endAfterStart);
export type EventUpdateInput = z.input<typeof eventUpdateInput>;

/** Days from `from` to `to` (both yyyy-MM-dd), inclusive of both. */
export function inclusiveDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
export const eventRangeInput = z
  .object({ from: date(), to: date(), caseId: optionalUuid() })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: M.rangeReversed });
    else if (inclusiveDays(v.from, v.to) > MAX_EVENT_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: M.rangeTooLong });
  });
export type EventRangeInput = z.input<typeof eventRangeInput>;

// ---------- tasks ----------

const taskFields = {
  priority: requiredEnum(CASE_PRIORITIES).optional(),
  status: requiredEnum(TASK_STATUSES).optional(),
  assigneeId: optionalUuid(),
  dueDate: optionalDate(),
  estimatedHours: optionalHours(),
  actualHours: optionalHours(),
  isBillable: z.boolean({ error: M.invalidOption }).optional(),
  hourlyRate: optionalMoney(),
  completionPercentage: wholeNumber(0, 100, M.percentRange).optional(),
  description: optionalText(5000),
};
export const taskCreateInput = z.object({ caseId: uuid(), title: requiredText(300), taskType: requiredEnum(TASK_TYPES), ...taskFields });
export type TaskCreateInput = z.input<typeof taskCreateInput>;
export const taskUpdateInput = z.object({ id: uuid(), title: requiredText(300).optional(), taskType: requiredEnum(TASK_TYPES).optional(), ...taskFields });
export type TaskUpdateInput = z.input<typeof taskUpdateInput>;

// ---------- time entries ----------

/** 0.01–24 hours, at most 2 decimals (a third is refused, not rounded away). */
export const durationHours = () => decimal({ scale: 2, min: "0.01", max: 24, maxPlaces: 2, message: M.durationRange });

const timeEntryFields = {
  entryDate: date(),
  durationHours: z.preprocess((v) => (v === null || blankToNull(v) === null ? undefined : v), durationHours().optional()),
  startTime: optionalTime(),
  endTime: optionalTime(),
  activityType: requiredEnum(TIME_ACTIVITY_TYPES),
  description: requiredText(2000),
  isBillable: z.boolean({ error: M.invalidOption }).optional(),
  hourlyRate: optionalMoney(),
};
/** Duration typed, or start and end (the duration is their difference). */
const durationOrTimes = (v: { durationHours?: string; startTime?: string | null; endTime?: string | null }, ctx: z.RefinementCtx) => {
  if (v.startTime && v.endTime && v.endTime <= v.startTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: M.endBeforeStart });
};
export const timeEntryCreateInput = z
  .object({ caseId: uuid(), ...timeEntryFields })
  .superRefine(durationOrTimes)
  .superRefine((v, ctx) => {
    if (!v.durationHours && !(v.startTime && v.endTime)) ctx.addIssue({ code: "custom", path: ["durationHours"], message: M.durationOrTimes });
  });
export type TimeEntryCreateInput = z.input<typeof timeEntryCreateInput>;
export const timeEntryUpdateInput = z
  .object({
    id: uuid(),
    entryDate: date().optional(),
    durationHours: timeEntryFields.durationHours,
    startTime: timeEntryFields.startTime,
    endTime: timeEntryFields.endTime,
    activityType: requiredEnum(TIME_ACTIVITY_TYPES).optional(),
    description: requiredText(2000).optional(),
    isBillable: timeEntryFields.isBillable,
    hourlyRate: timeEntryFields.hourlyRate,
  })
  .superRefine(durationOrTimes);
export type TimeEntryUpdateInput = z.input<typeof timeEntryUpdateInput>;

/** Hours between two HH:MM times, as a 2-decimal string ('09:00'–'10:30' → '1.50'). */
export function hoursBetween(start: string, end: string): string {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return ((minutes(end) - minutes(start)) / 60).toFixed(2);
}

// ---------- communications ----------

const communicationFields = {
  content: optionalText(20000),
  sender: optionalText(300),
  recipients: stringList(50, 300).optional(),
  status: requiredEnum(COMMUNICATION_STATUSES).optional(),
  sentAt: z.preprocess(blankToNull, z.iso.datetime({ offset: true, error: M.invalidDate }).nullish()),
  requiresFollowup: z.boolean({ error: M.invalidOption }).optional(),
  followupDate: optionalDate(),
};
export const communicationCreateInput = z.object({
  caseId: uuid(),
  type: requiredEnum(COMMUNICATION_TYPES),
  direction: requiredEnum(COMMUNICATION_DIRECTIONS),
  subject: requiredText(300),
  ...communicationFields,
});
export type CommunicationCreateInput = z.input<typeof communicationCreateInput>;
export const communicationUpdateInput = z.object({
  id: uuid(),
  type: requiredEnum(COMMUNICATION_TYPES).optional(),
  direction: requiredEnum(COMMUNICATION_DIRECTIONS).optional(),
  subject: requiredText(300).optional(),
  ...communicationFields,
});
export type CommunicationUpdateInput = z.input<typeof communicationUpdateInput>;

/** The case number as shown: EXP-2026-0001. */
export function caseNumberOf(year: number | string, sequence: number): string {
  return `EXP-${year}-${String(sequence).padStart(4, "0")}`;
}
