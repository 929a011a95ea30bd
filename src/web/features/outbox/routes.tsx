import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/tabs";

/** Who sees the tab and the page (defined here so the tab does not load the page). */
export const OUTBOX_PERMISSION = "settings.access";

/** Settings tab 'Bandeja de salida' (administrators and the owner); path relative to /home/settings; the page is its own chunk. */
export const outboxSettingsTabs: SettingsTab[] = [{ key: "outbox", path: "/home/settings/outbox", permission: OUTBOX_PERMISSION, labelKey: "outbox:tab" }];

export const outboxSettingsRoutes: RouteObject[] = [{ path: "outbox", lazy: () => import("./outbox-page").then((m) => ({ Component: m.OutboxPage })) }];
