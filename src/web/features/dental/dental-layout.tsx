import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import type { DentalRight } from "../../../shared/dental/permissions";
import { useTRPC } from "../../app/trpc";
import { Skeleton } from "../../components/ui/skeleton";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import { AccessDenied } from "../shell/guards";

/**
 * What each part of the area needs of the practice's module-permissions setting (the server checks
 * the same): plans are read with 'plans' or 'billing' (the front desk invoices them), x-rays are
 * confidential clinical data ('files' and 'confidential').
 */
export const DENTAL_AREA_RIGHTS = {
  patients: (has: (r: DentalRight) => boolean) => has("access"),
  clinical: (has: (r: DentalRight) => boolean) => has("clinical"),
  plans: (has: (r: DentalRight) => boolean) => has("plans") || has("billing"),
  prescriptions: (has: (r: DentalRight) => boolean) => has("prescribe"),
  xrays: (has: (r: DentalRight) => boolean) => has("files") && has("confidential"),
  files: (has: (r: DentalRight) => boolean) => has("files"),
  reports: (has: (r: DentalRight) => boolean) => has("reports"),
  settings: (has: (r: DentalRight) => boolean) => has("settings"),
};

/** The area's menu. */
export const DENTAL_AREAS: { key: string; path: string; visible: (has: (r: DentalRight) => boolean) => boolean }[] = [
  { key: "dashboard", path: "/home/dental", visible: DENTAL_AREA_RIGHTS.patients },
  { key: "patients", path: "/home/dental/patients", visible: DENTAL_AREA_RIGHTS.patients },
  { key: "odontogram", path: "/home/dental/odontogram", visible: DENTAL_AREA_RIGHTS.clinical },
  { key: "history", path: "/home/dental/history", visible: DENTAL_AREA_RIGHTS.clinical },
  { key: "plans", path: "/home/dental/plans", visible: DENTAL_AREA_RIGHTS.plans },
  { key: "prescriptions", path: "/home/dental/prescriptions", visible: DENTAL_AREA_RIGHTS.prescriptions },
  { key: "xrays", path: "/home/dental/xrays", visible: DENTAL_AREA_RIGHTS.xrays },
  { key: "labOrders", path: "/home/dental/lab-orders", visible: DENTAL_AREA_RIGHTS.files },
  { key: "reports", path: "/home/dental/reports", visible: DENTAL_AREA_RIGHTS.reports },
  { key: "settings", path: "/home/dental/settings", visible: DENTAL_AREA_RIGHTS.settings },
];

/** The signed-in user's rights in the dental module (cached; the server enforces them on every call). */
export function useDentalRights() {
  const trpc = useTRPC();
  const { can } = usePermissions();
  const query = useQuery({ ...trpc.dental.getMyRights.queryOptions(), enabled: can("dental.access"), retry: false, staleTime: 60_000 });
  const rights = new Set<DentalRight>(query.data?.rights ?? []);
  return { has: (r: DentalRight) => rights.has(r), isLoading: query.isLoading, isError: query.isError };
}

/** 'You don't have access to this page' unless the user holds the right (spec 03: the dental dashboard's refusal). */
export function RequireDentalRight({ right, children }: { right: DentalRight; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { has, isLoading } = useDentalRights();
  if (isLoading) return <Skeleton className="h-40 w-full" />;
  if (!has(right)) return <AccessDenied message={t("dashboard:noAccess")} />;
  return <>{children}</>;
}

export function DentalLayout() {
  const { t } = useTranslation();
  const { can, isLoading: permissionsLoading } = usePermissions();
  const { has, isLoading } = useDentalRights();
  const { pathname } = useLocation();
  if (permissionsLoading || (can("dental.access") && isLoading)) return <Skeleton className="h-40 w-full" />;
  if (!can("dental.access") || !has("access")) return <AccessDenied message={t("dashboard:noAccess")} />;
  const area = DENTAL_AREAS.find((a) => a.path === pathname);
  return (
    <div className="grid gap-4">
      <nav className="flex gap-1 overflow-x-auto border-b pb-2" aria-label={t("dental:area.menu")}>
        {DENTAL_AREAS.filter((a) => a.visible(has)).map((a) => (
          <NavLink
            key={a.key}
            to={a.path}
            end={a.key === "dashboard"}
            aria-current={area?.key === a.key ? "page" : undefined}
            className={({ isActive }) =>
              cn("shrink-0 rounded-[var(--radius-button)] px-3 py-2 text-sm font-medium hover:bg-accent", isActive && "bg-primary text-primary-foreground hover:bg-primary")
            }
          >
            {t(`dental:area.${a.key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
