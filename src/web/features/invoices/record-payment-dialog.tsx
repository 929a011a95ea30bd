import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { initialPaymentMethod, isNotForPayments, methodTakesCurrency } from "../../../shared/fiscal-settings/payment-method";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { PaymentLinkDialog } from "../payment-links/payment-link-dialog";

/** Methods that do not take money for an invoice already issued. */

export interface PayableInvoice {
  id: string;
  number: string;
  total: string;
  paidTotal: string;
  balanceDue: string;
  payments: { status: string; currency: { id: string } }[];
  /** for the payment link offer (spec 02: when the card-link provider is configured and something is pending) */
  customer?: { name: string; email?: string | null; isDefault?: boolean };
}

/**
 * 'Registrar pago - {número}' (spec 02 §2): total, already paid and pending; method, currency,
 * amount (default and most: what is pending, in the chosen currency), reference (not for cash)
 * and notes. Each opening sends one idempotency key, so a double click records one payment.
 */
export function RecordPaymentDialog({ invoice, open, onOpenChange }: { invoice: PayableInvoice; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const methods = useQuery({ ...trpc.paymentMethod.getAll.queryOptions(), enabled: open });
  const currencies = useQuery({ ...trpc.currency.getActive.queryOptions(), enabled: open });
  const usable = (methods.data ?? []).filter((m) => !isNotForPayments(m.code));
  const [methodId, setMethodId] = React.useState("");
  const [currencyId, setCurrencyId] = React.useState("");
  const [amount, setAmount] = React.useState("");
  const [reference, setReference] = React.useState("");
  const [notes, setNotes] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const key = React.useRef(crypto.randomUUID());
  const [linking, setLinking] = React.useState(false);
  const linkConfigured = useQuery({ ...trpc.paymentLink.checkConfig.queryOptions(), enabled: open && !!invoice.customer }).data === true;

  const method = usable.find((m) => m.id === methodId);
  // A method without 'use currencies' is taken in the default currency only.
  const takenCurrencies = (currencies.data ?? []).filter((c) => !method || methodTakesCurrency(method, { isDefault: c.is_default }));
  const currency = currencies.data?.find((c) => c.id === currencyId);
  const rate = toBig(currency?.rate ?? "1");
  const pendingIn = rate.gt(0) ? toBig(invoice.balanceDue).div(rate).round(2, Big.roundUp) : toBig(invoice.balanceDue);
  const isCash = method?.code.toUpperCase() === "CASH";

  // Defaults once the lists arrive: the first method (in its order, the default first when marked),
  // the currency of an earlier payment, else the default currency, else the first; the pending amount.
  React.useEffect(() => {
    if (!open) return;
    key.current = crypto.randomUUID();
    setError(null);
    setReference("");
    setNotes("");
  }, [open]);
  React.useEffect(() => {
    if (!open || methodId || usable.length === 0) return;
    setMethodId(initialPaymentMethod(usable)!.id);
  }, [open, usable.length]);
  React.useEffect(() => {
    if (!open || !currencies.data?.length) return;
    const earlier = invoice.payments.find((p) => p.status === "completed")?.currency.id;
    const chosen = currencies.data.find((c) => c.id === earlier) ?? currencies.data.find((c) => c.is_default) ?? currencies.data[0]!;
    setCurrencyId(chosen.id);
  }, [open, currencies.data]);
  React.useEffect(() => {
    if (open && currencyId && takenCurrencies.length > 0 && !takenCurrencies.some((c) => c.id === currencyId)) setCurrencyId(takenCurrencies.find((c) => c.is_default)?.id ?? takenCurrencies[0]!.id);
  }, [open, methodId, currencyId, takenCurrencies.length]);
  React.useEffect(() => {
    if (open && currency) setAmount(pendingIn.toFixed(2));
  }, [open, currencyId, invoice.balanceDue]);

  const record = useMutation(
    trpc.invoice.recordPayment.mutationOptions({
      onSuccess: async () => {
        toast({ variant: "success", title: t("invoices:payment.success") });
        // invoice.getById, invoice.getAll (spec) and the list's totals
        await qc.invalidateQueries(trpc.invoice.pathFilter());
        setMethodId("");
        onOpenChange(false);
      },
      onError: (e) => toast({ variant: "destructive", title: t("invoices:payment.error"), description: e.message }),
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!methodId) return setError(t("invoices:errors.paymentMethodRequired"));
    if (!currency) return setError(t("invoices:errors.currencyNotFound"));
    const value = Number(amount);
    if (!Number.isFinite(value) || value <= 0) return setError(t("invoices:errors.amountPositive"));
    if (toBig(amount).gt(pendingIn)) return setError(t("invoices:errors.amountAbovePending", { pending: formatMoney(pendingIn.toFixed(2), lang, currency.code) }));
    setError(null);
    record.mutate({ invoice_id: invoice.id, payment_method_id: methodId, currency_id: currencyId, amount, reference: isCash ? null : reference || null, notes: notes || null, client_payment_id: key.current });
  };

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent closeLabel={t("common:actions.close")} className="max-w-md" data-testid="record-payment-dialog">
          <DialogHeader>
            <DialogTitle>{t("invoices:payment.title", { number: invoice.number })}</DialogTitle>
            <DialogDescription>{t("invoices:payment.description")}</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-3 gap-2 rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm">
            <div>
              <dt className="text-muted-foreground">{t("invoices:fields.total")}</dt>
              <dd className="font-semibold tabular-nums">{formatMoney(invoice.total, lang)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("invoices:fields.paid")}</dt>
              <dd className="font-semibold tabular-nums">{formatMoney(invoice.paidTotal, lang)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("invoices:fields.pending")}</dt>
              <dd className="font-semibold tabular-nums text-destructive" data-testid="payment-pending">
                {formatMoney(invoice.balanceDue, lang)}
              </dd>
            </div>
          </dl>
          <form className="grid gap-3" onSubmit={submit} noValidate>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-1">
                <Label htmlFor="pay-method">{t("invoices:payment.method")}</Label>
                <select id="pay-method" className="h-10 rounded-[var(--radius-button)] border bg-background px-2 text-sm" value={methodId} onChange={(e) => setMethodId(e.target.value)}>
                  {usable.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor="pay-currency">{t("invoices:payment.currency")}</Label>
                <select id="pay-currency" className="h-10 rounded-[var(--radius-button)] border bg-background px-2 text-sm" value={currencyId} disabled={takenCurrencies.length < 2} onChange={(e) => setCurrencyId(e.target.value)}>
                  {takenCurrencies.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.code} · {c.name}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="pay-amount">{t("invoices:payment.amount")}</Label>
              <Input id="pay-amount" type="number" inputMode="decimal" step="0.01" min="0.01" max={pendingIn.toFixed(2)} value={amount} onChange={(e) => setAmount(e.target.value)} autoFocus />
              {currency && !rate.eq(1) ? <p className="text-xs text-muted-foreground">{t("invoices:payment.rate", { code: currency.code, rate: currency.rate })}</p> : null}
            </div>
            {isCash ? null : (
              <div className="grid gap-1">
                <Label htmlFor="pay-reference">{t("invoices:payment.reference")}</Label>
                <Input id="pay-reference" value={reference} maxLength={100} onChange={(e) => setReference(e.target.value)} />
              </div>
            )}
            <div className="grid gap-1">
              <Label htmlFor="pay-notes">{t("invoices:payment.notes")}</Label>
              <Input id="pay-notes" value={notes} maxLength={500} onChange={(e) => setNotes(e.target.value)} />
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
              <Button type="submit" disabled={record.isPending} data-testid="record-payment-submit">
                {t("invoices:payment.submit")}
              </Button>
            </DialogFooter>
          </form>
          {invoice.customer && linkConfigured && toBig(invoice.balanceDue).gt(0) ? (
            <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3 text-sm">
              <span className="text-muted-foreground">{t("paymentLinks:offer.hint")}</span>
              <Button type="button" variant="outline" onClick={() => {
                  onOpenChange(false);
                  setLinking(true);
                }} data-testid="record-payment-link-offer">
                {t("paymentLinks:offer.button")}
              </Button>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
      {invoice.customer ? <PaymentLinkDialog invoice={{ ...invoice, customer: invoice.customer }} open={linking} onOpenChange={setLinking} /> : null}
    </>
  );
}
