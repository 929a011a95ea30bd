import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Menu, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { LanguageSelector } from "../components/language-selector";
import { ThemeSelector } from "../components/theme-selector";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { usePermissions } from "../lib/permissions";
import { expireSession, refreshSession, useSession, useSignOut } from "../lib/session";
import { useTenantConfig } from "../lib/theme";
import { cn } from "../lib/utils";
import { useBrandName } from "./document-meta";
import { visibleNavItems } from "./navigation";

const COLLAPSED_KEY = "sidebar_collapsed";

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
  const [collapsed, setCollapsed] = React.useState(() => localStorage.getItem(COLLAPSED_KEY) === "true");
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

  const sidebar = (
    <nav aria-label={t("nav:menu")} className="flex h-full flex-col gap-1 p-2" data-testid="sidebar">
      <div className={cn("mb-2 flex h-12 items-center gap-2 px-2 font-bold", collapsed && "justify-center px-0")}>
        <span className="flex size-8 items-center justify-center rounded-[var(--radius-button)] bg-sidebar-primary text-sidebar-primary-foreground">
          {brandName.slice(0, 1)}
        </span>
        {!collapsed ? <span className="truncate">{brandName}</span> : null}
      </div>
      {items.map((item) => (
        <NavLink
          key={item.key}
          to={item.path}
          end={item.path === "/home"}
          title={collapsed ? t(`nav:items.${item.key}`) : undefined}
          data-nav={item.key}
          className={({ isActive }) =>
            cn(
              "flex h-10 items-center gap-3 rounded-[var(--radius-sidebar)] px-3 text-sm font-medium hover:bg-sidebar-accent hover:text-sidebar-accent-foreground",
              isActive && "bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary hover:text-sidebar-primary-foreground",
              collapsed && "justify-center px-0",
            )
          }
        >
          <item.icon className="size-4 shrink-0" />
          {!collapsed ? (
            <>
              <span className="flex-1 truncate">{t(`nav:items.${item.key}`)}</span>
              {item.shortcut ? <kbd className="rounded border px-1 text-[10px] opacity-70">{item.shortcut}</kbd> : null}
            </>
          ) : null}
        </NavLink>
      ))}
      <div className="mt-auto">
        <button
          type="button"
          onClick={() => void signOut()}
          className={cn("flex h-10 w-full items-center gap-3 rounded-[var(--radius-sidebar)] px-3 text-sm font-medium hover:bg-sidebar-accent", collapsed && "justify-center px-0")}
          data-testid="sign-out"
        >
          <LogOut className="size-4" />
          {!collapsed ? t("nav:signOut") : null}
        </button>
      </div>
    </nav>
  );

  return (
    <div className="flex min-h-screen">
      <aside
        className={cn(
          "sticky top-0 hidden h-screen shrink-0 border-r bg-sidebar text-sidebar-foreground transition-[width] md:block",
          collapsed ? "w-16" : "w-64",
          "rounded-r-[var(--radius-sidebar)]",
        )}
        data-collapsed={collapsed}
      >
        {sidebar}
      </aside>
      {mobileOpen ? (
        <div className="fixed inset-0 z-40 md:hidden">
          <button type="button" aria-label={t("common:actions.close")} className="absolute inset-0 bg-black/50" onClick={() => setMobileOpen(false)} />
          <aside className="relative h-full w-64 bg-sidebar text-sidebar-foreground">{sidebar}</aside>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 m-2 flex h-14 items-center gap-2 rounded-[var(--radius-navbar)] border bg-card px-3 shadow-sm">
          <Button variant="ghost" size="icon" className="md:hidden" onClick={() => setMobileOpen(true)} aria-label={t("nav:openMenu")}>
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
        <main className="flex-1 p-4 pt-2">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
