import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { pageTitle, productName } from "../../shared/platform/branding";
import { TENANT_STALE_MS } from "../../shared/platform/themes";
import { currentBrand, currentSubdomain } from "../lib/host";
import { screenTitleKey } from "./screen-title";
import { useTRPC } from "./trpc";

/** The tenant of this host (public lookup), cached 5 minutes. */
export function usePublicTenant() {
  const trpc = useTRPC();
  const subdomain = currentSubdomain();
  return useQuery({
    ...trpc.tenant.getPublicTenantBySubdomain.queryOptions({ subdomain: subdomain ?? "" }),
    enabled: !!subdomain,
    staleTime: TENANT_STALE_MS,
    meta: { silent: true },
  });
}

const ONBOARDING_PATH = /^\/onboarding\/(pos|forms|dental|legatti)\b/;

/**
 * The product of this host's tenant (onboarding-info lookup); on the bare domain, the product
 * an onboarding or registration page is for.
 */
function useTenantProduct(): string | undefined {
  const location = useLocation();
  const routeProduct = location.pathname.match(ONBOARDING_PATH)?.[1] ?? new URLSearchParams(location.search).get("product") ?? undefined;
  const trpc = useTRPC();
  const tenant = usePublicTenant().data?.tenant;
  const info = useQuery({
    ...trpc.onboarding.getOnboardingInfoByTenant.queryOptions({ tenantId: tenant?.id ?? "" }),
    enabled: !!tenant?.id,
    staleTime: TENANT_STALE_MS,
    meta: { silent: true },
  });
  return info.data?.product ?? tenant?.product ?? routeProduct;
}

export function useBrandName(): string {
  const product = useTenantProduct();
  const brand = React.useMemo(currentBrand, []);
  return brand.whiteLabel ? brand.name : productName(product);
}

function setMeta(name: string, content: string) {
  let el = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement("meta");
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * Title '{screen} · {product name} Portal de Formularios' (the screen in the user's language, none
 * on the landing page), application-name meta tags, white-label colour.
 */
export function DocumentMeta() {
  const product = useTenantProduct();
  const brand = React.useMemo(currentBrand, []);
  const { t } = useTranslation();
  const screenKey = screenTitleKey(useLocation().pathname);
  const screen = screenKey ? t(screenKey) : undefined;
  React.useEffect(() => {
    const title = pageTitle(product, brand);
    document.title = screen ? `${screen} · ${title}` : title;
  }, [product, brand, screen]);
  React.useEffect(() => {
    const name = brand.whiteLabel ? brand.name : productName(product);
    setMeta("application-name", name);
    setMeta("apple-mobile-web-app-title", name);
    const html = document.documentElement;
    if (brand.whiteLabel) {
      html.dataset.whiteLabel = "true";
      html.style.setProperty("--primary", brand.primaryColor);
      html.style.setProperty("--sidebar-primary", brand.primaryColor);
      html.style.setProperty("--primary-foreground", "#ffffff");
      html.style.setProperty("--sidebar-primary-foreground", "#ffffff");
    }
  }, [product, brand]);
  return null;
}
