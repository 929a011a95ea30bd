import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { CalendarDays, CalendarX2, SearchX, UserRound } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useParams } from "react-router";
import { type AppRouter, useTRPC } from "../../app/trpc";
import { LanguageSelector } from "../../components/language-selector";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/utils";
import { BusinessFooter } from "./business-footer";

type Outputs = inferRouterOutputs<AppRouter>;

/** portal.getConfig of a switched-on portal: its look, pages, SEO texts, booking rules and business. */
export type PortalConfig = Extract<Outputs["portal"]["getConfig"], { is_enabled: true }>;

/** The business as its customers see it; opening_hours: 7 days, index 0 = Sunday, null when the business has not saved its hours. */
export type PortalBusiness = PortalConfig["business"];

type PortalValue = PortalConfig & { /** where the portal was opened: /book or /{its configured path} */ base: string };

const PortalContext = React.createContext<PortalValue | null>(null);
export const usePortal = () => React.useContext(PortalContext)!;

/** A readable text colour on a #RRGGBB background (WCAG relative luminance). */
function onColor(hex: string): string {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const l = 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  return l > 0.4 ? "#111827" : "#ffffff";
}

function setMeta(name: string, content: string | null) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("meta");
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * The booking portal's frame (public, tenant from the host): the business's logo, colours, font
 * and custom CSS from portal.getConfig, its SEO title and meta tags, and the two destinations
 * (book, my appointments). A switched-off portal says so.
 */
export function PortalShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const config = useQuery({ ...trpc.portal.getConfig.queryOptions(), retry: false, meta: { silent: true } });
  const data = config.data;
  // /book always; any other first segment only when it is the portal's saved path.
  const { portalPath } = useParams();
  const base = `/${portalPath ?? "book"}`;
  const wrongPath = portalPath !== undefined && (!data?.is_enabled || data.path !== portalPath.toLowerCase());

  React.useEffect(() => {
    if (!data?.is_enabled) return;
    const previous = document.title;
    document.title = data.meta_title || `${t("bookingPortal:title")} · ${data.business_name}`;
    setMeta("description", data.meta_description);
    setMeta("keywords", data.keywords);
    return () => {
      document.title = previous;
    };
  }, [data, t]);

  // Dialogs render outside this frame (in a portal on <body>): the colours go on the root element too.
  React.useEffect(() => {
    if (!data?.is_enabled) return;
    const root = document.documentElement.style;
    const fg = onColor(data.primary_color);
    const vars: [string, string][] = [
      ["--primary", data.primary_color],
      ["--color-primary", data.primary_color],
      ["--primary-foreground", fg],
      ["--color-primary-foreground", fg],
      ["--ring", data.primary_color],
    ];
    for (const [k, v] of vars) root.setProperty(k, v);
    return () => {
      for (const [k] of vars) root.removeProperty(k);
    };
  }, [data]);

  if (config.isLoading) {
    return (
      <div className="mx-auto grid max-w-3xl gap-4 p-4">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (wrongPath) {
    return (
      <div className="min-h-screen bg-background p-4">
        <Card className="mx-auto mt-16 max-w-md" data-testid="portal-not-found">
          <CardHeader className="items-center text-center">
            <SearchX className="size-10 text-muted-foreground" />
            <CardTitle>{t("common:notFound.title")}</CardTitle>
            <CardDescription>{t("common:notFound.message")}</CardDescription>
            <Button asChild className="mt-2">
              <Link to="/">{t("common:notFound.home")}</Link>
            </Button>
          </CardHeader>
        </Card>
      </div>
    );
  }
  if (!data?.is_enabled) {
    return (
      <div className="min-h-screen bg-background p-4">
        <Card className="mx-auto mt-16 max-w-md" data-testid="portal-disabled">
          <CardHeader className="items-center text-center">
            <CalendarX2 className="size-10 text-muted-foreground" />
            <CardTitle>{data?.business_name ?? t("bookingPortal:title")}</CardTitle>
            <CardDescription>{t("bookingPortal:errors.disabled")}</CardDescription>
          </CardHeader>
        </Card>
      </div>
    );
  }
  const cfg: PortalValue = { ...data, base };
  const fg = onColor(cfg.primary_color);
  const style = {
    "--primary": cfg.primary_color,
    "--color-primary": cfg.primary_color,
    "--primary-foreground": fg,
    "--color-primary-foreground": fg,
    "--ring": cfg.primary_color,
    "--portal-secondary": cfg.secondary_color,
    fontFamily: cfg.font_family,
  } as React.CSSProperties;
  const nav = ({ isActive }: { isActive: boolean }) =>
    cn("inline-flex min-h-11 items-center gap-2 rounded-[var(--radius-button)] px-3 text-sm font-medium hover:bg-accent", isActive && "bg-accent text-foreground");

  return (
    <PortalContext.Provider value={cfg}>
      <div className="min-h-screen bg-muted/30 text-foreground" style={style} data-testid="portal-shell">
        {cfg.custom_css ? <style data-testid="portal-custom-css">{cfg.custom_css}</style> : null}
        <header className="border-b bg-background" style={{ borderTop: `4px solid ${cfg.primary_color}` }}>
          <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2 px-4 py-2">
            <Link to={base} className="flex min-h-11 items-center gap-3" data-testid="portal-brand">
              {cfg.logo_url ? <img src={cfg.logo_url} alt="" className="h-9 w-auto max-w-32 object-contain" /> : null}
              <span className="text-lg font-semibold">{cfg.business_name}</span>
            </Link>
            <nav className="flex items-center gap-1" aria-label={t("bookingPortal:title")}>
              <NavLink to={base} end className={nav}>
                <CalendarDays aria-hidden className="size-4" />
                {t("bookingPortal:nav.book")}
              </NavLink>
              <NavLink to={`${base}/account`} className={nav}>
                <UserRound aria-hidden className="size-4" />
                {t("bookingPortal:nav.account")}
              </NavLink>
              <LanguageSelector />
            </nav>
          </div>
        </header>
        <main className="mx-auto grid max-w-3xl gap-4 px-4 py-5">{children}</main>
        <BusinessFooter business={cfg.business} />
      </div>
    </PortalContext.Provider>
  );
}
