import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/tabs";
import { CashboxPage } from "./cashbox-page";
import { CASHBOX_SETTINGS_PERMISSION, CashboxesSettingsPage } from "./cashboxes-settings-page";

/** /home/cash-box: 'Caja' (open and close the cash box, last closings); the page guards cash_box.view. */
export const cashboxRoutes: RouteObject[] = [{ path: "cash-box", element: <CashboxPage /> }];

/** Settings tab 'Cajas'; path relative to /home/settings. */
export const cashboxSettingsTabs: SettingsTab[] = [{ key: "cashboxes", path: "/home/settings/cash-boxes", permission: CASHBOX_SETTINGS_PERMISSION, labelKey: "cashbox:tab" }];

export const cashboxSettingsRoutes: RouteObject[] = [{ path: "cash-boxes", element: <CashboxesSettingsPage /> }];
