import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { cancelInput, REPORT_TYPES, type ReportType, VOUCHER_LIMITS } from "../../../shared/vouchers/schemas";
import { useTRPC } from "../../app/trpc";
import { FormDialog } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { DialogDescription, DialogHeader, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { formatDateTime } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { Textarea } from "../appointments/messages/common";
import { formatVoucherValue } from "./voucher-common";

/** The voucher a dialog acts on. */
export interface VoucherTarget {
  id: string;
  code: string;
  /** the batch's type: a percentage voucher's amounts are percents */
  type?: string;
}

function useVoucherMutationDone() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return () => qc.invalidateQueries(trpc.voucher.pathFilter());
}

/** 'Cancelar bono': the reason is required ('La razón es requerida'); success 'Bono cancelado', failure the server's message. */
export function CancelVoucherDialog({ target, onClose }: { target: VoucherTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const done = useVoucherMutationDone();
  const [reason, setReason] = React.useState("");
  const [error, setError] = React.useState("");
  const cancel = useMutation(
    trpc.voucher.cancel.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        toast({ variant: "success", title: t("vouchers:cancel.done") });
        await done();
        onClose();
      },
      onError: (e) => toast({ variant: "destructive", title: tMessage(e.message) ?? e.message }),
    }),
  );
  const submit = () => {
    if (cancel.isPending) return;
    const parsed = cancelInput.safeParse({ voucherId: target.id, reason });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]!.message));
      document.getElementById("cancel-reason")?.focus();
      return;
    }
    cancel.mutate(parsed.data);
  };
  return (
    <FormDialog
      testId="cancel-voucher-dialog"
      className="max-w-md"
      title={t("vouchers:cancel.title", { code: target.code })}
      description={t("vouchers:cancel.description")}
      onSubmit={submit}
      cancelLabel={t("vouchers:cancel.back")}
      onCancel={onClose}
      submit={
        <Button type="submit" variant="destructive" disabled={cancel.isPending} data-testid="cancel-voucher-submit">
          {t("vouchers:cancel.confirm")}
        </Button>
      }
    >
      <Field label={t("vouchers:cancel.reason")} htmlFor="cancel-reason" required error={error || undefined}>
        <Textarea
          id="cancel-reason"
          autoFocus
          className="min-h-20"
          maxLength={VOUCHER_LIMITS.maxText}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError("");
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "cancel-reason-error" : undefined}
        />
      </Field>
    </FormDialog>
  );
}

/** 'Reportar perdido o robado': the type and optional notes; success 'Bono reportado'. */
export function ReportVoucherDialog({ target, onClose }: { target: VoucherTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const done = useVoucherMutationDone();
  const [type, setType] = React.useState<ReportType>("lost");
  const [notes, setNotes] = React.useState("");
  const report = useMutation(
    trpc.voucher.report.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        toast({ variant: "success", title: t("vouchers:report.done") });
        await done();
        onClose();
      },
      onError: (e) => toast({ variant: "destructive", title: tMessage(e.message) ?? e.message }),
    }),
  );
  return (
    <FormDialog
      testId="report-voucher-dialog"
      className="max-w-md"
      title={t("vouchers:report.title", { code: target.code })}
      description={t("vouchers:report.description")}
      onSubmit={() => {
        if (!report.isPending) report.mutate({ voucherId: target.id, type, notes: notes.trim() || null });
      }}
      cancelLabel={t("vouchers:cancel.back")}
      onCancel={onClose}
      submit={
        <Button type="submit" disabled={report.isPending} data-testid="report-voucher-submit">
          {t("vouchers:report.confirm")}
        </Button>
      }
    >
      <Field label={t("vouchers:report.type")} htmlFor="report-type" required>
        <NativeSelect id="report-type" autoFocus value={type} onChange={(e) => setType(e.target.value as ReportType)}>
          {REPORT_TYPES.map((r) => (
            <option key={r} value={r}>
              {t(`vouchers:status.${r}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label={t("vouchers:report.notes")} htmlFor="report-notes">
        <Textarea id="report-notes" className="min-h-20" maxLength={VOUCHER_LIMITS.maxText} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

/** The voucher's history, oldest first: what happened, when, by whom, with the amount, order and notes (no actions). */
export function VoucherHistorySheet({ target }: { target: VoucherTarget }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const history = useQuery(trpc.voucher.getHistory.queryOptions({ voucherId: target.id }));
  const events = history.data?.events ?? [];
  return (
    <SheetContent closeLabel={t("vouchers:history.close")} data-testid="voucher-history">
      <DialogHeader className="pr-8">
        <DialogTitle>{t("vouchers:history.title", { code: target.code })}</DialogTitle>
        <DialogDescription>{t("vouchers:history.description")}</DialogDescription>
      </DialogHeader>
      {history.isLoading ? (
        <div className="grid gap-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("vouchers:history.empty")}</p>
      ) : (
        <ol className="grid gap-3">
          {events.map((e) => (
            <li key={e.id} className="grid gap-0.5 border-l-2 border-primary/40 pl-3" data-testid="history-event" data-event={e.event}>
              <span className="font-medium">{t(`vouchers:history.events.${e.event}`, { defaultValue: e.event })}</span>
              <span className="text-xs text-muted-foreground">
                {formatDateTime(e.created_at, lang)}
                {e.user_name ? ` · ${t("vouchers:history.by", { name: e.user_name })}` : ""}
              </span>
              {/* a sale's use and its restoration are pesos paid, whatever the voucher's type */}
              {e.amount ? <span className="text-sm tabular-nums">{formatVoucherValue(e.amount, e.event === "used" || e.event === "restored" ? "fixed" : (target.type ?? "fixed"), lang)}</span> : null}
              {e.order_number ? <span className="text-sm">{t("vouchers:list.order", { number: e.order_number })}</span> : null}
              {e.notes ? <span className="text-sm break-words">{e.notes}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </SheetContent>
  );
}
