import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/settings-layout";
import { OUTBOX_PERMISSION, OutboxPage } from "./outbox-page";

/** Settings tab 'Bandeja de salida' (administrators and the owner); path relative to /home/settings. */
export const outboxSettingsTabs: SettingsTab[] = [{ key: "outbox", path: "/home/settings/outbox", permission: OUTBOX_PERMISSION, labelKey: "outbox:tab" }];

export const outboxSettingsRoutes: RouteObject[] = [{ path: "outbox", element: <OutboxPage /> }];
