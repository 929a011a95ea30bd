import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import { APPOINTMENT_SECTIONS, type AppointmentSection } from "./routes";

/** What a section needs (the same guards as its route in routes.tsx): hidden from the bar when the user lacks it. */
const SECTION_PERMISSION: Partial<Record<AppointmentSection, string>> = {
  employees: "appointments.configure",
  services: "appointments.configure",
  policies: "appointments.configure",
  business: "appointments.configure",
  settings: "appointments.configure",
  templates: "appointments.configure",
  portal: "appointments.configure",
  links: "appointments.configure",
  communications: "appointments.update",
};

const sectionPath = (section: AppointmentSection) => (section === "calendar" ? "/home/appointments" : `/home/appointments/${section}`);

/**
 * The appointments area (spec 03 'Appointment administration screens'): its title and the
 * sub-navigation over the 14 sections above the page (the area's one h1: a section's page titles
 * itself with an h2). On a narrow screen the bar scrolls sideways
 * (one line, the current section scrolled into view) instead of wrapping into a block of links.
 */
export function AppointmentsLayout() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const navRef = useRef<HTMLElement>(null);
  const sections = APPOINTMENT_SECTIONS.filter((s) => can(SECTION_PERMISSION[s] ?? "appointments.view"));

  // Keeps the current tab visible in the scrolled bar (a phone opening /home/appointments/portal):
  // only the bar scrolls sideways, never the page.
  const { pathname } = useLocation();
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    const left = current.offsetLeft - nav.offsetLeft;
    if (left < nav.scrollLeft) nav.scrollLeft = left - 8;
    else if (left + current.offsetWidth > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = left + current.offsetWidth - nav.clientWidth + 8;
  }, [pathname]);

  return (
    <div className="grid min-w-0 gap-4">
      <h1 className="text-2xl font-bold">{t("appointmentAdmin:title")}</h1>
      <nav
        ref={navRef}
        aria-label={t("appointmentAdmin:navLabel")}
        data-testid="appointments-nav"
        className="-mx-1 flex min-w-0 gap-1 overflow-x-auto border-b px-1 pb-2 [scrollbar-width:thin]"
      >
        {sections.map((section) => (
          <NavLink
            key={section}
            to={sectionPath(section)}
            end={section === "calendar"}
            data-testid={`appointments-nav-${section}`}
            className={({ isActive }) =>
              cn(
                "shrink-0 whitespace-nowrap rounded-[var(--radius-button)] px-3 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
                isActive && "bg-primary text-primary-foreground hover:bg-primary",
              )
            }
          >
            {t(`appointmentAdmin:sections.${section}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
