import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { cn } from "../../lib/utils";

const AREAS = [
  { key: "cases", to: "/home/legal", match: (p: string) => p === "/home/legal" || p.startsWith("/home/legal/cases") },
  { key: "calendar", to: "/home/legal/calendar", match: (p: string) => p.startsWith("/home/legal/calendar") },
  { key: "templates", to: "/home/legal/templates", match: (p: string) => p.startsWith("/home/legal/templates") },
] as const;

/** The legal area's own menu (Casos, Calendario, Plantillas), on top of its pages. */
export function LegalNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className="flex gap-1 overflow-x-auto border-b pb-2" aria-label={t("legal:nav.label")} data-testid="legal-nav">
      {AREAS.map((a) => {
        const active = a.match(pathname);
        return (
          <NavLink
            key={a.key}
            to={a.to}
            end
            aria-current={active ? "page" : undefined}
            className={cn("shrink-0 rounded-[var(--radius-button)] px-3 py-2 text-sm font-medium hover:bg-accent", active && "bg-primary text-primary-foreground hover:bg-primary")}
          >
            {t(`legal:nav.${a.key}`)}
          </NavLink>
        );
      })}
    </nav>
  );
}
