import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/tabs";

/** Who sees the tab and the page (defined here so the tab does not load the page). */
export const NCF_SETTINGS_PERMISSION = "settings.fiscal";

/** Settings tab 'Comprobantes (NCF)': each type with the authorizations DGII granted; the page is its own chunk. */
export const ncfSettingsTabs: SettingsTab[] = [{ key: "ncf", path: "/home/settings/ncf", permission: NCF_SETTINGS_PERMISSION, labelKey: "ncf:tab" }];
export const ncfSettingsRoutes: RouteObject[] = [{ path: "ncf", lazy: () => import("./ncf-settings-page").then((m) => ({ Component: m.NcfSettingsPage })) }];
