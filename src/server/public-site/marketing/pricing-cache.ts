import { type PricingPlan, productPlans } from "../../../shared/platform/pricing";

/** The spec's timing for onboarding.getProductPricing: fresh for 5 minutes, kept 10 minutes. */
export const PRICING_FRESH_MS = 5 * 60_000;
export const PRICING_KEPT_MS = 10 * 60_000;

interface Entry {
  plans: PricingPlan[];
  at: number;
}

const entries = new Map<string, Entry>();

/**
 * A product's plans as onboarding.getProductPricing answers them and the marketing pages render
 * them: an answer younger than 5 minutes is served as is; an older one is read again; answers not
 * asked for in 10 minutes are dropped. Only known product keys are kept, so a visitor cannot fill
 * the map with made-up keys.
 */
export function cachedProductPlans(productKey: string, now = Date.now()): PricingPlan[] {
  for (const [key, entry] of entries) if (now - entry.at >= PRICING_KEPT_MS) entries.delete(key);
  const hit = entries.get(productKey);
  if (hit && now - hit.at < PRICING_FRESH_MS) return hit.plans;
  const plans = productPlans(productKey);
  if (plans.length > 0) entries.set(productKey, { plans, at: now });
  return plans;
}

/** The keys in memory (for the tests). */
export function cachedPricingKeys(): string[] {
  return [...entries.keys()];
}
