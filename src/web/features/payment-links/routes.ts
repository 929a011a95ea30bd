import type { RouteObject } from "react-router";
import type { SettingsTab } from "../settings/tabs";

/** Settings → Enlaces de pago: the owner (settings.fiscal) enables the provider. */
export const PAYMENT_LINK_SETTINGS_PERMISSION = "settings.fiscal";

export const paymentLinkSettingsTabs: SettingsTab[] = [{ key: "paymentLinks", path: "/home/settings/payment-links", permission: PAYMENT_LINK_SETTINGS_PERMISSION, labelKey: "paymentLinks:settings.tab" }];

export const paymentLinkSettingsRoutes: RouteObject[] = [{ path: "payment-links", lazy: () => import("./settings-page").then((m) => ({ Component: m.PaymentLinkSettingsPage })) }];

/** /pay/:id: the sandbox provider's hosted payment page (outside the app shell, no sign-in); its own chunk. */
export const payRoute: RouteObject = { path: "/pay/:id", lazy: () => import("./pay-page").then((m) => ({ Component: m.PayPage })) };
