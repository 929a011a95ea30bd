import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Ban, FileCheck2, PiggyBank, Undo2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { DEPOSIT_STATUSES, type DepositAction, type DepositStatus } from "../../../../shared/appointments/refunds";
import type { AppointmentStatus } from "../../../../shared/appointments/schemas";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { PaginationBar } from "../../../components/pagination";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { formatDate } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { formatTime } from "../booking/dates";
import { AppointmentStatusBadge } from "../booking/status-badge";
import { CustomerCell, ListFilters, type ListState, LoadError, pageOf, RowActions, StatusChips, TableEnd } from "./common";
import { ApplyDepositDialog, ForfeitDepositDialog } from "./deposit-dialogs";
import { RefundRequestDialog, type RefundTarget } from "./refund-request-dialog";
import { DepositStatusBadge, RefundStatusBadge } from "./status-badges";
import type { DepositRow } from "./types";

const COLS = 7;
const ACTION_ICONS: Record<DepositAction, typeof Undo2> = { process_refund: Undo2, apply_to_payment: FileCheck2, forfeit: Ban };

/**
 * 'Depósitos': every deposit paid for an appointment with its status (pending, paid, refunded,
 * forfeited, applied), payment method and transaction, date, invoice and NCF, the refund asked for
 * it, and the actions its status allows now (process refund, apply to payment, forfeit).
 */
