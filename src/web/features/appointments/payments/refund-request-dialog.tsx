import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Info } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import type { AppointmentRefundMethod } from "../../../../shared/appointments/refunds";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { Textarea } from "../messages/common";
import { RowDialog } from "./common";
import type { RefundRow } from "./types";

/** What the dialog shows of the appointment in its description. */
export interface RefundTarget {
  appointment_id: string;
  appointment_number: string;
  customer_name: string;
}

/**
 * 'Procesar reembolso' of a deposit (and 'Solicitar reembolso' in the appointment's sheet): the
 * policy's quote (what was paid, the percentage the notice earns, the cancellation fee and the
 * retention, what goes back), 'waive fees' asking the quote again, the method (only those the
 * appointment allows: a credit note's cash or store credit when invoiced, manual otherwise) and
 * notes; it files the request for review (appointment.requestRefund).
 */
export function RefundRequestDialog({ target, onOpenChange, onRequested }: { target: RefundTarget | null; onOpenChange: (open: boolean) => void; onRequested?: (row: RefundRow) => void }) {
  return (
    <RowDialog open={target !== null} onOpenChange={onOpenChange} testId="refund-request-dialog" wide>
      {target ? <RequestBody target={target} onClose={() => onOpenChange(false)} onRequested={onRequested} /> : null}
    </RowDialog>
  );
}

function RequestBody({ target, onClose, onRequested }: { target: RefundTarget; onClose: () => void; onRequested?: (row: RefundRow) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [waive, setWaive] = React.useState(false);
  const [method, setMethod] = React.useState<AppointmentRefundMethod | "">("");
  const [notes, setNotes] = React.useState("");
  const quote = useQuery({
    ...trpc.appointment.getRefundQuote.queryOptions({ appointment_id: target.appointment_id, waive_fees: waive }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
  });
  const q = quote.data;
  const methods = q?.methods ?? [];
  React.useEffect(() => {
    if (methods.length > 0 && (!method || !methods.includes(method))) setMethod(methods[0]!);
  }, [methods.join(",")]);

  const request = useMutation(
    trpc.appointment.requestRefund.mutationOptions({
      meta: { silent: true },
      onSuccess: async (row) => {
        toast({ variant: "success", title: t("appointmentPayments:request.done"), description: t("appointmentPayments:request.doneText", { amount: formatMoney(row.amount, lang), number: row.appointment_number }) });
        await qc.invalidateQueries(trpc.appointment.pathFilter());
        onRequested?.(row);
        onClose();
      },
      onError: (e) => toast({ variant: "destructive", title: t("appointmentPayments:errors.refundFailed"), description: tMessage(e.message) }),
    }),
  );

  const submit = () => {
    if (!q || request.isPending) return;
    if (!method) return toast({ variant: "destructive", title: t("appointmentPayments:errors.methodRequired") });
    request.mutate({ appointment_id: target.appointment_id, method, waive_fees: waive, notes: notes.trim() || undefined });
  };

  const hours = q ? q.hours_before : 0;
  const notice = !q ? "" : hours < 0 ? t("appointmentPayments:quote.noNotice") : t("appointmentPayments:quote.notice", { hours: new Intl.NumberFormat(lang === "en" ? "en-US" : "es-DO", { maximumFractionDigits: 1 }).format(hours) });

  return (
    <FormDialog
      title={t("appointmentPayments:request.title")}
      description={t("appointmentPayments:request.description", { number: target.appointment_number, customer: target.customer_name })}
      onSubmit={submit}
      cancelLabel={t("common:actions.cancel")}
      onCancel={onClose}
      submit={
        <Button type="submit" disabled={!q || !!quote.error || request.isPending || methods.length === 0} data-testid="refund-request-submit">
          {request.isPending ? t("appointmentPayments:request.sending") : t("appointmentPayments:request.submit", { amount: formatMoney(q?.amount ?? "0", lang) })}
        </Button>
      }
    >
      {quote.error ? (
        <p role="alert" className="flex items-start gap-2 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive" data-testid="refund-quote-error">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" />
          {tMessage(quote.error.message) || t("appointmentPayments:errors.loadFailed")}
        </p>
      ) : !q ? (
        <div className="grid gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : (
        <>
          <dl className={cn("grid gap-1.5 rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm", quote.isFetching && "opacity-60")} aria-busy={quote.isFetching} data-testid="refund-quote">
            <QuoteLine label={t("appointmentPayments:quote.original")} value={formatMoney(q.original_amount, lang)} testId="quote-original" />
            <QuoteLine label={t("appointmentPayments:quote.percent", { notice })} value={`${q.refund_percent} %`} testId="quote-percent" />
            <QuoteLine label={t("appointmentPayments:quote.fee")} value={`− ${formatMoney(q.cancellation_fee, lang)}`} testId="quote-fee" />
            <QuoteLine label={t("appointmentPayments:quote.retention")} value={`− ${formatMoney(q.retention_amount, lang)}`} testId="quote-retention" />
            <div className="mt-1 flex items-baseline justify-between gap-3 border-t pt-2">
              <dt className="font-semibold">{t("appointmentPayments:quote.amount")}</dt>
              <dd className="text-lg font-bold tabular-nums" data-testid="quote-amount">
                {formatMoney(q.amount, lang)}
              </dd>
            </div>
          </dl>
          <div className="flex items-center justify-between gap-3 rounded-[var(--radius-card)] border p-3">
            <label htmlFor="refund-waive" className="grid gap-0.5 text-sm">
              <span className="font-medium">{t("appointmentPayments:quote.waive")}</span>
              <span className="text-xs text-muted-foreground">{t("appointmentPayments:quote.waiveHint")}</span>
            </label>
            <Switch id="refund-waive" checked={waive} onCheckedChange={setWaive} data-testid="refund-waive" />
          </div>
          <Field label={t("appointmentPayments:fields.method")} htmlFor="refund-method" required hint={method ? t(`appointmentPayments:methodHints.${method}${q.invoiced ? "Invoiced" : ""}`) : undefined}>
            <NativeSelect id="refund-method" value={method} onChange={(e) => setMethod(e.target.value as AppointmentRefundMethod)} data-testid="refund-method">
              {methods.map((m) => (
                <option key={m} value={m}>
                  {t(`appointmentPayments:methods.${m}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {q.invoiced ? (
            <p className="flex items-start gap-2 text-xs text-muted-foreground" data-testid="refund-invoiced-note">
              <Info className="mt-0.5 size-4 shrink-0" />
              {t("appointmentPayments:request.invoicedNote")}
            </p>
          ) : null}
          <Field label={t("appointmentPayments:fields.notes")} htmlFor="refund-notes">
            <Textarea id="refund-notes" className="min-h-16" rows={2} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} data-testid="refund-notes" />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

function QuoteLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="whitespace-nowrap font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
