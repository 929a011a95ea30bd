import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Menu, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { LanguageSelector } from "../components/language-selector";
import { ThemeSelector } from "../components/theme-selector";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Dialog, DialogTitle, SheetContent } from "../components/ui/dialog";
import { usePermissions } from "../lib/permissions";
import { expireSession, refreshSession, useSession, useSignOut } from "../lib/session";
import { useTenantConfig } from "../lib/theme";
import { cn } from "../lib/utils";
import { useBrandName } from "./document-meta";
import { visibleNavItems } from "./navigation";

const COLLAPSED_KEY = "sidebar_collapsed";
/** Below this width (tablets, md..lg) the sidebar starts collapsed unless the user chose otherwise. */
const WIDE_SCREEN_PX = 1024;
/** Tailwind's md: from here the sidebar is on screen and the phone drawer is not needed. */
const DRAWER_MAX_QUERY = "(min-width: 768px)";

/** The user's own choice (stored), else collapsed on screens narrower than 1024 px. */
function initialCollapsed(): boolean {
  const stored = localStorage.getItem(COLLAPSED_KEY);
  if (stored !== null) return stored === "true";
  return window.innerWidth < WIDE_SCREEN_PX;
}

export function AppShell() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const qc = useQueryClient();
  const permissions = usePermissions();
  const { can } = permissions;
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tenant = useTenantConfig().data?.tenant;
  const brandName = useBrandName();
  const [collapsed, setCollapsed] = React.useState(initialCollapsed);
  const [mobileOpen, setMobileOpen] = React.useState(false);
  const items = visibleNavItems(permissions);

  const toggle = () => {
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSED_KEY, String(!c));
      return !c;
    });
  };

  // Every navigation re-reads the session, so one that ended elsewhere is noticed at once.
  React.useEffect(() => {
    setMobileOpen(false);
    void refreshSession(qc).then((current) => {
      if (!current) expireSession();
    });
  }, [pathname]);

  // The drawer is for phones: widening the window past md closes it (the sidebar is there).
  React.useEffect(() => {
    if (!mobileOpen) return;
    const wide = window.matchMedia(DRAWER_MAX_QUERY);
    const onChange = () => {
      if (wide.matches) setMobileOpen(false);
    };
    onChange();
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [mobileOpen]);

  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F2" && !pathname.startsWith("/home/pos") && can("pos.access")) {
        e.preventDefault();
        void navigate("/home/pos");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  /** The menu: in the sidebar (collapsible) and, whole, in the phone drawer. */
  const renderSidebar = (narrow: boolean, testId: string) => (
    <nav aria-label={t("nav:menu")} className="flex h-full flex-col gap-1 p-2" data-testid={testId}>
      <div className={cn("mb-2 flex h-12 items-center gap-2 px-2 font-bold", narrow && "justify-center px-0")}>
        <span className="flex size-8 items-center justify-center rounded-[var(--radius-button)] bg-sidebar-primary text-sidebar-primary-foreground">
          {brandName.slice(0, 1)}
        </span>
        {!narrow ? <span className="truncate">{brandName}</span> : null}
      </div>
      {items.map((item) => (
        <NavLink
          key={item.key}
          to={item.path}
          end={item.path === "/home"}
          title={narrow ? t(`nav:items.${item.key}`) : undefined}
          data-nav={item.key}
          className={({ isActive }) =>
            cn(
              "flex h-10 items-center gap-3 rounded-[var(--radius-sidebar)] px-3 text-sm font-medium hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
              isActive && "bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary hover:text-sidebar-primary-foreground",
              narrow && "justify-center px-0",
            )
          }
        >
          <item.icon className="size-4 shrink-0" />
          {!narrow ? (
            <>
              <span className="flex-1 truncate">{t(`nav:items.${item.key}`)}</span>
              {item.shortcut ? <kbd className="rounded border border-current px-1 text-[10px]">{item.shortcut}</kbd> : null}
            </>
          ) : null}
        </NavLink>
      ))}
      <div className="mt-auto">
        <button
          type="button"
          onClick={() => void signOut()}
          title={narrow ? t("nav:signOut") : undefined}
          aria-label={narrow ? t("nav:signOut") : undefined}
          className={cn("flex h-10 w-full items-center gap-3 rounded-[var(--radius-sidebar)] px-3 text-sm font-medium hover:bg-sidebar-accent", narrow && "justify-center px-0")}
          data-testid="sign-out"
        >
          <LogOut className="size-4" />
          {!narrow ? t("nav:signOut") : null}
        </button>
      </div>
    </nav>
  );

  return (
    <div className="flex min-h-screen">
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is an in-page link; the handler moves the focus to <main> without putting #main in the router's address */}
      <a
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById("main")?.focus();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-[var(--radius-button)] focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg focus:outline-2 focus:outline-offset-2 focus:outline-ring"
        data-testid="skip-link"
      >
        {t("nav:skipToContent")}
      </a>
      <aside
        className={cn(
          "sticky top-0 hidden h-screen shrink-0 border-r bg-sidebar print:hidden text-sidebar-foreground transition-[width] md:block",
          collapsed ? "w-16" : "w-64",
          "rounded-r-[var(--radius-sidebar)]",
        )}
        data-collapsed={collapsed}
      >
        {renderSidebar(collapsed, "sidebar")}
      </aside>
      <Dialog open={mobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent
          side="left"
          closeLabel={t("common:actions.close")}
          aria-describedby={undefined}
          overlayClassName="md:hidden"
          className="print:hidden w-64 max-w-[85vw] gap-0 border-sidebar-border bg-sidebar p-0 pr-8 text-sidebar-foreground md:hidden"
          data-testid="menu-drawer"
        >
          <DialogTitle className="sr-only">{t("nav:menu")}</DialogTitle>
          {renderSidebar(false, "sidebar-drawer")}
        </SheetContent>
      </Dialog>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="print:hidden sticky top-0 z-30 m-2 flex h-14 items-center gap-2 rounded-[var(--radius-navbar)] border bg-card px-3 shadow-sm">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            onClick={() => setMobileOpen(true)}
            aria-label={t("nav:openMenu")}
            aria-haspopup="dialog"
            aria-expanded={mobileOpen}
            data-testid="menu-button"
          >
            <Menu />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="hidden md:inline-flex"
            onClick={toggle}
            aria-label={collapsed ? t("nav:expand") : t("nav:collapse")}
            data-testid="sidebar-toggle"
          >
            {collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
          </Button>
          <div className="min-w-0 flex-1">
            <div className="truncate font-semibold" data-testid="tenant-name">
              {tenant?.name}
            </div>
          </div>
          <LanguageSelector />
          <ThemeSelector />
          {user ? (
            <div className="hidden items-center gap-2 pl-2 sm:flex">
              {user.imageUrl ? <img src={user.imageUrl} alt="" className="size-8 rounded-full object-cover" /> : null}
              <div className="text-right leading-tight">
                <div className="text-sm font-medium" data-testid="user-name">
                  {user.name}
                </div>
                <Badge variant="secondary">{t(`common:roles.${user.role}`)}</Badge>
              </div>
            </div>
          ) : null}
        </header>
        <main id="main" tabIndex={-1} className="flex-1 p-4 pt-2 focus:outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
