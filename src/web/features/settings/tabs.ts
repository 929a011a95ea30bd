import { cashboxSettingsTabs } from "../cashbox/routes";
import { catalogSettingsTabs } from "../catalog-settings/routes";
import { fiscalSettingsTabs } from "../fiscal-settings/routes";
import { ncfSettingsTabs } from "../ncf/routes";
import { outboxSettingsTabs } from "../outbox/routes";
import { paymentLinkSettingsTabs } from "../payment-links/routes";

export interface SettingsTab {
  key: string;
  path: string;
  permission: string;
  /** i18n key of the label; default settings:tabs.{key} */
  labelKey?: string;
}

/** The tabs of Configuración, in their order (each module declares its own in its routes file). */
export const SETTINGS_TABS: SettingsTab[] = [
  { key: "users", path: "/home/settings/users", permission: "settings.users" },
  ...catalogSettingsTabs,
  { key: "modules", path: "/home/settings/modules", permission: "settings.modules" },
  { key: "configuration", path: "/home/settings/configuration", permission: "settings.configuration" },
  ...cashboxSettingsTabs,
  ...ncfSettingsTabs,
  ...fiscalSettingsTabs,
  ...paymentLinkSettingsTabs,
  ...outboxSettingsTabs,
];

/** The i18n key of a tab's label. */
export const settingsTabLabel = (tab: SettingsTab) => tab.labelKey ?? `settings:tabs.${tab.key}`;
