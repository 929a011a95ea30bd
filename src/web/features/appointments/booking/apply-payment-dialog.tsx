import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Check, CheckCircle2, Copy, Link2, Mail, MessageCircle } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { balanceDue, minorUnits, paymentAmountProblem, suggestedAmount } from "../../../../shared/appointments/payment";
import { PAYMENT_TYPES, type PaymentType } from "../../../../shared/appointments/schemas";
import { toBig } from "../../../../shared/catalog/decimal";
import { formatMoney } from "../../../../shared/money/format";
import { errorCode, useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { useCopied } from "../../payment-links/payment-link-dialog";
import { paymentLinkAmount, whatsappShareUrl } from "./share";
import type { AppointmentRow } from "./types";

interface Applied {
  payment_id: string;
  amount: string;
  amount_paid: string;
  balance_due: string;
  invoice: { id: string; number: string; ncf: string | null } | null;
  order_number: string;
  customer_name: string;
  description: string;
}

/**
 * 'Aplicar pago' (spec 01 §2, §4, §5, §9): payment type (deposit, full, partial; full by default)
 * with its amount (deposit: the appointment's or 30 % of the total; full: the balance due;
 * partial: typed, at most the balance), payment method (cash or the first of those offered for
 * appointments), NCF type (the default or the first), notes and 'generate invoice' (on by default).
 * Then the payment-link step: the link with a copy button ('Copiado' for 2 s) and WhatsApp.
 */
export function ApplyPaymentDialog({
  appointment,
  open,
  onOpenChange,
  onApplied,
}: {
  appointment: AppointmentRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApplied?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent closeLabel={t("common:actions.close")} className="max-h-[95dvh] max-w-lg overflow-y-auto" data-testid="apply-payment-dialog">
          <PaymentBody appointment={appointment} onClose={() => onOpenChange(false)} onApplied={onApplied} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PaymentBody({ appointment: a, onClose, onApplied }: { appointment: AppointmentRow; onClose: () => void; onApplied?: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const due = balanceDue(a.total_amount, a.amount_paid);
  const [type, setType] = React.useState<PaymentType>("full");
  const [partial, setPartial] = React.useState("");
  const [methodId, setMethodId] = React.useState("");
  const [ncfTypeId, setNcfTypeId] = React.useState("");
  const [notes, setNotes] = React.useState("");
  const [generateInvoice, setGenerateInvoice] = React.useState(true);
  const [applied, setApplied] = React.useState<Applied | null>(null);
  const key = React.useRef(crypto.randomUUID());

  const methods = useQuery(trpc.paymentMethod.getAll.queryOptions());
  const offered = (methods.data ?? []).filter((m) => m.availableForAppointments);
  const ncfTypes = useQuery(trpc.ncf.getTypes.queryOptions());
  const types = ncfTypes.data ?? [];
  // Defaults: cash (or the first method offered), the default NCF type (or the first).
  React.useEffect(() => {
    if (!methodId && offered.length > 0) setMethodId((offered.find((m) => m.code === "CASH") ?? offered[0]!).id);
  }, [offered.length]);
  React.useEffect(() => {
    if (!ncfTypeId && types.length > 0) setNcfTypeId((types.find((x) => x.is_default) ?? types[0]!).id);
  }, [types.length]);

  const amount = type === "partial" ? partial.trim() : suggestedAmount(type, { total: a.total_amount, paid: a.amount_paid, depositAmount: a.deposit_amount });

  const apply = useMutation(
    trpc.appointment.applyPayment.mutationOptions({
      meta: { silent: true },
      onSuccess: async (r, input) => {
        key.current = crypto.randomUUID();
        setApplied({ ...(r as Omit<Applied, "amount">), amount: String(input.amount) });
        await qc.invalidateQueries(trpc.appointment.pathFilter());
        onApplied?.();
      },
      onError: (e) => {
        if (errorCode(e) === "BAD_REQUEST" || errorCode(e) === "NOT_FOUND") key.current = crypto.randomUUID();
        toast({ variant: "destructive", title: t("common:error"), description: tMessage(e.message) || t("appointments:payment.failed") });
      },
    }),
  );

  const submit = () => {
    if (offered.length === 0) return toast({ variant: "destructive", title: t("appointments:payment.noMethods") });
    const problem = paymentAmountProblem(amount || "0", due);
    if (problem === "appointments:errors.invalidAmount") return toast({ variant: "destructive", title: t("appointments:payment.invalidAmountTitle"), description: t("appointments:payment.invalidAmountText") });
    if (problem) return toast({ variant: "destructive", title: t("appointments:payment.invalidAmountTitle"), description: t(problem) });
    if (!methodId) return toast({ variant: "destructive", title: t("appointments:errors.methodRequired") });
    if (generateInvoice && !ncfTypeId) return toast({ variant: "destructive", title: t("appointments:payment.ncfRequiredTitle"), description: t("appointments:errors.ncfRequired") });
    apply.mutate({
      appointment_id: a.id,
      payment_type: type,
      amount,
      payment_method: methodId,
      notes: notes.trim() || undefined,
      generate_invoice: generateInvoice,
      ncf_type_id: generateInvoice ? ncfTypeId : undefined,
      idempotency_key: key.current,
    });
  };

  if (applied) return <LinkStep appointment={a} applied={applied} onClose={onClose} />;

  return (
    <FormDialog
      title={t("appointments:payment.title")}
      description={t("appointments:payment.description", { number: a.appointment_number, customer: a.customer_name, service: a.service_name })}
      onSubmit={() => {
        if (!apply.isPending) submit();
      }}
      cancelLabel={t("common:actions.cancel")}
      onCancel={onClose}
      submit={
        <Button type="submit" disabled={apply.isPending || (methods.data !== undefined && offered.length === 0)} data-testid="payment-submit">
          {apply.isPending ? t("appointments:payment.applying") : t("appointments:payment.submit", { amount: formatMoney(amount || "0", lang) })}
        </Button>
      }
    >
      <dl className="grid grid-cols-3 gap-2 rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm" data-testid="payment-summary">
        <Amount label={t("appointments:fields.total")} value={formatMoney(a.total_amount, lang)} testId="payment-total" />
        <Amount label={t("appointments:fields.paid")} value={formatMoney(a.amount_paid, lang)} testId="payment-paid" />
        <Amount label={t("appointments:fields.balance")} value={formatMoney(due, lang)} testId="payment-balance" strong />
      </dl>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t("appointments:payment.type")}</legend>
        <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label={t("appointments:payment.type")}>
          {PAYMENT_TYPES.map((p) => (
            <label
              key={p}
              className={cn(
                "flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-[var(--radius-button)] border px-2 text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                type === p && "border-primary bg-primary/10 font-semibold text-primary",
              )}
            >
              <input
                type="radio"
                name="payment-type"
                value={p}
                className="sr-only"
                checked={type === p}
                onChange={() => {
                  setType(p);
                  if (p === "partial" && !partial) setPartial("");
                }}
                data-testid={`payment-type-${p}`}
              />
              {t(`appointments:payment.types.${p}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t("appointments:payment.amount")} htmlFor="payment-amount" required hint={type === "partial" ? t("appointments:payment.partialHint", { max: formatMoney(due, lang) }) : t(`appointments:payment.hints.${type}`)}>
        <Input
          id="payment-amount"
          type="number"
          inputMode="decimal"
          min="0.01"
          max={due}
          step="0.01"
          readOnly={type !== "partial"}
          className={cn("text-right tabular-nums", type !== "partial" && "bg-muted")}
          value={amount}
          onChange={(e) => setPartial(e.target.value)}
          data-testid="payment-amount"
        />
      </Field>
      {methods.data && offered.length === 0 ? (
        <p role="alert" className="flex items-start gap-2 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive" data-testid="payment-no-methods">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" />
          {t("appointments:payment.noMethods")}
        </p>
      ) : (
        <Field label={t("appointments:payment.method")} htmlFor="payment-method" required>
          <NativeSelect id="payment-method" value={methodId} onChange={(e) => setMethodId(e.target.value)} data-testid="payment-method">
            {offered.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-[var(--color-primary)]" checked={generateInvoice} onChange={(e) => setGenerateInvoice(e.target.checked)} data-testid="payment-generate-invoice" />
        {t("appointments:payment.generateInvoice")}
      </label>
      {generateInvoice ? (
        <Field label={t("appointments:payment.ncfType")} htmlFor="payment-ncf" required>
          {ncfTypes.data && types.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="payment-no-ncf">
              {t("appointments:payment.noNcfTypes")}
            </p>
          ) : (
            <NativeSelect id="payment-ncf" value={ncfTypeId} onChange={(e) => setNcfTypeId(e.target.value)} data-testid="payment-ncf">
              {types.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.code} · {x.description}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ) : (
        <p role="status" className="flex items-start gap-2 rounded-[var(--radius-card)] border border-warning/50 bg-warning/10 p-3 text-sm" data-testid="payment-no-invoice-warning">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" />
          {t("appointments:payment.noInvoiceWarning")}
        </p>
      )}
      <div className="grid gap-1.5">
        <label htmlFor="payment-notes" className="text-sm font-medium">
          {t("appointments:fields.notes")}
        </label>
        <textarea
          id="payment-notes"
          rows={2}
          maxLength={1000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className="w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="payment-notes"
        />
      </div>
    </FormDialog>
  );
}

function Amount({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn("tabular-nums", strong ? "font-bold" : "font-semibold")} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * After the payment: what was applied (and its invoice), then the payment link for what is still
 * due (or, when nothing is, for the amount just paid), with copy, WhatsApp and e-mail (not yet).
 */
function LinkStep({ appointment: a, applied, onClose }: { appointment: AppointmentRow; applied: Applied; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const config = useQuery(trpc.paymentLink.checkConfig.queryOptions());
  const [link, setLink] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const { copied, copy } = useCopied();
  const done = React.useRef<HTMLButtonElement>(null);
  const linkAmount = paymentLinkAmount(applied.balance_due, applied.amount);
  React.useEffect(() => done.current?.focus(), []);

  const create = useMutation(
    trpc.paymentLink.create.mutationOptions({
      meta: { silent: true },
      onSuccess: (answer) => {
        if (!answer.success || !answer.linkFullUrl) {
          setError((!answer.success && answer.errorDescription) || t("appointments:payment.linkFailed"));
          return;
        }
        setLink(answer.linkFullUrl);
      },
      onError: (e) => setError(tMessage(e.message) || t("appointments:payment.linkFailed")),
    }),
  );
  const generate = () => {
    setError(null);
    create.mutate({
      orderNumber: applied.order_number || `APT-${a.appointment_number}`,
      amount: minorUnits(linkAmount),
      itbis: 0,
      language: "ES",
      clientContractNumber: a.customer_email || applied.customer_name || a.customer_name,
      customerName: applied.customer_name || a.customer_name,
      description: applied.description || `${a.service_name} · APT-${a.appointment_number}`,
      email: a.customer_email || undefined,
    });
  };
  const message = link ? t("appointments:payment.whatsappText", { name: a.customer_name, service: a.service_name, amount: formatMoney(linkAmount, lang), link }) : "";

  return (
    <div className="grid gap-4" data-testid="payment-link-step">
      <DialogHeader className="pr-8">
        <DialogTitle>{t("appointments:payment.linkTitle")}</DialogTitle>
        <DialogDescription>{t("appointments:payment.linkDescription")}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1 rounded-[var(--radius-card)] border border-success/40 bg-success/10 p-3 text-sm" role="status" data-testid="payment-applied">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 className="size-4 text-success" />
          {t("appointments:payment.appliedAmount", { amount: formatMoney(applied.amount, lang) })}
        </p>
        <p>
          {t("appointments:fields.paid")}: <span className="font-semibold tabular-nums">{formatMoney(applied.amount_paid, lang)}</span> · {t("appointments:fields.balance")}:{" "}
          <span className="font-semibold tabular-nums" data-testid="payment-applied-balance">
            {formatMoney(applied.balance_due, lang)}
          </span>
        </p>
        {applied.invoice ? (
          <p data-testid="payment-applied-invoice">
            {t("appointments:payment.invoiceMade", { number: applied.invoice.number, ncf: applied.invoice.ncf ?? "—" })}
          </p>
        ) : (
          <p className="text-muted-foreground">{t("appointments:payment.noInvoiceMade")}</p>
        )}
      </div>
      {config.data === false ? (
        <p className="text-sm text-muted-foreground" data-testid="payment-link-not-configured">
          {t("appointments:payment.linkNotConfigured")}
        </p>
      ) : !toBig(applied.balance_due).gt(0) ? (
        // Nothing left to collect: an appointment's link can only be paid while it owes the amount.
        <p className="text-sm text-muted-foreground" data-testid="payment-link-nothing-due">
          {t("paymentLinks:appointment.nothingDue")}
        </p>
      ) : (
        <div className="grid gap-2">
          <div className="grid gap-0.5 text-sm">
            <p className="font-medium">{t("appointments:payment.linkFor", { order: applied.order_number || `APT-${a.appointment_number}`, amount: formatMoney(linkAmount, lang) })}</p>
            <p className="text-muted-foreground">{t(toBig(applied.balance_due).gt(0) ? "appointments:payment.linkForBalance" : "appointments:payment.linkForPaid")}</p>
          </div>
          {link ? (
            <>
              <div className="flex gap-2">
                <Input readOnly value={link} aria-label={t("appointments:payment.link")} onFocus={(e) => e.currentTarget.select()} data-testid="payment-link-url" />
                <Button type="button" variant="outline" onClick={() => void copy(link)} aria-live="polite" data-testid="payment-link-copy">
                  {copied ? <Check /> : <Copy />}
                  {copied ? t("appointments:payment.copied") : t("appointments:payment.copy")}
                </Button>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={whatsappShareUrl(message, a.customer_phone)} target="_blank" rel="noreferrer" data-testid="payment-link-whatsapp">
                    <MessageCircle /> {t("appointments:payment.whatsapp")}
                  </a>
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={() => toast({ title: t("appointments:payment.emailSoon") })} data-testid="payment-link-email">
                  <Mail /> {t("appointments:payment.email")}
                </Button>
              </div>
            </>
          ) : (
            <Button type="button" variant="secondary" className="justify-self-start" disabled={create.isPending || config.isLoading} onClick={generate} data-testid="payment-link-generate">
              <Link2 /> {create.isPending ? t("appointments:payment.generating") : t("appointments:payment.generate")}
            </Button>
          )}
          {error ? (
            <p role="alert" className="text-sm text-destructive" data-testid="payment-link-error">
              {error}
            </p>
          ) : null}
        </div>
      )}
      <DialogFooter>
        <Button type="button" ref={done} onClick={onClose} data-testid="payment-done">
          {t("appointments:payment.done")}
        </Button>
      </DialogFooter>
    </div>
  );
}
