import type { ProductCode } from "../permissions";

/** Display names by product code; retail POS is the fallback. */
export const PRODUCT_NAMES: Record<ProductCode, string> = {
  pos: "Enzzo POS",
  forms: "Enzzo Forms",
  dental: "Enzzo Dental",
  legatti: "Legatti",
};

export function productName(product: string | null | undefined): string {
  return PRODUCT_NAMES[product as ProductCode] ?? PRODUCT_NAMES.pos;
}

/** The page title: the product name followed by 'Portal de Formularios'. */
export function pageTitle(product: string | null | undefined, brand?: Brand): string {
  const name = brand?.whiteLabel ? brand.name : productName(product);
  return `${name} Portal de Formularios`;
}

export interface Brand {
  whiteLabel: boolean;
  name: string;
  supportEmail: string;
  supportPhone: string;
  /** Hex colour applied as the primary colour in white-label mode. */
  primaryColor: string;
}

export const DEFAULT_BRAND: Brand = {
  whiteLabel: false,
  name: "Enzzo",
  supportEmail: "soporte@enzzo.app",
  supportPhone: "+1 809 555 0100",
  primaryColor: "#4f46e5",
};

export const WHITE_LABEL_BRAND: Brand = {
  whiteLabel: true,
  name: "Negocio Digital RD",
  supportEmail: "ayuda@negociodigital.do",
  supportPhone: "+1 809 555 0199",
  primaryColor: "#0f766e",
};

const LOCAL_HOST = /(^|\.)localhost$|^127\.0\.0\.1$/;

/**
 * White-label mode: a host ending in the Dominican suffix (.do), or a local host when the
 * `brand` query parameter asks for it.
 */
export function resolveBrand(hostname: string, brandParam: string | null | undefined): Brand {
  const host = hostname.split(":")[0]!.toLowerCase();
  if (host.endsWith(".do")) return WHITE_LABEL_BRAND;
  if (LOCAL_HOST.test(host) && brandParam) return WHITE_LABEL_BRAND;
  return DEFAULT_BRAND;
}
