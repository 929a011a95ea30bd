import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useLocation } from "react-router";
import { CONFIG_REFRESH_MS, FORCED_THEME_DELAY_MS, isTheme, THEMES, type Theme } from "../../shared/platform/themes";
import { useTRPC } from "../app/trpc";
import { useSession } from "./session";

export const THEME_STORAGE_KEY = "theme";
export const DEFAULT_THEME: Theme = "theme-enzzo";
export const CONFIGURATION_PATH = "/home/settings/configuration";

export function applyTheme(theme: Theme): void {
  const html = document.documentElement;
  html.classList.remove(...THEMES);
  html.classList.add(theme);
  html.dataset.theme = theme;
}

function storedTheme(): Theme {
  const saved = localStorage.getItem(THEME_STORAGE_KEY);
  return isTheme(saved) ? saved : DEFAULT_THEME;
}

interface ThemeState {
  /** The theme the user chose. */
  theme: Theme;
  setTheme(theme: Theme): void;
  /** True while the company forces its theme (the selector is locked). */
  locked: boolean;
  companyTheme: Theme | null;
}

const ThemeContext = React.createContext<ThemeState | null>(null);

export function useTheme(): ThemeState {
  const ctx = React.useContext(ThemeContext);
  if (!ctx) throw new Error("useTheme outside ThemeProvider");
  return ctx;
}

/** The tenant configuration, read only when signed in and refreshed every 30 s. */
export function useTenantConfig() {
  const trpc = useTRPC();
  const session = useSession();
  return useQuery({
    ...trpc.tenant.getCurrentConfig.queryOptions(),
    enabled: !!session.data,
    staleTime: CONFIG_REFRESH_MS,
    refetchInterval: CONFIG_REFRESH_MS,
  });
}

export function ThemeProvider({ children }: { children: React.ReactNode }) {
  const [theme, setThemeState] = React.useState<Theme>(storedTheme);
  const { pathname } = useLocation();
  const config = useTenantConfig().data?.config;
  const forced = !!config?.force_company_theme && isTheme(config.theme);
  const companyTheme = forced ? (config!.theme as Theme) : null;
  const onConfigurationPage = pathname === CONFIGURATION_PATH;

  React.useEffect(() => {
    applyTheme(theme);
    if (!companyTheme || onConfigurationPage) return;
    // The company's forced theme wins after 100 ms everywhere except the configuration page.
    const timer = setTimeout(() => applyTheme(companyTheme), FORCED_THEME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [theme, companyTheme, onConfigurationPage]);

  React.useEffect(() => {
    const html = document.documentElement;
    html.dataset.roundedSidebar = String(config?.rounded_sidebar ?? true);
    html.dataset.roundedCards = String(config?.rounded_cards ?? true);
    html.dataset.roundedNavbar = String(config?.rounded_navbar ?? true);
    html.dataset.roundedButtons = String(config?.rounded_buttons ?? true);
  }, [config]);

  const setTheme = React.useCallback((next: Theme) => {
    localStorage.setItem(THEME_STORAGE_KEY, next);
    setThemeState(next);
  }, []);

  const value = React.useMemo(() => ({ theme, setTheme, locked: !!companyTheme && !onConfigurationPage, companyTheme }), [theme, setTheme, companyTheme, onConfigurationPage]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
