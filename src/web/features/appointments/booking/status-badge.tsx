import { useTranslation } from "react-i18next";
import type { AppointmentStatus } from "../../../../shared/appointments/schemas";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";

const VARIANTS: Record<AppointmentStatus, "success" | "warning" | "default" | "secondary" | "destructive" | "outline"> = {
  pending: "warning",
  confirmed: "default",
  rescheduled: "secondary",
  completed: "success",
  no_show: "destructive",
  cancelled: "outline",
};

/** An appointment's status as a coloured badge ('Pendiente', 'Confirmada', …). */
export function AppointmentStatusBadge({ status, className }: { status: AppointmentStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANTS[status] ?? "default"} className={cn("whitespace-nowrap", className)} data-testid="appointment-status" data-status={status}>
      {t(`appointments:statuses.${status}`)}
    </Badge>
  );
}
