import { z } from "zod";
import { Big, decimal, toBig } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";

/**
 * Gift vouchers (spec 03 §3 'Voucher and batch', §4 statuses, §5, §7 voucher.*, §8 messages,
 * §9 constants): the zod inputs of the voucher.* procedures, reused by the screens' forms, and the
 * code format. Messages are i18n keys in the vouchers namespace.
 */

export const VOUCHER_STATUSES = ["active", "used", "expired", "cancelled", "lost", "stolen"] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];
/** The catalog key of a status's label (Activo, Usado, Expirado, Cancelado, Perdido, Robado). */
export const statusLabelKey = (status: VoucherStatus) => `vouchers:status.${status}` as const;

export const VOUCHER_TYPES = ["fixed", "percentage"] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

export const REPORT_TYPES = ["lost", "stolen"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The events of a voucher's history (voucher_events.event). */
export const VOUCHER_EVENTS = ["created", "used", "restored", "cancelled", "lost", "stolen", "expired", "reactivated"] as const;
export type VoucherEvent = (typeof VOUCHER_EVENTS)[number];

/** Spec 03 §9 'Vouchers'. */
export const VOUCHER_LIMITS = {
  pageSize: 20,
  maxQuantity: 10_000,
  maxImages: 10_000,
  progressEvery: 10,
  qrWidth: 150,
  qrScale: 2,
  /** filenames use the first 8 characters of the batch id */
  batchIdChars: 8,
  maxName: 120,
  maxText: 500,
} as const;

/** 'bonos-{batch8}.csv' */
export const csvFileName = (batchId: string) => `bonos-${batchId.slice(0, VOUCHER_LIMITS.batchIdChars)}.csv`;
/** 'bonos-{batch8}.zip' (the image export) and each image inside it. */
export const zipFileName = (batchId: string) => `bonos-${batchId.slice(0, VOUCHER_LIMITS.batchIdChars)}.zip`;
export const imageFileName = (batchId: string, code: string) => `bono-${batchId.slice(0, VOUCHER_LIMITS.batchIdChars)}-${code}.png`;

/**
 * Codes: 12 characters of an alphabet without look-alikes (no 0/O, 1/I/L, U/V), in three groups of
 * four ('7KQM-R3XD-9HTA'): 31^12 ≈ 7.9·10^17 codes, so guessing one of a batch of 10,000 takes
 * ~10^13 tries.
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
export const CODE_LENGTH = 12;
export const CODE_GROUP = 4;

/** What a person typed or a QR held ('7kqm r3xd-9hta') as the stored code ('7KQM-R3XD-9HTA'); a prefix stays a prefix. */
export function normalizeCode(text: string): string {
  const bare = text.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return (bare.match(new RegExp(`.{1,${CODE_GROUP}}`, "g")) ?? []).join("-");
}

export const VM = {
  name: "vouchers:errors.nameRequired",
  quantity: "vouchers:errors.quantity",
  value: "vouchers:errors.value",
  percentage: "vouchers:errors.percentage",
  type: "vouchers:errors.type",
  date: "vouchers:errors.invalidDate",
  expiryBeforeFrom: "vouchers:errors.expiryBeforeFrom",
  expiryPast: "vouchers:errors.expiryPast",
  reason: "vouchers:errors.reasonRequired",
  reportType: "vouchers:errors.reportType",
  tooLong: "vouchers:errors.tooLong",
  notActive: "vouchers:errors.notActive",
  forbidden: "vouchers:errors.forbiddenGenerate",
  status: "vouchers:errors.status",
  /** spec 02 / 03: 'Invalid voucher' (unknown, used, expired, not yet valid, cancelled, lost or stolen) */
  invalid: "vouchers:errors.invalid",
  codeRequired: "vouchers:errors.codeRequired",
  overBalance: "vouchers:errors.overBalance",
  overPercentage: "vouchers:errors.overPercentage",
  pesosOnly: "vouchers:errors.pesosOnly",
  /** vouchers, points and store credit together paying more than the sale (they give no change) */
  overTotal: "vouchers:errors.overTotal",
} as const;

/** The payment method that redeems gift vouchers at checkout (its payment's reference is the code). */
export const VOUCHER_METHOD_CODE = "GIFT_VOUCHER";

/**
 * What a voucher pays of a sale: a fixed voucher its balance, a percentage voucher `value`% of the
 * sale's total (rounded half up to the cent), never more than what is still pending.
 */
export function voucherPays(v: { type: string; balance: string }, saleTotal: string, pending: string): string {
  const max = v.type === "percentage" ? toBig(saleTotal).times(toBig(v.balance)).div(100).round(2, Big.roundHalfUp) : toBig(v.balance);
  const due = toBig(pending);
  const pay = max.lt(due) ? max : due;
  return (pay.lt(0) ? new Big(0) : pay).toFixed(2);
}

const id = (message = "errors:invalidInput") => z.uuid({ error: message });
const optionalText = z
  .string()
  .trim()
  .max(VOUCHER_LIMITS.maxText, VM.tooLong)
  .nullish()
  .transform((v) => v || null);

export const createBatchInput = z
  .object({
    name: z.string({ error: VM.name }).trim().min(1, VM.name).max(VOUCHER_LIMITS.maxName, VM.tooLong),
    description: optionalText,
    quantity: wholeNumber(1, VOUCHER_LIMITS.maxQuantity, VM.quantity),
    value: decimal({ scale: 2, min: 0, max: "999999999.99", positive: true, maxPlaces: 2, message: VM.value }),
    type: z.enum(VOUCHER_TYPES, { error: VM.type }),
    valid_from: calendarDate(VM.date),
    expires_on: calendarDate(VM.date),
    keep_remainder: z.boolean().optional().default(false),
    /** A key the form makes once: sending the same batch twice (a double click, a retry) creates it once. */
    client_key: z.uuid().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === "percentage" && Number(v.value) > 100) ctx.addIssue({ code: "custom", path: ["value"], message: VM.percentage });
    if (v.expires_on < v.valid_from) ctx.addIssue({ code: "custom", path: ["expires_on"], message: VM.expiryBeforeFrom });
  });
