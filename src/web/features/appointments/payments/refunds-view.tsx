import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, CheckCheck, ListChecks, Play, ReceiptText, X } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { REFUND_STATUSES, type RefundStatus } from "../../../../shared/appointments/refunds";
import { toBig } from "../../../../shared/catalog/decimal";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { PaginationBar } from "../../../components/pagination";
import { Button } from "../../../components/ui/button";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { tMessage } from "../../../lib/i18n";
import { usePermissions } from "../../../lib/permissions";
import { formatTime } from "../booking/dates";
import { CustomerCell, ListFilters, type ListState, LoadError, pageOf, RowActions, StatusChips, TableEnd } from "./common";
import { type BatchResult, BatchResultDialog, type RefundAction, RefundActionDialog } from "./refund-dialogs";
import { RefundStatusBadge } from "./status-badges";
import type { RefundRow } from "./types";

const COLS = 8;
const ACTION_ICONS: Record<RefundAction, typeof Check> = { approve: Check, reject: X, process: Play, complete: CheckCheck };

/**
 * 'Reembolsos': the refund queue. Each request with its amounts (original, fee, retention, what
 * goes back), method, status, notes, who processed it and the credit note of an invoiced one; the
 * actions its status allows (approve, reject, process, complete); approved ones can be ticked and
 * processed together ('Procesar seleccionados'), then a summary of what went through and what failed.
 */
