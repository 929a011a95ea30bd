import { useMutation, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { CANCEL_REASON_CODES, type CancelReasonCode } from "../../../shared/invoices/schemas";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";

/** Anulación: the DGII 608 reason (01–10) is required; the NCF stays on the invoice, reported as cancelled. */
export function CancelInvoiceDialog({ invoice, open, onOpenChange }: { invoice: { id: string; number: string; ncf: string | null }; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [code, setCode] = React.useState<CancelReasonCode | "">("");
  const [reason, setReason] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (open) {
      setCode("");
      setReason("");
      setError(null);
    }
  }, [open]);
  const cancel = useMutation(
    trpc.invoice.cancel.mutationOptions({
      onSuccess: async () => {
        toast({ variant: "success", title: t("invoices:cancel.success", { number: invoice.number }) });
        await Promise.all([qc.invalidateQueries(trpc.invoice.pathFilter()), qc.invalidateQueries(trpc.pos.getRecentInvoices.pathFilter())]);
        onOpenChange(false);
      },
      onError: (e) => toast({ variant: "destructive", title: t("invoices:cancel.error"), description: e.message }),
    }),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!code) return setError(t("invoices:errors.reasonRequired"));
    cancel.mutate({ invoiceId: invoice.id, reasonCode: code, reason: reason || null });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} className="max-w-md" data-testid="cancel-invoice-dialog">
        <DialogHeader>
          <DialogTitle>{t("invoices:cancel.title", { number: invoice.number })}</DialogTitle>
          <DialogDescription>{t("invoices:cancel.description", { ncf: invoice.ncf ?? "—" })}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <div className="grid gap-1">
            <Label htmlFor="cancel-code">{t("invoices:cancel.reasonCode")}</Label>
            <select
              id="cancel-code"
              className="h-10 rounded-[var(--radius-button)] border bg-background px-2 text-sm"
              value={code}
              onChange={(e) => setCode(e.target.value as CancelReasonCode)}
              data-testid="cancel-reason-code"
              autoFocus
            >
              <option value="">{t("invoices:cancel.choose")}</option>
              {CANCEL_REASON_CODES.map((c) => (
                <option key={c} value={c}>
                  {c} · {t(`invoices:reasons.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="cancel-reason">{t("invoices:cancel.notes")}</Label>
            <Input id="cancel-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={cancel.isPending} data-testid="cancel-invoice-submit">
              {t("invoices:cancel.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
