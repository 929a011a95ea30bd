import { AlertOctagon, AlertTriangle, ArrowDown, ArrowUp, Minus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CasePriority, CaseStatus } from "../../../../shared/legal/constants";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";

/**
 * A case's priority (spec 02: Baja, Normal, Alta, Urgente, Crítica), coloured by severity with the
 * themes' AA pairs (muted → secondary → warning → destructive; critical also outlined and bold)
 * and an icon, so the level does not depend on the colour alone.
 */
const PRIORITY_LOOK: Record<CasePriority, { variant: "outline" | "secondary" | "warning" | "destructive"; icon: typeof Minus; className?: string }> = {
  low: { variant: "outline", icon: ArrowDown },
  normal: { variant: "secondary", icon: Minus },
  high: { variant: "warning", icon: ArrowUp },
  urgent: { variant: "destructive", icon: AlertTriangle },
  critical: { variant: "destructive", icon: AlertOctagon, className: "ring-2 ring-destructive ring-offset-1 ring-offset-background uppercase tracking-wide" },
};

export function CasePriorityBadge({ priority, className }: { priority: CasePriority | string; className?: string }) {
  const { t } = useTranslation();
  const look = PRIORITY_LOOK[priority as CasePriority] ?? PRIORITY_LOOK.normal;
  const Icon = look.icon;
  return (
    <Badge variant={look.variant} className={cn("gap-1 whitespace-nowrap", look.className, className)} data-testid="case-priority-badge" data-priority={priority}>
      <Icon className="size-3" aria-hidden />
      {t(`legal:priority.${priority}`)}
    </Badge>
  );
}

/** A case's status (spec 02: Activo, En Espera, Cerrado, Archivado). */
const STATUS_VARIANT: Record<CaseStatus, "success" | "warning" | "secondary" | "outline"> = {
  active: "success",
  on_hold: "warning",
  closed: "secondary",
  archived: "outline",
};

export function CaseStatusBadge({ status, className }: { status: CaseStatus | string; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_VARIANT[status as CaseStatus] ?? "outline"} className={cn("whitespace-nowrap", className)} data-testid="case-status-badge" data-status={status}>
      {t(`legal:status.${status}`)}
    </Badge>
  );
}