export function DepositsView({ list: l }: { list: ListState }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { can } = usePermissions();
  const canAct = can("appointments.apply_payment");
  const status = (DEPOSIT_STATUSES as readonly string[]).includes(l.status ?? "") ? (l.status as DepositStatus) : undefined;
  const list = useQuery({
    ...trpc.appointment.getDeposits.queryOptions({ status, search: l.search, page: l.page, pageSize: l.pageSize }),
    placeholderData: keepPreviousData,
  });
  const [refunding, setRefunding] = React.useState<RefundTarget | null>(null);
  const [applying, setApplying] = React.useState<DepositRow | null>(null);
  const [forfeiting, setForfeiting] = React.useState<DepositRow | null>(null);
  const rows = list.data?.items ?? [];
  const pagination = pageOf(l, list.data);

  const act = (d: DepositRow, action: DepositAction) => {
    if (action === "process_refund") setRefunding({ appointment_id: d.appointment_id, appointment_number: d.appointment_number, customer_name: d.customer_name });
    else if (action === "apply_to_payment") setApplying(d);
    else setForfeiting(d);
  };

  return (
    <div className="grid gap-4">
      <ListFilters
        list={l}
        searchTestId="deposit-search"
        chips={
          <StatusChips
            statuses={DEPOSIT_STATUSES}
            value={status}
            counts={list.data?.counts as Record<DepositStatus, number> | undefined}
            onChange={l.setStatus}
            labelOf={(s) => t(`appointmentPayments:depositStatuses.${s}`)}
            label={t("appointmentPayments:filters.status")}
            testId="deposit-filter"
          />
        }
      />
      <LoadError error={list.error} />
      <Table stack aria-label={t("appointmentPayments:tabs.deposits")} data-testid="deposits-table">
        <THead>
          <TR>
            <TH>{t("appointmentPayments:fields.appointment")}</TH>
            <TH>{t("appointmentPayments:fields.customer")}</TH>
            <TH className="text-right">{t("appointmentPayments:fields.amount")}</TH>
            <TH>{t("appointmentPayments:fields.payment")}</TH>
            <TH>{t("appointmentPayments:fields.status")}</TH>
            <TH className="whitespace-nowrap">{t("appointmentPayments:fields.invoice")}</TH>
            <TH>
              <span className="sr-only">{t("appointmentPayments:fields.actions")}</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {rows.map((d) => (
            <TR key={d.payment_id} data-testid="deposit-row" data-appointment={d.appointment_number}>
              <TD stack="primary">
                <div className="grid gap-0.5">
                  <span className="font-mono text-xs font-medium" data-testid="deposit-number">
                    {d.appointment_number}
                  </span>
                  <span className="whitespace-nowrap text-sm">
                    {formatDate(d.appointment_date, lang)} · <span className="tabular-nums">{formatTime(d.start_time, lang)}</span>
                  </span>
                  <AppointmentStatusBadge status={d.appointment_status as AppointmentStatus} className="justify-self-start" />
                </div>
              </TD>
              <TD label={t("appointmentPayments:fields.customer")} data-testid="deposit-customer">
                <CustomerCell name={d.customer_name} service={d.service_name} />
              </TD>
              <TD className="whitespace-nowrap text-right font-semibold tabular-nums" label={t("appointmentPayments:fields.amount")} data-testid="deposit-amount">
                {formatMoney(d.amount, lang)}
              </TD>
              <TD label={t("appointmentPayments:fields.payment")}>
                <div className="grid gap-0.5">
                  {d.method_name ? <span>{d.method_name}</span> : <span className="text-muted-foreground">{t("appointmentPayments:deposits.awaitingLink")}</span>}
                  <span className="text-xs text-muted-foreground">{formatDate(new Date(d.paid_at), lang)}</span>
                  {d.transaction_id ? <span className="break-all font-mono text-xs text-muted-foreground">{t("appointmentPayments:fields.transaction", { id: d.transaction_id })}</span> : null}
                </div>
              </TD>
              <TD label={t("appointmentPayments:fields.status")}>
                <div className="grid justify-items-start gap-1">
                  <DepositStatusBadge status={d.deposit_status as DepositStatus} />
                  {d.refund ? (
                    <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground" data-testid="deposit-refund">
                      {t("appointmentPayments:fields.refund")} {formatMoney(d.refund.amount, lang)} <RefundStatusBadge status={d.refund.status} />
                    </span>
                  ) : null}
                  {d.refunded_at ? <span className="text-xs text-muted-foreground">{t("appointmentPayments:fields.refundedAt", { date: formatDate(new Date(d.refunded_at), lang) })}</span> : null}
                  {d.refund_reason ? <span className="max-w-56 whitespace-pre-line break-words text-xs text-muted-foreground">{d.refund_reason}</span> : null}
                </div>
              </TD>
              <TD label={t("appointmentPayments:fields.invoice")}>
                {d.invoice_number ? (
                  <span className="grid gap-0.5 font-mono text-xs">
                    <span>{d.invoice_number}</span>
                    {d.ncf ? <span className="text-muted-foreground">{d.ncf}</span> : null}
                  </span>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </TD>
              <TD stack="actions">
                {canAct && d.actions.length > 0 ? (
                  <RowActions
                    actions={d.actions}
                    icons={ACTION_ICONS}
                    variantOf={(action) => (action === "forfeit" ? "outline" : action === "process_refund" ? "default" : "secondary")}
                    destructive="forfeit"
                    onAct={(action) => act(d, action)}
                    ariaLabelOf={(action) => t(`appointmentPayments:depositActions.${action}Of`, { number: d.appointment_number })}
                    labelOf={(action) => t(`appointmentPayments:depositActions.${action}`)}
                    testIdPrefix="deposit"
                  />
                ) : null}
              </TD>
            </TR>
          ))}
          <TableEnd cols={COLS} loading={list.isLoading} error={list.error} count={rows.length} icon={PiggyBank} kind="deposits" filtered={!!(l.search || status)} />
        </TBody>
      </Table>
      <PaginationBar pagination={pagination} onPage={l.setPage} onPageSize={l.setPageSize} />
      <RefundRequestDialog target={refunding} onOpenChange={(open) => !open && setRefunding(null)} />
      <ApplyDepositDialog deposit={applying} onOpenChange={(open) => !open && setApplying(null)} />
      <ForfeitDepositDialog deposit={forfeiting} onOpenChange={(open) => !open && setForfeiting(null)} />
    </div>
  );
}
