import { and, asc, eq } from "drizzle-orm";
import { productName } from "../../../shared/platform/branding";
import { isReservedSubdomain, subdomainFromHost } from "../../../shared/platform/tenancy";
import type { AppDeps } from "../../app";
import type { Db, Tx } from "../../db/client";
import { newId } from "../../ids";
import { appError } from "../../trpc/errors";
import { forgetTenantSessions } from "../auth/service";
import { currencies } from "../currency/tables";
import { ncfTypes } from "../ncf/tables";
import { tenantConfigs, tenantModules, tenants } from "./tables";

export type TenantRow = typeof tenants.$inferSelect;

const CACHE_MS = 10_000;
const cache = new Map<string, { at: number; tenant: TenantRow | null }>();

/** Forget cached lookups after a tenant changes (status, creation). */
export function invalidateTenantCache(): void {
  cache.clear();
}

/** Not tenant-scoped: the registry lookup that decides the tenant of a request. */
export async function unsafeFindTenantBySubdomain(db: Db, subdomain: string): Promise<TenantRow | null> {
  const key = subdomain.toLowerCase();
  if (isReservedSubdomain(key)) return null;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.tenant;
  const [row] = await db.select().from(tenants).where(eq(tenants.subdomain, key)).limit(1);
  const tenant = row ?? null;
  cache.set(key, { at: Date.now(), tenant });
  return tenant;
}

export async function unsafeFindTenantById(db: Db, id: string): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}

export async function resolveTenantFromHost(deps: AppDeps, host: string | undefined): Promise<TenantRow | null> {
  const sub = subdomainFromHost(host, deps.config.baseDomain);
  return sub ? unsafeFindTenantBySubdomain(deps.db, sub) : null;
}

export function publicTenant(t: TenantRow) {
  return {
    id: t.id,
    name: t.name,
    subdomain: t.subdomain,
    product: t.product,
    productName: productName(t.product),
    status: t.status,
  };
}

export type TenantConfig = {
  /**
   * The code of the tenant's default currency: read from `currencies.is_default` (the source of truth,
   * set by currency.create/update); tenant_configs.default_currency_code is no longer read nor written.
   */
  default_currency_code: string;
  theme: string;
  force_company_theme: boolean;
  rounded_sidebar: boolean;
  rounded_cards: boolean;
  rounded_navbar: boolean;
  rounded_buttons: boolean;
  /** stock may go below zero (POS sales warn); false refuses the sale */
  allow_negative_stock: boolean;
  /** the POS sells without the cashier's open cash box session (a shop that does not count cash); off by default */
  sell_without_cashbox: boolean;
  /** rewards: points earned per rewards_amount_per_point pesos of an eligible sale */
  rewards_points_per_unit: number;
  rewards_amount_per_point: string;
};

/** The default currency's code (`currencies.is_default`, one per tenant); DOP before any currency exists. */
export async function defaultCurrencyCode(tx: Tx, tenantId: string): Promise<string> {
  const [row] = await tx
    .select({ code: currencies.code })
    .from(currencies)
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.isDefault, true)))
    .limit(1);
  return row?.code ?? "DOP";
}

export async function getConfig(tx: Tx, tenantId: string): Promise<TenantConfig> {
  const [c] = await tx.select().from(tenantConfigs).where(eq(tenantConfigs.tenantId, tenantId)).limit(1);
  return {
    default_currency_code: await defaultCurrencyCode(tx, tenantId),
    theme: c?.theme ?? "theme-enzzo",
    force_company_theme: c?.forceCompanyTheme ?? false,
    rounded_sidebar: c?.roundedSidebar ?? true,
    rounded_cards: c?.roundedCards ?? true,
    rounded_navbar: c?.roundedNavbar ?? true,
    rounded_buttons: c?.roundedButtons ?? true,
    allow_negative_stock: c?.allowNegativeStock ?? true,
    sell_without_cashbox: c?.sellWithoutCashbox ?? false,
    rewards_points_per_unit: c?.rewardsPointsPerUnit ?? 1,
    rewards_amount_per_point: c?.rewardsAmountPerPoint ?? "100.00",
  };
}

/**
 * tenant.updateConfig. The default currency is not a setting of its own here: it is the currency
 * marked default in Settings → Currencies (currency.update, settings.fiscal), so a
 * default_currency_code other than that one is refused; the same one is accepted and changes nothing.
 */
export async function updateConfig(tx: Tx, tenantId: string, patch: Partial<TenantConfig>): Promise<TenantConfig> {
  if (patch.default_currency_code !== undefined) {
    const current = await defaultCurrencyCode(tx, tenantId);
    if (patch.default_currency_code.trim().toUpperCase() !== current) {
      throw appError("BAD_REQUEST", "defaultCurrencyInCurrencies", { code: patch.default_currency_code, current });
    }
  }
  const values = {
    theme: patch.theme,
    forceCompanyTheme: patch.force_company_theme,
    roundedSidebar: patch.rounded_sidebar,
    roundedCards: patch.rounded_cards,
    roundedNavbar: patch.rounded_navbar,
    roundedButtons: patch.rounded_buttons,
    allowNegativeStock: patch.allow_negative_stock,
    sellWithoutCashbox: patch.sell_without_cashbox,
    rewardsPointsPerUnit: patch.rewards_points_per_unit,
    rewardsAmountPerPoint: patch.rewards_amount_per_point,
  };
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await tx
    .insert(tenantConfigs)
    .values({ tenantId, id: newId(), ...set })
    .onConflictDoUpdate({ target: tenantConfigs.tenantId, set: { ...set, updatedAt: new Date() } });
  return getConfig(tx, tenantId);
}

export async function listModules(tx: Tx, tenantId: string) {
  const rows = await tx.select().from(tenantModules).where(eq(tenantModules.tenantId, tenantId));
  return rows.map((r) => ({ code: r.moduleCode, enabled: r.enabled })).sort((a, b) => a.code.localeCompare(b.code));
}

export async function setModule(tx: Tx, tenantId: string, code: string, enabled: boolean): Promise<void> {
  await tx
    .insert(tenantModules)
    .values({ tenantId, id: newId(), moduleCode: code, enabled })
    .onConflictDoUpdate({ target: [tenantModules.tenantId, tenantModules.moduleCode], set: { enabled } });
  // Sessions carry the enabled modules.
  forgetTenantSessions(tx, tenantId);
}

/**
 * A country's tax module: which fiscal document types the tenant can issue and which buyer
 * fields they ask for. Only the Dominican module (NCF, ITBIS 18%) exists; others are empty.
 */
export async function taxModuleConfig(tx: Tx, tenantId: string, countryCode: string) {
  if (countryCode !== "DO") return { countryCode, enabled: false, taxName: null, defaultRate: null, documentTypes: [], fields: [] };
  const types = await tx
    .select({ id: ncfTypes.id, code: ncfTypes.code, description: ncfTypes.description, requiresTaxId: ncfTypes.requiresTaxId, isDefault: ncfTypes.isDefault })
    .from(ncfTypes)
    .where(and(eq(ncfTypes.tenantId, tenantId), eq(ncfTypes.isActive, true)))
    .orderBy(asc(ncfTypes.code));
  return {
    countryCode,
    enabled: true,
    taxName: "ITBIS",
    defaultRate: "18",
    documentTypes: types,
    fields: [
      { name: "tax_id", kinds: ["rnc", "cedula"], requiredFor: types.filter((t) => t.requiresTaxId).map((t) => t.code) },
      { name: "ncf", format: "B + 2-digit type + 8-digit sequence" },
    ],
  };
}
