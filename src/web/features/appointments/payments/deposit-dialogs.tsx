import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/dates";
import { tMessage } from "../../../lib/i18n";
import { formatTime } from "../booking/dates";
import { RowDialog, SummaryLine } from "./common";
import type { DepositRow } from "./types";

function DepositSummary({ deposit: d }: { deposit: DepositRow }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <dl className="grid gap-1.5 rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm">
      <SummaryLine label={t("appointmentPayments:fields.appointment")} value={`${d.appointment_number} · ${formatDate(d.appointment_date, lang)} ${formatTime(d.start_time, lang)}`} />
      <SummaryLine label={t("appointmentPayments:fields.service")} value={d.service_name} />
      <SummaryLine label={t("appointmentPayments:fields.method")} value={d.method_name} />
      <SummaryLine label={t("appointmentPayments:fields.deposit")} value={<span className="font-bold">{formatMoney(d.amount, lang)}</span>} />
    </dl>
  );
}

/**
 * 'Aplicar al pago': the deposit becomes the payment of the appointment's invoice, issued now with
 * an NCF through the invoice path (appointment.applyDeposit); then the invoice's number and NCF.
 */
export function ApplyDepositDialog({ deposit, onOpenChange }: { deposit: DepositRow | null; onOpenChange: (open: boolean) => void }) {
  return (
    <RowDialog open={deposit !== null} onOpenChange={onOpenChange} testId="apply-deposit-dialog">
      {deposit ? <ApplyBody deposit={deposit} onClose={() => onOpenChange(false)} /> : null}
    </RowDialog>
  );
}

function ApplyBody({ deposit: d, onClose }: { deposit: DepositRow; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const ncfTypes = useQuery(trpc.ncf.getTypes.queryOptions());
  const types = ncfTypes.data ?? [];
  const [ncfTypeId, setNcfTypeId] = React.useState("");
  const [invoice, setInvoice] = React.useState<{ id: string; number: string; ncf: string | null } | null>(null);
  const done = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => {
    if (!ncfTypeId && types.length > 0) setNcfTypeId((types.find((x) => x.is_default) ?? types[0]!).id);
  }, [types.length]);
  React.useEffect(() => {
    if (invoice) done.current?.focus();
  }, [invoice]);

  const apply = useMutation(
    trpc.appointment.applyDeposit.mutationOptions({
      meta: { silent: true },
      onSuccess: async (r) => {
        setInvoice(r.invoice);
        await qc.invalidateQueries(trpc.appointment.pathFilter());
      },
      onError: (e) => toast({ variant: "destructive", title: t("appointmentPayments:errors.paymentFailed"), description: tMessage(e.message) }),
    }),
  );

  if (invoice) {
    return (
      <div className="grid gap-4">
        <DialogHeader className="pr-8">
          <DialogTitle>{t("appointmentPayments:apply.doneTitle")}</DialogTitle>
          <DialogDescription>{t("appointmentPayments:apply.doneDescription", { number: d.appointment_number })}</DialogDescription>
        </DialogHeader>
        <p role="status" className="flex items-start gap-2 rounded-[var(--radius-card)] border border-success/40 bg-success/10 p-3 text-sm" data-testid="apply-deposit-invoice">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" />
          <span>{t("appointmentPayments:apply.invoiceMade", { number: invoice.number, ncf: invoice.ncf ?? "—" })}</span>
        </p>
        <DialogFooter>
          <Button ref={done} type="button" onClick={onClose} data-testid="apply-deposit-done">
            {t("appointmentPayments:actions.done")}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <FormDialog
      title={t("appointmentPayments:apply.title")}
      description={t("appointmentPayments:apply.description", { customer: d.customer_name })}
      onSubmit={() => {
        if (apply.isPending) return;
        apply.mutate({ payment_id: d.payment_id, ncf_type_id: ncfTypeId || undefined });
      }}
      cancelLabel={t("common:actions.cancel")}
      onCancel={onClose}
      submit={
        <Button type="submit" disabled={apply.isPending || !ncfTypeId} data-testid="apply-deposit-submit">
          {apply.isPending ? t("appointmentPayments:apply.applying") : t("appointmentPayments:apply.submit")}
        </Button>
      }
    >
      <DepositSummary deposit={d} />
      <Field label={t("appointmentPayments:fields.ncfType")} htmlFor="apply-deposit-ncf" required>
        {ncfTypes.data && types.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("appointmentPayments:apply.noNcfTypes")}</p>
        ) : (
          <NativeSelect id="apply-deposit-ncf" value={ncfTypeId} onChange={(e) => setNcfTypeId(e.target.value)} data-testid="apply-deposit-ncf">
            {types.map((x) => (
              <option key={x.id} value={x.id}>
                {x.code} · {x.description}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </FormDialog>
  );
}

/** 'Retener depósito' (forfeit) of a cancelled or no-show appointment: asks once, with an optional reason. */
export function ForfeitDepositDialog({ deposit, onOpenChange }: { deposit: DepositRow | null; onOpenChange: (open: boolean) => void }) {
  return (
    <RowDialog open={deposit !== null} onOpenChange={onOpenChange} testId="forfeit-deposit-dialog">
      {deposit ? <ForfeitBody deposit={deposit} onClose={() => onOpenChange(false)} /> : null}
    </RowDialog>
  );
}

function ForfeitBody({ deposit: d, onClose }: { deposit: DepositRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [reason, setReason] = React.useState("");
  const forfeit = useMutation(
    trpc.appointment.forfeitDeposit.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        toast({ variant: "success", title: t("appointmentPayments:forfeit.done", { amount: formatMoney(d.amount, i18n.language), number: d.appointment_number }) });
        await qc.invalidateQueries(trpc.appointment.pathFilter());
        onClose();
      },
      onError: (e) => toast({ variant: "destructive", title: t("appointmentPayments:errors.paymentFailed"), description: tMessage(e.message) }),
    }),
  );
  return (
    <FormDialog
      title={t("appointmentPayments:forfeit.title")}
      description={t("appointmentPayments:forfeit.description", { amount: formatMoney(d.amount, i18n.language), customer: d.customer_name })}
      onSubmit={() => {
        if (!forfeit.isPending) forfeit.mutate({ payment_id: d.payment_id, reason: reason.trim() || undefined });
      }}
      cancelLabel={t("appointmentPayments:actions.keep")}
      onCancel={onClose}
      submit={
        <Button type="submit" variant="destructive" disabled={forfeit.isPending} data-testid="forfeit-submit">
          {t("appointmentPayments:forfeit.submit")}
        </Button>
      }
    >
      <DepositSummary deposit={d} />
      <Field label={t("appointmentPayments:fields.reason")} htmlFor="forfeit-reason" hint={t("appointmentPayments:forfeit.reasonHint")}>
        <Input id="forfeit-reason" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} autoFocus data-testid="forfeit-reason" />
      </Field>
    </FormDialog>
  );
}
