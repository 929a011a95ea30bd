import { useTranslation } from "react-i18next";
import { Navigate, NavLink, Outlet } from "react-router";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import { AccessDenied } from "../shell/guards";
import { SETTINGS_TABS, settingsTabLabel } from "./tabs";

export function SettingsLayout() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{t("settings:title")}</h1>
      <nav className="flex flex-wrap gap-2 border-b pb-2" aria-label={t("settings:title")}>
        {SETTINGS_TABS.filter((tab) => can(tab.permission)).map((tab) => (
          <NavLink
            key={tab.key}
            to={tab.path}
            className={({ isActive }) =>
              cn("rounded-[var(--radius-button)] px-3 py-2 text-sm font-medium hover:bg-accent", isActive && "bg-primary text-primary-foreground hover:bg-primary")
            }
          >
            {t(settingsTabLabel(tab))}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

/** /home/settings opens the first tab the user may see. */
export function SettingsIndex() {
  const { can } = usePermissions();
  const first = SETTINGS_TABS.find((tab) => can(tab.permission));
  if (!first) return <AccessDenied />;
  return <Navigate to={first.path} replace />;
}
