import { Big } from "../catalog/decimal";

/**
 * The plans of the public marketing pages (issue 19): what onboarding.getProductPricing answers
 * and how the form builder and point-of-sale pages turn them into pricing cards (the spec's
 * 'Marketing pricing mapping'). Prices are US dollars as decimal strings; descriptions, features
 * and badges are keys of the marketing catalogs (src/shared/i18n/{es,en}/marketing.json), which
 * the page translates in its language.
 */
export const PLAN_IDS = ["trial", "free", "monthly", "annual"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PricingPlan {
  id: PlanId;
  description: string;
  features: string[];
  monthlyPrice: string | null;
  annualPrice: string | null;
  badge: string | null;
}

/** The product keys the pages ask for: the form builder's product code and the POS page's key. */
export const FORMS_PRICING_KEY = "forms";
export const POS_PRICING_KEY = "enzzo_pos";
export type PricingPage = "forms" | "pos";

/** The POS page's discount is computed against this monthly price when no monthly plan is given. */
export const POS_FALLBACK_MONTHLY_PRICE = "25";

const plan = (key: string, id: PlanId, monthlyPrice: string | null, annualPrice: string | null, features: number, badge = false): PricingPlan => ({
  id,
  description: `marketing:plans.${key}.${id}.description`,
  features: Array.from({ length: features }, (_, i) => `marketing:plans.${key}.${id}.features.${i}`),
  monthlyPrice,
  annualPrice,
  badge: badge ? `marketing:plans.${key}.${id}.badge` : null,
});

/**
 * The server's plans by product key, matching the prices the pages display: the form builder's
 * free tier (100 responses a month) and Professional at $25/month; the POS's 30-day trial and
 * Professional at $35/month or $360/year (saves $60 a year).
 */
export const PRODUCT_PLANS: Record<string, PricingPlan[]> = {
  [FORMS_PRICING_KEY]: [plan("forms", "free", "0", null, 3), plan("forms", "monthly", "25", null, 5, true), plan("forms", "annual", "25", "240", 4)],
  [POS_PRICING_KEY]: [plan("pos", "trial", "0", null, 3), plan("pos", "monthly", "35", null, 5, true), plan("pos", "annual", "35", "360", 4)],
};

/** The plans of a product key; an unknown key has none (the page then shows its static cards). */
export function productPlans(productKey: string): PricingPlan[] {
  return PRODUCT_PLANS[productKey] ?? [];
}

/** A pricing card on a marketing page; text fields are catalog keys. */
export interface PricingCard {
  /** the plan id, or starter/professional/enterprise for the static cards */
  key: string;
  /** catalog key of the card's name */
  name: string;
  /** price a month as a 2-decimal string, or null for a custom price */
  price: string | null;
  /** '+' after the price (the form builder's 'Enterprise $50+/month') */
  priceFrom: boolean;
  billedAnnually: boolean;
  /** the yearly total of an annual card */
  yearlyTotal: string | null;
  /** the POS annual card's saving against the monthly price, in whole percent */
  discountPercent: number | null;
  highlighted: boolean;
  description: string;
  features: string[];
  badge: string | null;
  /** 'link': the page's call to action; 'none': a button that does nothing (the POS enterprise plan) */
  action: "link" | "none";
}

const money = (value: string | number) => new Big(value).toFixed(2);

/**
 * The spec's mapping: trial or free -> a $0 card (a trial is named as a free trial); monthly ->
 * the highlighted professional card at its monthly price; annual -> annualPrice / 12 rounded to 2
 * decimals, billed annually, with the yearly total (on the POS page with the discount against the
 * monthly price, 25 when there is no monthly plan). When nothing maps: the page's static cards.
 */
export function pricingCards(plans: readonly PricingPlan[], page: PricingPage): PricingCard[] {
  const monthly = plans.find((p) => p.id === "monthly" && p.monthlyPrice !== null);
  const base = { priceFrom: false, billedAnnually: false, yearlyTotal: null, discountPercent: null, highlighted: false, action: "link" as const };
  const cards: PricingCard[] = [];
  for (const p of plans) {
    const text = { description: p.description, features: p.features, badge: p.badge };
    if (p.id === "trial" || p.id === "free") {
      cards.push({ ...base, ...text, key: p.id, name: `marketing:pricing.names.${p.id === "trial" ? "freeTrial" : "free"}`, price: money(0) });
    } else if (p.id === "monthly" && p.monthlyPrice !== null) {
      cards.push({ ...base, ...text, key: p.id, name: "marketing:pricing.names.professional", price: money(p.monthlyPrice), highlighted: true });
    } else if (p.id === "annual" && p.annualPrice !== null) {
      const perMonth = new Big(p.annualPrice).div(12).round(2, Big.roundHalfUp);
      let discountPercent: number | null = null;
      if (page === "pos") {
        const reference = new Big(monthly?.monthlyPrice ?? POS_FALLBACK_MONTHLY_PRICE);
        discountPercent = reference.gt(0) ? Math.max(0, Number(new Big(1).minus(perMonth.div(reference)).times(100).round(0, Big.roundHalfUp))) : 0;
      }
      cards.push({
        ...base,
        ...text,
        key: p.id,
        name: "marketing:pricing.names.annual",
        price: perMonth.toFixed(2),
        billedAnnually: true,
        yearlyTotal: money(p.annualPrice),
        discountPercent,
      });
    }
  }
  return cards.length > 0 ? cards : staticCards(page);
}

/** The fallback cards: three per page (starter, professional, enterprise), the displayed prices. */
export function staticCards(page: PricingPage): PricingCard[] {
  const card = (key: string, price: string | null, features: number, extra: Partial<PricingCard> = {}): PricingCard => ({
    key,
    name: `marketing:static.${page}.${key}.name`,
    price: price === null ? null : money(price),
    priceFrom: false,
    billedAnnually: false,
    yearlyTotal: null,
    discountPercent: null,
    highlighted: false,
    description: `marketing:static.${page}.${key}.description`,
    features: Array.from({ length: features }, (_, i) => `marketing:static.${page}.${key}.features.${i}`),
    badge: null,
    action: "link",
    ...extra,
  });
  if (page === "forms") {
    return [card("starter", "10", 3), card("professional", "25", 5, { highlighted: true }), card("enterprise", "50", 3, { priceFrom: true })];
  }
  return [card("starter", "15", 2), card("professional", "35", 3, { highlighted: true }), card("enterprise", null, 3, { action: "none" })];
}
