import { and, asc, eq, sql } from "drizzle-orm";
import { productName } from "../../../shared/platform/branding";
import { isReservedSubdomain, subdomainFromHost } from "../../../shared/platform/tenancy";
import type { AppDeps } from "../../app";
import { type Db, rowsOf, type Tx } from "../../db/client";
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
  domainCache.clear();
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

/** A host name as looked up: lower-case, without the port and a trailing dot; null when there is none. */
export function normalizedHostname(host: string | undefined): string | null {
  if (!host) return null;
  const hostname = host.trim().split(":")[0]!.toLowerCase().replace(/\.$/, "");
  return hostname || null;
}

/** A tenant whose booking portal is served on a custom domain of its own, and the portal's path. */
export interface CustomDomainTenant {
  tenant: TenantRow;
  portalPath: string;
}

const domainCache = new Map<string, { at: number; found: CustomDomainTenant | null }>();

/**
 * Not tenant-scoped: the registry lookup of a custom domain (spec 03 §3 'Portal config'). The
 * tenant whose enabled booking portal has that domain (lower(custom_domain), migration 0041's
 * index), read through the registry connection as unsafeFindTenantBySubdomain does, cached the same way.
 */
export async function unsafeFindTenantByCustomDomain(db: Db, hostname: string): Promise<CustomDomainTenant | null> {
  const key = hostname.toLowerCase();
  const hit = domainCache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.found;
  const [row] = rowsOf<{ tenant_id: string; subdomain_path: string }>(
    await db.execute(sql`SELECT tenant_id, subdomain_path FROM appointment_portals WHERE lower(custom_domain) = ${key} AND is_enabled ORDER BY created_at, tenant_id LIMIT 1`),
  );
  const tenant = row ? await unsafeFindTenantById(db, row.tenant_id) : null;
  const found = tenant && row ? { tenant, portalPath: row.subdomain_path } : null;
  // Any Host header may be asked for: the cache stays bounded.
  if (domainCache.size >= 1000) domainCache.clear();
  domainCache.set(key, { at: Date.now(), found });
  return found;
}

/** The tenant of a request's host, and how it was named. */
export type HostTenant = { tenant: TenantRow; via: "subdomain" } | { tenant: TenantRow; via: "customDomain"; portalPath: string };

/**
 * The one host → tenant mechanism: {subdomain}.{base domain} is a tenant's suite; any other host
 * (not the base domain nor under it) may be the custom domain of a tenant's enabled booking portal,
 * where only the portal is served.
 */
export async function resolveHost(deps: AppDeps, host: string | undefined): Promise<HostTenant | null> {
  const hostname = normalizedHostname(host);
  if (!hostname) return null;
  const base = deps.config.baseDomain.toLowerCase();
  if (hostname === base || hostname.endsWith(`.${base}`)) {
    const sub = subdomainFromHost(hostname, base);
    const tenant = sub ? await unsafeFindTenantBySubdomain(deps.db, sub) : null;
    return tenant ? { tenant, via: "subdomain" } : null;
  }
  const found = await unsafeFindTenantByCustomDomain(deps.db, hostname);
  return found ? { tenant: found.tenant, via: "customDomain", portalPath: found.portalPath } : null;
}

/**
 * The tenant of the host. By default only a tenant's own subdomain: the staff's routes (sign-in,
 * files, invoice PDFs) are not offered on a portal's custom domain. `{ portal: true }` (the tRPC
 * context, which then answers only the portal's procedures there, the payment-link callback and
 * the web pages) also takes a custom domain.
 */
export async function resolveTenantFromHost(deps: AppDeps, host: string | undefined, opts: { portal?: boolean } = {}): Promise<TenantRow | null> {
  const found = await resolveHost(deps, host);
  if (!found) return null;
  return found.via === "subdomain" || opts.portal ? found.tenant : null;
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
  /** rewards redemption: pesos a point pays at checkout (the POINTS method); "0.00" = off */
  rewards_point_value: string;
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
    rewards_point_value: c?.rewardsPointValue ?? "0.00",
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
    rewardsPointValue: patch.rewards_point_value,
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
