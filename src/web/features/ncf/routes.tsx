import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/settings-layout";
import { NCF_SETTINGS_PERMISSION, NcfSettingsPage } from "./ncf-settings-page";

/** Settings tab 'Comprobantes (NCF)': each type with the authorizations DGII granted. */
export const ncfSettingsTabs: SettingsTab[] = [{ key: "ncf", path: "/home/settings/ncf", permission: NCF_SETTINGS_PERMISSION, labelKey: "ncf:tab" }];
export const ncfSettingsRoutes: RouteObject[] = [{ path: "ncf", element: <NcfSettingsPage /> }];
