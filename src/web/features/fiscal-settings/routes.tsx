import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/settings-layout";

/** Settings tabs of the fiscal settings (NCF types and ranges, currencies, payment methods, invoice conditions and types, customer types). */
export const fiscalSettingsTabs: SettingsTab[] = [];
export const fiscalSettingsRoutes: RouteObject[] = [];
