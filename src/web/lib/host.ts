import { resolveBrand } from "../../shared/platform/branding";
import { subdomainFromHost } from "../../shared/platform/tenancy";

/** BASE_DOMAIN, as the server writes it into index.html (localhost under the Vite dev server). */
export function baseDomain(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="enzzo-base-domain"]')?.content;
  return meta && !meta.startsWith("%") ? meta : "localhost";
}

/** The tenant subdomain of this page's host, or null on the bare or a reserved domain. */
export function currentSubdomain(): string | null {
  return subdomainFromHost(window.location.host, baseDomain());
}

/** The origin of a tenant's host, same scheme and port as this page. */
export function tenantOrigin(subdomain: string): string {
  const { protocol, port } = window.location;
  return `${protocol}//${subdomain}.${baseDomain()}${port ? `:${port}` : ""}`;
}

const BRAND_KEY = "brand";

/** White-label brand: `.do` hosts, or `?brand=` on a local host (kept for the browser session). */
export function currentBrand() {
  const param = new URLSearchParams(window.location.search).get("brand");
  if (param) sessionStorage.setItem(BRAND_KEY, param);
  return resolveBrand(window.location.hostname, param ?? sessionStorage.getItem(BRAND_KEY));
}
