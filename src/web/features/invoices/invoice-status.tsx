import { useTranslation } from "react-i18next";
import type { InvoiceStatus } from "../../../shared/invoices/schemas";
import { Badge } from "../../components/ui/badge";

const VARIANT: Record<InvoiceStatus, "success" | "warning" | "destructive" | "outline" | "secondary"> = {
  paid: "success",
  partial: "warning",
  pending: "secondary",
  cancelled: "destructive",
  draft: "outline",
};

/** Pagada / Parcial / Pendiente / Anulada / Borrador, with 'vencida' when a pending one is past due. */
export function InvoiceStatusBadge({ status, overdue }: { status: InvoiceStatus; overdue?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="invoice-status" data-status={status}>
      <Badge variant={VARIANT[status]}>{t(`invoices:status.${status}`)}</Badge>
      {overdue ? <Badge variant="destructive">{t("invoices:overdue")}</Badge> : null}
    </span>
  );
}
