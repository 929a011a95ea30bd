import { z } from "zod";
import { decimal, optionalDecimal } from "../catalog/decimal";
import { calendarDate, isCalendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";

/**
 * Promotions (spec 03 §3 Promotion, §5 Promotion validation, §7 promotion.create/update, §9).
 * One schema for the form and the server; messages are i18n keys of the promotions catalog.
 * The discount is a decimal string: a percent (percentage, bundle, second unit) or pesos per unit
 * (fixed amount); buy_x_get_y stores 0.
 */

export const PROMOTION_TYPES = ["percentage_discount", "fixed_amount_discount", "buy_x_get_y", "bundle_discount", "second_unit_discount"] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** Types whose discount is a percent (≤ 100); fixed_amount_discount is pesos per unit. */
export const PERCENT_PROMOTION_TYPES: readonly PromotionType[] = ["percentage_discount", "bundle_discount", "second_unit_discount"];
export const isPercentPromotion = (type: string) => (PERCENT_PROMOTION_TYPES as readonly string[]).includes(type);

/** Spec 03 §9: the product picker's page size and the default end date (30 days after today). */
export const PROMOTION_PICKER_PAGE_SIZE = 50;
export const PROMOTION_DEFAULT_DAYS = 30;
/** bundle_discount without param1: a bundle of 2 units. */
export const DEFAULT_BUNDLE_UNITS = 2;
/** The most products or categories one promotion names. */
export const MAX_PROMOTION_ITEMS = 1000;
/** The largest X or Y of buy X get Y, and the largest bundle. */
export const MAX_PROMOTION_UNITS = 1000;
export const PROMOTION_LIST_PAGE_SIZE = 20;

export const M = {
  nameRequired: "promotions:validation.nameRequired",
  codeRequired: "promotions:validation.codeRequired",
  typeRequired: "promotions:validation.typeRequired",
  startRequired: "promotions:validation.startRequired",
  endRequired: "promotions:validation.endRequired",
  discountPositive: "promotions:validation.discountPositive",
  discountRequired: "promotions:validation.discountRequired",
  percentMax: "promotions:validation.percentMax",
  buyXGetY: "promotions:validation.buyXGetY",
  unitsMin: "promotions:validation.unitsMin",
  startBeforeToday: "promotions:validation.startBeforeToday",
  endBeforeStart: "promotions:validation.endBeforeStart",
  tooLong: "promotions:validation.tooLong",
  tooMany: "promotions:validation.tooMany",
  codeTaken: "promotions:errors.codeTaken",
} as const;

/** '' and null are "not given". */
const blankToUndefined = (v: unknown) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v);
const units = z.preprocess(blankToUndefined, wholeNumber(1, MAX_PROMOTION_UNITS, M.unitsMin).optional());
const ids = z.array(z.string().uuid()).max(MAX_PROMOTION_ITEMS, M.tooMany).optional().default([]);

const promotionFields = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(150, M.tooLong),
  code: z.string({ error: M.codeRequired }).trim().min(1, M.codeRequired).max(50, M.tooLong),
  type: z.enum(PROMOTION_TYPES, { error: M.typeRequired }),
  discount: optionalDecimal(decimal({ scale: 2, min: 0, max: "999999999999.99", maxPlaces: 2, message: M.discountPositive })),
  param1: units,
  param2: units,
  startDate: z.preprocess(blankToUndefined, calendarDate(M.startRequired)),
  endDate: z.preprocess(blankToUndefined, calendarDate(M.endRequired)),
  isActive: z.boolean().optional().default(true),
  /** may add to another promotion on the same line (default: the best one wins) */
  stackable: z.boolean().optional().default(false),
  productIds: ids,
  categoryIds: ids,
});

type Fields = z.infer<typeof promotionFields>;

/** §5: X and Y for buy X get Y (discount sent as 0), a discount for the others (≤ 100 for a percent), end ≥ start. */
function promotionRules(p: Fields, ctx: z.RefinementCtx) {
  if (p.type === "buy_x_get_y") {
    if (p.param1 === undefined || p.param2 === undefined) ctx.addIssue({ code: "custom", path: [p.param1 === undefined ? "param1" : "param2"], message: M.buyXGetY });
  } else if (p.discount === undefined || Number(p.discount) === 0) {
    ctx.addIssue({ code: "custom", path: ["discount"], message: M.discountRequired });
  } else if (isPercentPromotion(p.type) && Number(p.discount) > 100) {
    ctx.addIssue({ code: "custom", path: ["discount"], message: M.percentMax });
  }
  if (isCalendarDate(p.startDate ?? "") && isCalendarDate(p.endDate ?? "") && p.endDate < p.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: M.endBeforeStart });
}

/** What is stored: buy X get Y keeps discount 0; only buy X get Y keeps param2, only it and bundle keep param1. */
function normalize<T extends Fields>(p: T) {
  const bxgy = p.type === "buy_x_get_y";
  return {
    ...p,
    discount: bxgy ? "0.00" : (p.discount ?? "0.00"),
    param1: bxgy || p.type === "bundle_discount" ? (p.param1 ?? null) : null,
    param2: bxgy ? (p.param2 ?? null) : null,
    productIds: [...new Set(p.productIds)],
    categoryIds: [...new Set(p.categoryIds)],
  };
}

export const promotionInput = promotionFields.superRefine(promotionRules).transform(normalize);
export const promotionUpdateInput = promotionFields.extend({ id: z.string().uuid() }).superRefine(promotionRules).transform(normalize);
export type PromotionInput = z.output<typeof promotionInput>;
export type PromotionUpdateInput = z.output<typeof promotionUpdateInput>;
export type PromotionFormValues = z.input<typeof promotionInput>;

/** The period filter of the list: in force today, starting later, ended. */
export const PROMOTION_PERIODS = ["current", "upcoming", "expired"] as const;
export type PromotionPeriod = (typeof PROMOTION_PERIODS)[number];

export const promotionListInput = z.object({
  search: z.string().trim().max(200).optional().default(""),
  type: z.enum(PROMOTION_TYPES).optional(),
  isActive: z.boolean().optional(),
  period: z.enum(PROMOTION_PERIODS).optional(),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 200).optional().default(PROMOTION_LIST_PAGE_SIZE),
});
export type PromotionListInput = z.infer<typeof promotionListInput>;

export const promotionIdInput = z.object({ id: z.string().uuid() });
export const promotionSetActiveInput = z.object({ id: z.string().uuid(), isActive: z.boolean() });

/** yyyy-MM-dd plus n days (calendar arithmetic, no time zone involved). */
export function addCalendarDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Where a promotion stands on a business date. */
export function periodOf(p: { startDate: string; endDate: string }, today: string): PromotionPeriod {
  if (today < p.startDate) return "upcoming";
  if (today > p.endDate) return "expired";
  return "current";
}
