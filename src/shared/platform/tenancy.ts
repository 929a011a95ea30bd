/** Subdomains that never denote a tenant. */
export const RESERVED_SUBDOMAINS = ["www", "app", "api", "dev", "staging", "test", "admin", "dashboard", "auth"] as const;

export function isReservedSubdomain(subdomain: string): boolean {
  return (RESERVED_SUBDOMAINS as readonly string[]).includes(subdomain.toLowerCase());
}

/** A subdomain a tenant may register: 3-40 lowercase letters, digits and inner hyphens. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;

/**
 * The tenant subdomain of a host under baseDomain, or null for the bare domain,
 * a reserved subdomain, a nested subdomain or a foreign host.
 */
export function subdomainFromHost(host: string | undefined, baseDomain: string): string | null {
  if (!host) return null;
  const hostname = host.split(":")[0]!.toLowerCase().replace(/\.$/, "");
  const base = baseDomain.toLowerCase();
  if (!hostname.endsWith(`.${base}`)) return null;
  const sub = hostname.slice(0, -(base.length + 1));
  if (!sub || sub.includes(".") || isReservedSubdomain(sub)) return null;
  return sub;
}
