export const THEMES = [
  "light",
  "dark",
  "theme-enzzo",
  "theme-enzzo-dark",
  "theme-classic",
  "theme-classic-light",
  "theme-service",
  "theme-elearning",
  "theme-ecommerce",
  "theme-medical",
  "theme-banana-blitz",
  "theme-legatti",
  "theme-papirus",
] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export const LANGUAGES = ["es", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "es";

/** Timing constants of the platform (spec 01 §9). */
export const FORCED_THEME_DELAY_MS = 100;
export const LOGOUT_DELAY_MS = 500;
export const CONFIG_REFRESH_MS = 30_000;
export const TENANT_STALE_MS = 5 * 60_000;
export const TRIAL_DAYS = 30;