export function RefundsView({ list: l }: { list: ListState }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const canAct = can("appointments.apply_payment");
  const status = (REFUND_STATUSES as readonly string[]).includes(l.status ?? "") ? (l.status as RefundStatus) : undefined;
  const list = useQuery({
    ...trpc.appointment.getRefunds.queryOptions({ status, search: l.search, page: l.page, pageSize: l.pageSize }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.items ?? [];
  const pagination = pageOf(l, list.data);
  const [acting, setActing] = React.useState<{ refund: RefundRow; action: RefundAction } | null>(null);
  const [selected, setSelected] = React.useState<Map<string, string>>(new Map());
  const [result, setResult] = React.useState<{ result: BatchResult; numbers: Map<string, string> } | null>(null);

  // Only what is still approved and on screen stays ticked.
  const batchable = rows.filter((r) => r.actions.includes("process"));
  const batchKey = batchable.map((r) => r.id).join(",");
  React.useEffect(() => {
    setSelected((prev) => {
      const ids = new Set(batchable.map((r) => r.id));
      const next = new Map([...prev].filter(([id]) => ids.has(id)));
      return next.size === prev.size ? prev : next;
    });
  }, [batchKey]);
  // The tick column only while there is something to batch (and the user may process).
  const selecting = canAct && batchable.length > 0;
  const cols = selecting ? COLS : COLS - 1;
  const allTicked = batchable.length > 0 && batchable.every((r) => selected.has(r.id));
  const toggle = (r: RefundRow) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(r.id)) next.delete(r.id);
      else next.set(r.id, r.appointment_number);
      return next;
    });

  const batch = useMutation(
    trpc.appointment.batchProcessRefunds.mutationOptions({
      meta: { silent: true },
      onSuccess: async (r) => {
        setResult({ result: r as BatchResult, numbers: new Map(selected) });
        setSelected(new Map());
        await qc.invalidateQueries(trpc.appointment.pathFilter());
      },
      onError: (e) => toast({ variant: "destructive", title: t("appointmentPayments:errors.refundFailed"), description: tMessage(e.message) }),
    }),
  );

  return (
    <div className="grid gap-4">
      <ListFilters
        list={l}
        searchTestId="refund-search"
        chips={
          <StatusChips
            statuses={REFUND_STATUSES}
            value={status}
            counts={list.data?.counts as Record<RefundStatus, number> | undefined}
            onChange={l.setStatus}
            labelOf={(s) => t(`appointmentPayments:refundStatuses.${s}`)}
            label={t("appointmentPayments:filters.status")}
            testId="refund-filter"
          />
        }
      />
      {selecting ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-[var(--radius-card)] border bg-muted/40 px-3 py-2 text-sm" data-testid="batch-bar">
          <label className="flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={allTicked}
              onChange={() => setSelected(allTicked ? new Map() : new Map(batchable.map((r) => [r.id, r.appointment_number])))}
              data-testid="batch-select-all"
            />
            {t("appointmentPayments:batch.selectAll", { count: batchable.length })}
          </label>
          <Button size="sm" disabled={selected.size === 0 || batch.isPending} onClick={() => batch.mutate({ ids: [...selected.keys()] })} data-testid="batch-process">
            <ListChecks /> {batch.isPending ? t("appointmentPayments:batch.processing") : t("appointmentPayments:batch.process", { count: selected.size })}
          </Button>
        </div>
      ) : null}
      <LoadError error={list.error} />
      <Table stack aria-label={t("appointmentPayments:tabs.refunds")} data-testid="refunds-table">
        <THead>
          <TR>
            {selecting ? (
              <TH className="w-10">
                <span className="sr-only">{t("appointmentPayments:batch.select")}</span>
              </TH>
            ) : null}
            <TH>{t("appointmentPayments:fields.appointment")}</TH>
            <TH>{t("appointmentPayments:fields.customer")}</TH>
            <TH className="text-right">{t("appointmentPayments:fields.refundAmount")}</TH>
            <TH>{t("appointmentPayments:fields.method")}</TH>
            <TH>{t("appointmentPayments:fields.status")}</TH>
            <TH>{t("appointmentPayments:fields.document")}</TH>
            <TH>
              <span className="sr-only">{t("appointmentPayments:fields.actions")}</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {rows.map((r) => {
            const ticked = selected.has(r.id);
            return (
              <TR key={r.id} data-testid="refund-row" data-appointment={r.appointment_number} data-state={ticked ? "selected" : undefined} className={ticked ? "bg-primary/5" : undefined}>
                {selecting ? (
                  <TD stack="lead">
                    {r.actions.includes("process") ? (
                      <input
                        type="checkbox"
                        className="size-4 accent-[var(--color-primary)]"
                        checked={ticked}
                        onChange={() => toggle(r)}
                        aria-label={t("appointmentPayments:batch.selectOne", { number: r.appointment_number })}
                        data-testid="refund-select"
                      />
                    ) : null}
                  </TD>
                ) : null}
                <TD stack="primary">
                  <div className="grid gap-0.5">
                    <span className="font-mono text-xs font-medium" data-testid="refund-number">
                      {r.appointment_number}
                    </span>
                    <span className="text-sm">
                      <span className="whitespace-nowrap">{formatDate(r.appointment_date, lang)}</span> · <span className="whitespace-nowrap tabular-nums">{formatTime(r.start_time, lang)}</span>
                    </span>
                  </div>
                </TD>
                <TD label={t("appointmentPayments:fields.customer")} data-testid="refund-customer">
                  <CustomerCell name={r.customer_name} service={r.service_name} />
                </TD>
                <TD className="text-right" label={t("appointmentPayments:fields.refundAmount")}>
                  <div className="grid justify-items-end gap-0.5">
                    <span className="whitespace-nowrap font-semibold tabular-nums" data-testid="refund-amount">
                      {formatMoney(r.amount, lang)}
                    </span>
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {t("appointmentPayments:refunds.breakdown", { original: formatMoney(r.original_amount, lang), percent: r.refund_percent })}
                    </span>
                    {toBig(r.cancellation_fee).gt(0) || toBig(r.retention_amount).gt(0) ? (
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {t("appointmentPayments:refunds.kept", { fee: formatMoney(r.cancellation_fee, lang), retention: formatMoney(r.retention_amount, lang) })}
                      </span>
                    ) : null}
                  </div>
                </TD>
                <TD label={t("appointmentPayments:fields.method")}>{t(`appointmentPayments:methods.${r.method}`)}</TD>
                <TD label={t("appointmentPayments:fields.status")}>
                  <div className="grid justify-items-start gap-1">
                    <RefundStatusBadge status={r.status} />
                    <span className="text-xs text-muted-foreground">
                      {t("appointmentPayments:refunds.requestedAt", { date: formatDate(new Date(r.created_at), lang) })}
                      {r.user_name ? ` · ${r.user_name}` : ""}
                    </span>
                    {r.processed_at ? (
                      <span className="text-xs text-muted-foreground">{t("appointmentPayments:refunds.processedAt", { date: formatDateTime(r.processed_at, lang) })}</span>
                    ) : null}
                    {r.processing_notes ? <span className="max-w-56 whitespace-pre-line break-words text-xs text-muted-foreground">{r.processing_notes}</span> : null}
                  </div>
                </TD>
                <TD label={t("appointmentPayments:fields.document")}>
                  <div className="grid gap-0.5 font-mono text-xs">
                    {r.invoice_number ? <span>{t("appointmentPayments:refunds.invoice", { number: r.invoice_number })}</span> : <span className="font-sans text-muted-foreground">{t("appointmentPayments:refunds.noInvoice")}</span>}
                    {r.credit_note_number ? (
                      <span className="flex items-center gap-1 text-foreground" data-testid="refund-credit-note">
                        <ReceiptText className="size-3.5" />
                        {t("appointmentPayments:refunds.creditNote", { number: r.credit_note_number, ncf: r.credit_note_ncf ?? "—" })}
                      </span>
                    ) : null}
                  </div>
                </TD>
                <TD stack="actions">
                  {canAct && r.actions.length > 0 ? (
                    <RowActions
                      actions={r.actions}
                      icons={ACTION_ICONS}
                      variantOf={(action) => (action === "reject" ? "outline" : action === "approve" ? "secondary" : "default")}
                      destructive="reject"
                      onAct={(action) => setActing({ refund: r, action })}
                      ariaLabelOf={(action) => t(`appointmentPayments:refundActions.${action}Title`, { number: r.appointment_number })}
                      labelOf={(action) => t(`appointmentPayments:refundActions.${action}`)}
                      testIdPrefix="refund"
                    />
                  ) : null}
                </TD>
              </TR>
            );
          })}
          <TableEnd cols={cols} loading={list.isLoading} error={list.error} count={rows.length} icon={ReceiptText} kind="refunds" filtered={!!(l.search || status)} />
        </TBody>
      </Table>
      <PaginationBar pagination={pagination} onPage={l.setPage} onPageSize={l.setPageSize} />
      <RefundActionDialog refund={acting?.refund ?? null} action={acting?.action ?? null} onOpenChange={(open) => !open && setActing(null)} />
      <BatchResultDialog result={result?.result ?? null} numberOf={(id) => result?.numbers.get(id) ?? id} onOpenChange={(open) => !open && setResult(null)} />
    </div>
  );
}
