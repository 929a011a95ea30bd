import { useTranslation } from "react-i18next";
import type { DepositStatus, RefundStatus } from "../../../../shared/appointments/refunds";
import { Badge } from "../../../components/ui/badge";

type Variant = "success" | "warning" | "default" | "secondary" | "destructive" | "outline";

const DEPOSIT_VARIANTS: Record<DepositStatus, Variant> = {
  pending: "warning",
  paid: "default",
  applied: "success",
  refunded: "secondary",
  forfeited: "destructive",
};

const REFUND_VARIANTS: Record<RefundStatus, Variant> = {
  pending_review: "warning",
  approved: "default",
  processing: "secondary",
  completed: "success",
  rejected: "destructive",
};

/** A deposit's status as a coloured badge ('Pagado', 'Reembolsado', …). */
export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={DEPOSIT_VARIANTS[status] ?? "outline"} className="whitespace-nowrap" data-testid="deposit-status" data-status={status}>
      {t(`appointmentPayments:depositStatuses.${status}`)}
    </Badge>
  );
}

/** A refund request's status as a coloured badge ('Pendiente de revisión', 'Aprobado', …). */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={REFUND_VARIANTS[status] ?? "outline"} className="whitespace-nowrap" data-testid="refund-status" data-status={status}>
      {t(`appointmentPayments:refundStatuses.${status}`)}
    </Badge>
  );
}
