/** Subdomains that never denote a tenant: the platform's own and the infrastructure's names. */
export const RESERVED_SUBDOMAINS = [
  "www", "app", "api", "dev", "staging", "test", "admin", "dashboard", "auth",
  "localhost", "mail", "smtp", "imap", "pop", "mx", "ftp", "ns1", "ns2", "dns", "vpn",
  "superadmin", "root", "static", "assets", "cdn", "uploads", "media", "files", "img", "images",
  "healthz", "status", "metrics", "monitor", "nothing-to-see-here", "help", "support", "blog", "docs",
  "shop", "store", "portal", "pay", "payments", "billing", "login", "signin", "signup", "register",
  "account", "accounts", "secure", "demo-admin", "internal", "prod", "production", "beta", "sandbox",
] as const;

/**
 * Reserved: a name in the list, or an IDNA 'xn--' style label (two characters then '--'): punycode
 * names could imitate another business's name, so tenants register plain ASCII names only.
 */
export function isReservedSubdomain(subdomain: string): boolean {
  const s = subdomain.toLowerCase();
  return (RESERVED_SUBDOMAINS as readonly string[]).includes(s) || /^[a-z0-9]{2}--/.test(s);
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
