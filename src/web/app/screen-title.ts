import { SETTINGS_TABS, settingsTabLabel } from "../features/settings/tabs";
import { NAV_ITEMS } from "./navigation";

/** Screens that are neither a menu entry nor a settings tab, by path prefix. */
const OTHER_SCREENS: { path: string; key: string }[] = [
  { path: "/home/credit-notes", key: "creditNotes:title" },
  { path: "/auth/signin", key: "auth:signin.title" },
  { path: "/auth/register", key: "auth:register.pageTitle" },
  { path: "/onboarding", key: "auth:register.pageTitle" },
];

const SCREENS = [
  ...SETTINGS_TABS.map((tab) => ({ path: tab.path, key: settingsTabLabel(tab) })),
  ...NAV_ITEMS.map((item) => ({ path: item.path, key: `nav:items.${item.key}` })),
  ...OTHER_SCREENS,
].sort((a, b) => b.path.length - a.path.length);

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The i18n key naming the screen at this path (the longest menu entry, settings tab or other
 * screen it falls under), for the page title; undefined on the landing page and unknown paths.
 */
export function screenTitleKey(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return SCREENS.find((s) => within(path, s.path))?.key;
}
