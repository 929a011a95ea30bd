import { useQuery } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { RefundRequestDialog } from "./refund-request-dialog";
import { RefundStatusBadge } from "./status-badges";

/**
 * The appointment sheet's refund (a cancelled or no-show appointment with money paid): its live
 * refund request with amount and status when there is one, else 'Solicitar reembolso' opening the
 * same dialog as the Pagos tab.
 */
export function SheetRefund({ appointment: a, onRequested }: { appointment: { id: string; appointment_number: string; customer_name: string }; onRequested?: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [open, setOpen] = React.useState(false);
  const refunds = useQuery(trpc.appointment.getRefunds.queryOptions({ search: a.appointment_number, page: 1, pageSize: 20 }));
  const live = refunds.data?.items.find((r) => r.appointment_id === a.id && r.status !== "rejected");
  if (refunds.isLoading) return null;
  if (live) {
    return (
      <span className="flex flex-wrap items-center gap-2 text-sm" data-testid="appointment-refund">
        {t("appointmentPayments:request.existing", { amount: formatMoney(live.amount, i18n.language) })}
        <RefundStatusBadge status={live.status} />
      </span>
    );
  }
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="appointment-request-refund">
        <Undo2 /> {t("appointmentPayments:request.open")}
      </Button>
      <RefundRequestDialog
        target={open ? { appointment_id: a.id, appointment_number: a.appointment_number, customer_name: a.customer_name } : null}
        onOpenChange={setOpen}
        onRequested={onRequested}
      />
    </>
  );
}
