import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import i18n, { tMessage } from "../../../lib/i18n";
import { Textarea } from "../messages/common";
import { RowDialog, SummaryLine } from "./common";
import type { RefundRow } from "./types";

export type RefundAction = "approve" | "reject" | "process" | "complete";

/** What 'process' will do with the money, in the cashier's words. */
function processText(r: RefundRow, amount: string): string {
  if (r.method === "manual_processing") return i18n.t("appointmentPayments:refundActions.processManual", { amount });
  if (r.method === "store_credit") return i18n.t("appointmentPayments:refundActions.processStoreCredit", { amount });
  return i18n.t(r.invoiced ? "appointmentPayments:refundActions.processCashCreditNote" : "appointmentPayments:refundActions.processOriginal", { amount });
}

/**
 * One refund request's action, asked once: approve, reject (the reason is required), process (says
 * what happens to the money: a B04 credit note paid in cash from the open cash box or as store
 * credit, or 'processing' until the manual refund is marked complete) and complete.
 */
export function RefundActionDialog({ refund, action, onOpenChange }: { refund: RefundRow | null; action: RefundAction | null; onOpenChange: (open: boolean) => void }) {
  const open = refund !== null && action !== null;
  return (
    <RowDialog open={open} onOpenChange={onOpenChange} testId="refund-action-dialog" data-action={action}>
      {open ? <ActionBody refund={refund} action={action} onClose={() => onOpenChange(false)} /> : null}
    </RowDialog>
  );
}

function ActionBody({ refund: r, action, onClose }: { refund: RefundRow; action: RefundAction; onClose: () => void }) {
  const { t, i18n: { language: lang } } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [notes, setNotes] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  const amount = formatMoney(r.amount, lang);
  const options = {
    meta: { silent: true },
    onSuccess: async (row: RefundRow) => {
      const status = t(`appointmentPayments:refundStatuses.${row.status}`);
      const note = row.credit_note_number ? t("appointmentPayments:refunds.creditNoteMade", { number: row.credit_note_number, ncf: row.credit_note_ncf ?? "—" }) : undefined;
      toast({ variant: "success", title: t("appointmentPayments:refundActions.done", { number: row.appointment_number, status }), description: note });
      await qc.invalidateQueries(trpc.appointment.pathFilter());
      onClose();
    },
    onError: (e: { message: string }) => toast({ variant: "destructive", title: t("appointmentPayments:errors.refundFailed"), description: tMessage(e.message) }),
  };
  const approve = useMutation(trpc.appointment.approveRefund.mutationOptions(options));
  const reject = useMutation(trpc.appointment.rejectRefund.mutationOptions(options));
  const process = useMutation(trpc.appointment.processRefund.mutationOptions(options));
  const complete = useMutation(trpc.appointment.completeRefund.mutationOptions(options));
  const pending = approve.isPending || reject.isPending || process.isPending || complete.isPending;

  const submit = () => {
    if (pending) return;
    const text = notes.trim();
    if (action === "reject") {
      if (!text) return setError(t("appointmentPayments:errors.rejectReasonRequired"));
      return reject.mutate({ id: r.id, notes: text });
    }
    const input = { id: r.id, notes: text || undefined };
    if (action === "approve") approve.mutate(input);
    else if (action === "process") process.mutate(input);
    else complete.mutate(input);
  };

  const description =
    action === "process"
      ? processText(r, amount)
      : action === "complete"
        ? t("appointmentPayments:refundActions.completeText", { amount })
        : action === "approve"
          ? t("appointmentPayments:refundActions.approveText", { amount })
          : t("appointmentPayments:refundActions.rejectText", { amount });

  return (
    <FormDialog
      title={t(`appointmentPayments:refundActions.${action}Title`, { number: r.appointment_number })}
      description={description}
      onSubmit={submit}
      cancelLabel={t("appointmentPayments:actions.back")}
      onCancel={onClose}
      submit={
        <Button type="submit" variant={action === "reject" ? "destructive" : "default"} disabled={pending} data-testid="refund-action-submit">
          {t(`appointmentPayments:refundActions.${action}`)}
        </Button>
      }
    >
      <dl className="grid gap-1.5 rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm">
        <SummaryLine label={t("appointmentPayments:fields.customer")} value={r.customer_name} />
        <SummaryLine label={t("appointmentPayments:fields.originalAmount")} value={formatMoney(r.original_amount, lang)} />
        <SummaryLine label={t("appointmentPayments:fields.method")} value={t(`appointmentPayments:methods.${r.method}`)} />
        <SummaryLine label={t("appointmentPayments:fields.refundAmount")} value={<span className="font-bold">{amount}</span>} />
      </dl>
      <Field label={t(action === "reject" ? "appointmentPayments:fields.rejectReason" : "appointmentPayments:fields.processingNotes")} htmlFor="refund-action-notes" required={action === "reject"} error={error}>
        <Textarea
          id="refund-action-notes"
          className="min-h-16"
          rows={2}
          maxLength={1000}
          value={notes}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "refund-action-notes-error" : undefined}
          onChange={(e) => {
            setNotes(e.target.value);
            setError(undefined);
          }}
          autoFocus
          data-testid="refund-action-notes"
        />
      </Field>
    </FormDialog>
  );
}

export interface BatchResult {
  processed: string[];
  failed: { id: string; message: string; params?: Record<string, unknown> }[];
}

/** The summary of a batch: how many were processed, and each one that failed with its reason. */
export function BatchResultDialog({ result, numberOf, onOpenChange }: { result: BatchResult | null; numberOf: (id: string) => string; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={result !== null} onOpenChange={onOpenChange}>
      {result ? (
        <DialogContent closeLabel={t("common:actions.close")} className="max-h-[95dvh] max-w-md overflow-y-auto" data-testid="batch-result-dialog">
          <DialogHeader className="pr-8">
            <DialogTitle>{t("appointmentPayments:batch.resultTitle")}</DialogTitle>
            <DialogDescription>{t("appointmentPayments:batch.resultDescription", { count: result.processed.length + result.failed.length })}</DialogDescription>
          </DialogHeader>
          <p role="status" className="flex items-center gap-2 rounded-[var(--radius-card)] border border-success/40 bg-success/10 p-3 text-sm font-medium" data-testid="batch-processed">
            <CheckCircle2 className="size-4 shrink-0 text-success" />
            {t("appointmentPayments:batch.processed", { count: result.processed.length })}
          </p>
          {result.failed.length > 0 ? (
            <div className="grid gap-2 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="batch-failed">
              <p className="flex items-center gap-2 font-medium text-destructive">
                <AlertTriangle className="size-4 shrink-0" />
                {t("appointmentPayments:batch.failed", { count: result.failed.length })}
              </p>
              <ul className="grid gap-1">
                {result.failed.map((f) => (
                  <li key={f.id} data-testid="batch-failed-item">
                    <span className="font-mono text-xs font-medium">{numberOf(f.id)}</span> · {/^[a-zA-Z]+:[A-Za-z0-9_.]+$/.test(f.message) ? t(f.message, f.params ?? {}) : f.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" onClick={() => onOpenChange(false)} data-testid="batch-result-close">
              {t("appointmentPayments:actions.done")}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
