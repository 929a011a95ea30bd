import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/tabs";

/** Who may set up the cash boxes (the settings tab and its page). */
export const CASHBOX_SETTINGS_PERMISSION = "settings.configuration";

/** /home/cash-box: 'Caja' (open and close the cash box, last closings); the page guards cash_box.view. Fetched when first opened. */
export const cashboxRoutes: RouteObject[] = [{ path: "cash-box", lazy: () => import("./cashbox-page").then((m) => ({ Component: m.CashboxPage })) }];

/** Settings tab 'Cajas'; path relative to /home/settings. */
export const cashboxSettingsTabs: SettingsTab[] = [{ key: "cashboxes", path: "/home/settings/cash-boxes", permission: CASHBOX_SETTINGS_PERMISSION, labelKey: "cashbox:tab" }];

export const cashboxSettingsRoutes: RouteObject[] = [{ path: "cash-boxes", lazy: () => import("./cashboxes-settings-page").then((m) => ({ Component: m.CashboxesSettingsPage })) }];
