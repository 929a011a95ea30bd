import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/settings-layout";

/** Settings tabs for the catalog (categories, warehouses, units); paths relative to /home/settings. */
export const catalogSettingsTabs: SettingsTab[] = [];
export const catalogSettingsRoutes: RouteObject[] = [];