export type CreateBatchInput = z.input<typeof createBatchInput>;

export const batchListInput = z.object({
  search: z.string().trim().max(200).optional().default(""),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 200).optional().default(VOUCHER_LIMITS.pageSize),
});

export const voucherListInput = z.object({
  batchId: id(),
  search: z.string().trim().max(200).optional().default(""),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 200).optional().default(VOUCHER_LIMITS.pageSize),
  /** 'all' (the default) or one status */
  status: z
    .enum([...VOUCHER_STATUSES, "all"], { error: VM.status })
    .optional()
    .default("all"),
});

export const batchIdInput = z.object({ batchId: id() });
export const voucherIdInput = z.object({ voucherId: id() });
/** The image export: the batch's active vouchers, at most VOUCHER_LIMITS.maxImages. */
export const exportImagesInput = batchIdInput;

/** voucher.check: a code typed or scanned from the QR (normalised as stored). */
export const checkInput = z.object({
  code: z
    .string({ error: VM.codeRequired })
    .max(60, VM.invalid)
    .transform((v) => normalizeCode(v))
    .refine((v) => v.length > 0, VM.codeRequired),
});

export const cancelInput = z.object({
  voucherId: id(),
  reason: z.string({ error: VM.reason }).trim().min(1, VM.reason).max(VOUCHER_LIMITS.maxText, VM.tooLong),
});

export const reportInput = z.object({
  voucherId: id(),
  type: z.enum(REPORT_TYPES, { error: VM.reportType }),
  notes: optionalText,
});

/** The CSV's columns (exportCsv answers {headers, rows}; the screen writes the file). */
export const CSV_COLUMNS = ["code", "amount", "balance", "status", "valid_from", "valid_until", "used_at", "order", "cancelled_at", "reported_at"] as const;
