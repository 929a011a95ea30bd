import { LRUCache } from "lru-cache";
import type { Db } from "../db/client";
import type { ShopContext } from "../modules/ecommerce/shop/queries";

/**
 * Rendered shop pages kept for a few seconds (SHOP_PAGE_CACHE_SECONDS), so a crowd of visitors on
 * the same page costs one render and its queries, not one each. A page is keyed by its tenant,
 * language and URL, and stamped with the tenant's version: any committed write of the tenant
 * (every tRPC mutation, the payment-link callback) bumps the version, so an edit, a publish, a
 * price or a sale shows on the next visit; the seconds bound what another path could leave stale.
 */
export interface ShopPageCache {
  /** rendered pages, by tenant and language, host, path and query */
  pages: KeptByVersion<string>;
  /** each tenant's published store and its info, which every page starts from (key "") */
  stores: KeptByVersion<ShopContext>;
  /** the tenant's version now: read before reading the database, so a write meanwhile is never hidden */
  version(tenantId: string): number;
}

export interface KeptByVersion<T> {
  get(tenantId: string, key: string): T | undefined;
  set(tenantId: string, key: string, version: number, value: T): void;
}

interface Entry<T> {
  version: number;
  value: T;
}

/** at most this many pages across all tenants (about 50 KB each: some 100 MB at worst) */
const MAX_PAGES = 2_000;

// One set of versions per database: the app's, or each integration test's own.
const versionsByDb = new WeakMap<Db, Map<string, number>>();

function versionsOf(db: Db): Map<string, number> {
  let versions = versionsByDb.get(db);
  if (!versions) {
    versions = new Map();
    versionsByDb.set(db, versions);
  }
  return versions;
}

/** A write of the tenant has committed: its cached shop pages are out of date. */
export function invalidateShopPages(db: Db, tenantId: string): void {
  const versions = versionsOf(db);
  versions.set(tenantId, (versions.get(tenantId) ?? 0) + 1);
}

/** The cache of one app; `seconds` 0 keeps nothing. */
export function shopPageCache(db: Db, seconds: number): ShopPageCache {
  const versions = versionsOf(db);
  const version = (tenantId: string) => versions.get(tenantId) ?? 0;
  const kept = <T>(max: number): KeptByVersion<T> => {
    if (seconds <= 0) return { get: () => undefined, set: () => undefined };
    const entries = new LRUCache<string, Entry<T>>({ max, ttl: seconds * 1000 });
    return {
      get(tenantId, key) {
        const entry = entries.get(`${tenantId} ${key}`);
        return entry && entry.version === version(tenantId) ? entry.value : undefined;
      },
      set(tenantId, key, stamp, value) {
        entries.set(`${tenantId} ${key}`, { version: stamp, value });
      },
    };
  };
  return { pages: kept<string>(MAX_PAGES), stores: kept<ShopContext>(MAX_PAGES), version };
}
