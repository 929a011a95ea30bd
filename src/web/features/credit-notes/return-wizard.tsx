import { useMutation, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { REFUND_METHODS, type RefundMethod } from "../../../shared/credit-notes/rules";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { useTRPC, useTRPCClient } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { cn } from "../../lib/utils";
import { CardRefundPanel } from "./card-refund";
import { downloadCreditNotePdf } from "./download-ticket";
import { printCreditNote } from "./print-credit-note";

const STEPS = ["search", "select", "confirm", "done"] as const;
type Step = (typeof STEPS)[number];
type Mode = "return" | "cancel";

interface WizardInvoice {
  id: string;
  number: string;
  ncf: string | null;
  customer_id: string | null;
  customer_name: string;
  /** paid on a card terminal: the refund may go back to that card */
  paid_by_card: boolean;
  items: { id: string; product: { id: string; name: string }; quantity: string; available: string; price: string }[];
}

/**
 * The return wizard (spec 02 §2, §4, §5): Buscar → Seleccionar → Confirmar → Nota Crédito, in a
 * side sheet. ← and 'Atrás' go back, → advances, Enter advances or moves to the next quantity;
 * Escape asks before leaving (it leaves at once only from the search step). 'return' takes the
 * quantities typed; 'cancel' (Anulación) takes every line at what is left, read-only.
 */
export function ReturnWizard({ open, onOpenChange, initialNumber }: { open: boolean; onOpenChange: (open: boolean) => void; initialNumber?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const [step, setStep] = React.useState<Step>("search");
  const [number, setNumber] = React.useState(initialNumber ?? "");
  const [invoice, setInvoice] = React.useState<WizardInvoice | null>(null);
  const [mode, setMode] = React.useState<Mode>("return");
  const [quantities, setQuantities] = React.useState<Record<string, string>>({});
  const [refund, setRefund] = React.useState<RefundMethod>("store_credit");
  const [notes, setNotes] = React.useState("");
  const [searching, setSearching] = React.useState(false);
  const [confirmLeave, setConfirmLeave] = React.useState<null | "cancel" | "unprinted">(null);
  const [printed, setPrinted] = React.useState(false);
  const key = React.useRef(crypto.randomUUID());
  const inputs = React.useRef<(HTMLInputElement | null)[]>([]);

  const reset = () => {
    setStep("search");
    setNumber(initialNumber ?? "");
    setInvoice(null);
    setMode("return");
    setQuantities({});
    setRefund("store_credit");
    setNotes("");
    setPrinted(false);
    key.current = crypto.randomUUID();
  };
  React.useEffect(() => {
    if (open) reset();
  }, [open, initialNumber]);

  const create = useMutation(
    trpc.creditNote.create.mutationOptions({
      onSuccess: async (note) => {
        toast({ variant: "success", title: t("creditNotes:wizard.created"), description: t("creditNotes:wizard.createdDetail", { number: note.number }) });
        setStep("done");
        await Promise.all([qc.invalidateQueries(trpc.invoice.pathFilter()), qc.invalidateQueries(trpc.creditNote.pathFilter())]);
      },
      onError: (e) => toast({ variant: "destructive", title: t("creditNotes:errors.createFailed"), description: e.message }),
    }),
  );

  const selected = invoice
    ? invoice.items.filter((i) => (mode === "cancel" ? toBig(i.available).gt(0) : toBig(quantities[i.id] || "0").gt(0))).map((i) => ({ item: i, quantity: mode === "cancel" ? i.available : quantities[i.id]! }))
    : [];
  const total = selected.reduce((s, l) => s.plus(toBig(l.item.price).times(l.quantity)), new Big(0));

  const search = async () => {
    const text = number.trim();
    if (!text) return toast({ variant: "destructive", title: t("creditNotes:errors.numberRequired") });
    setSearching(true);
    try {
      const found = await client.invoice.getByNumber.query({ number: text });
      if (!found.customer_id) return toast({ variant: "destructive", title: t("creditNotes:errors.noCustomer") });
      if (found.status === "cancelled") return toast({ variant: "destructive", title: t("creditNotes:errors.invoiceCancelled") });
      setInvoice(found);
      setQuantities({});
      setStep("select");
    } catch (e) {
      toast({ variant: "destructive", title: (e as Error).message || t("creditNotes:errors.invoiceNotFound", { number: text }) });
    } finally {
      setSearching(false);
    }
  };

  const setQuantity = (id: string, value: string, max: string) => {
    if (value === "") return setQuantities((q) => ({ ...q, [id]: "" }));
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) return;
    if (toBig(value).gt(max)) {
      toast({ variant: "destructive", title: t("creditNotes:errors.quantityAboveAvailable", { n: formatQuantity(max) }) });
      return setQuantities((q) => ({ ...q, [id]: toBig(max).toString() }));
    }
    setQuantities((q) => ({ ...q, [id]: value }));
  };

  const submit = () => {
    if (!invoice?.customer_id || selected.length === 0 || create.isPending) return;
    create.mutate({
      client_key: key.current,
      order_id: invoice.id,
      customer_id: invoice.customer_id,
      reason: mode === "cancel" ? "cancellation" : "product_return",
      kind: mode,
      notes: notes || null,
      refund_method: refund,
      items: mode === "cancel" ? [] : selected.map((l) => ({ id: l.item.id, product_id: l.item.product.id, quantity: l.quantity, price: l.item.price, reason: null })),
    });
  };

  const next = () => {
    if (step === "search") void search();
    else if (step === "select" && selected.length > 0) setStep("confirm");
    else if (step === "confirm") submit();
  };
  const back = () => {
    if (step === "select") setStep("search");
    else if (step === "confirm") setStep("select");
  };
  const close = () => {
    onOpenChange(false);
  };
  const requestClose = () => {
    if (step === "search") return close();
    if (step === "done") return printed ? close() : setConfirmLeave("unprinted");
    setConfirmLeave("cancel");
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (confirmLeave) return;
    const target = e.target as HTMLElement;
    const inQuantity = target.dataset.quantityIndex !== undefined;
    if (e.key === "Escape") {
      e.preventDefault();
      requestClose();
    } else if (e.key === "Enter") {
      if (target.tagName === "BUTTON" || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return;
      e.preventDefault();
      if (inQuantity) {
        const index = Number(target.dataset.quantityIndex);
        const following = inputs.current.slice(index + 1).find((el) => el);
        if (following) return following.focus();
      }
      next();
    } else if (e.key === "ArrowLeft" && (target.tagName !== "INPUT" || inQuantity)) {
      if (step !== "search" && step !== "done") {
        e.preventDefault();
        back();
      }
    } else if (e.key === "ArrowRight" && (target.tagName !== "INPUT" || inQuantity)) {
      if (step === "select" || step === "confirm") {
        e.preventDefault();
        next();
      }
    }
  };

  const printNote = async () => {
    const note = create.data;
    if (!note) return;
    const detail = await client.creditNote.getById.query({ id: note.id });
    const ok = await printCreditNote(detail, lang === "en" ? "en" : "es");
    setPrinted(true);
    if (!ok) toast({ variant: "destructive", title: t("creditNotes:print.error") });
  };

  const downloadNote = async () => {
    const note = create.data;
    if (!note) return;
    try {
      await downloadCreditNotePdf(note, "80mm", lang);
      setPrinted(true);
    } catch (e) {
      toast({ variant: "destructive", title: t("creditNotes:print.downloadError"), description: (e as Error).message });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : requestClose())}>
      <SheetContent closeLabel={t("common:actions.close")} className="flex w-full max-w-xl flex-col gap-4 overflow-y-auto" onKeyDown={onKeyDown} onEscapeKeyDown={(e) => e.preventDefault()} data-testid="return-wizard">
        <DialogHeader>
          <DialogTitle>{t("creditNotes:wizard.title")}</DialogTitle>
          <DialogDescription>{t("creditNotes:wizard.description")}</DialogDescription>
        </DialogHeader>
        <ol className="grid grid-cols-4 gap-1 text-center text-xs" aria-label={t("creditNotes:wizard.title")}>
          {STEPS.map((s, i) => (
            <li key={s} aria-current={s === step ? "step" : undefined} className={cn("rounded-full border px-2 py-1", s === step && "border-primary bg-primary text-primary-foreground", STEPS.indexOf(step) > i && "border-primary text-primary")}>
              {i + 1}. {t(`creditNotes:wizard.steps.${s}`)}
            </li>
          ))}
        </ol>

        {step === "search" ? (
          <div className="grid gap-2">
            <Label htmlFor="return-number">{t("creditNotes:wizard.number")}</Label>
            <Input id="return-number" value={number} onChange={(e) => setNumber(e.target.value)} placeholder="FAC-000123 / B0100000001" autoFocus data-testid="return-number" />
            <p className="text-xs text-muted-foreground">{t("creditNotes:wizard.searchHint")}</p>
          </div>
        ) : null}

        {step === "select" && invoice ? (
          <div className="grid gap-3">
            <p className="text-sm">
              <span className="font-medium">{invoice.number}</span> · <span className="font-mono">{invoice.ncf}</span> · {invoice.customer_name}
            </p>
            <fieldset className="flex gap-1 rounded-[var(--radius-button)] border p-1">
              <legend className="sr-only">{t("creditNotes:wizard.mode")}</legend>
              {(["return", "cancel"] as const).map((m) => (
                <button key={m} type="button" aria-pressed={mode === m} data-testid={`return-mode-${m}`} onClick={() => setMode(m)} className={cn("h-9 flex-1 rounded-[var(--radius-button)] text-sm font-medium", mode === m && "bg-primary text-primary-foreground")}>
                  {t(`creditNotes:wizard.modes.${m}`)}
                </button>
              ))}
            </fieldset>
            <ul className="grid gap-2">
              {invoice.items.map((item, index) => {
                const none = toBig(item.available).lte(0);
                return (
                  <li key={item.id} className="flex items-center justify-between gap-3 rounded-[var(--radius-card)] border p-2" data-testid="return-line">
                    <div className="min-w-0">
                      <div className="truncate font-medium">{item.product.name}</div>
                      <div className="text-xs text-muted-foreground">
                        {t("creditNotes:wizard.available", { n: formatQuantity(item.available), sold: formatQuantity(item.quantity) })} · {formatMoney(item.price, lang)}
                      </div>
                    </div>
                    <Input
                      ref={(el) => {
                        inputs.current[index] = none ? null : el;
                      }}
                      type="number"
                      min={0}
                      max={Number(item.available)}
                      step="1"
                      className="w-24 text-right"
                      aria-label={t("creditNotes:wizard.quantityFor", { name: item.product.name })}
                      data-quantity-index={index}
                      disabled={none}
                      readOnly={mode === "cancel"}
                      value={mode === "cancel" ? item.available : (quantities[item.id] ?? "")}
                      onKeyDown={(e) => {
                        if (e.key === "-" || e.key === "e" || e.key === "E") e.preventDefault();
                      }}
                      onChange={(e) => setQuantity(item.id, e.target.value, item.available)}
                      autoFocus={index === invoice.items.findIndex((i) => toBig(i.available).gt(0))}
                    />
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}

        {step === "confirm" && invoice ? (
          <div className="grid gap-3">
            <ul className="grid gap-1 text-sm" data-testid="return-summary">
              {selected.map((l) => (
                <li key={l.item.id} className="flex justify-between gap-2">
                  <span>
                    {formatQuantity(l.quantity)} × {l.item.product.name}
                  </span>
                  <span className="tabular-nums">{formatMoney(toBig(l.item.price).times(l.quantity).toFixed(2), lang)}</span>
                </li>
              ))}
              <li className="flex justify-between border-t pt-1 font-semibold">
                <span>{t("creditNotes:fields.total")}</span>
                <span className="tabular-nums" data-testid="return-total">
                  {formatMoney(total.toFixed(2), lang)}
                </span>
              </li>
            </ul>
            <fieldset className="grid gap-1">
              <legend className="mb-1 text-sm font-medium">{t("creditNotes:fields.refundMethod")}</legend>
              {REFUND_METHODS.filter((m) => m !== "card" || invoice.paid_by_card).map((m) => (
                <label key={m} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="refund" value={m} checked={refund === m} onChange={() => setRefund(m)} data-testid={`refund-${m}`} />
                  {t(`creditNotes:refund.${m}`)}
                </label>
              ))}
            </fieldset>
            <div className="grid gap-1">
              <Label htmlFor="return-notes">{t("creditNotes:fields.notes")}</Label>
              <Input id="return-notes" value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} />
            </div>
          </div>
        ) : null}

        {step === "done" && create.data ? (
          <div className="grid gap-2 rounded-[var(--radius-card)] border p-4 text-center" data-testid="return-done">
            <p className="text-sm text-muted-foreground">{t("creditNotes:wizard.created")}</p>
            <p className="text-2xl font-bold" data-testid="return-note-number">
              {create.data.number}
            </p>
            <p className="font-mono text-sm">{create.data.ncf}</p>
            <p className="text-lg tabular-nums">{formatMoney(create.data.total_amount, lang)}</p>
            {create.data.card_refund ? <CardRefundPanel note={{ ...create.data, card_refund: create.data.card_refund }} autoStart /> : null}
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => void printNote()} data-testid="return-print">
                {t("creditNotes:print.action")}
              </Button>
              <Button variant="outline" onClick={() => void downloadNote()} data-testid="return-download">
                {t("creditNotes:print.download")}
              </Button>
            </div>
          </div>
        ) : null}

        <div className="mt-auto flex justify-between gap-2">
          {step === "select" || step === "confirm" ? (
            <Button variant="outline" onClick={back}>
              {t("creditNotes:wizard.back")}
            </Button>
          ) : (
            <span />
          )}
          {step === "done" ? (
            <Button variant="outline" onClick={requestClose} data-testid="return-close">
              {t("common:actions.close")}
            </Button>
          ) : (
            <Button onClick={next} disabled={(step === "select" && selected.length === 0) || searching || create.isPending} data-testid="return-next">
              {step === "confirm" ? t("creditNotes:wizard.create") : t("creditNotes:wizard.continue")}
            </Button>
          )}
        </div>

        <Dialog open={confirmLeave !== null} onOpenChange={(o) => (o ? null : setConfirmLeave(null))}>
          <DialogContent closeLabel={t("common:actions.close")} className="max-w-sm" data-testid="return-leave-dialog">
            <DialogHeader>
              <DialogTitle>{confirmLeave === "unprinted" ? t("creditNotes:wizard.leaveUnprintedTitle") : t("creditNotes:wizard.leaveTitle")}</DialogTitle>
              <DialogDescription>{confirmLeave === "unprinted" ? t("creditNotes:wizard.leaveUnprinted") : t("creditNotes:wizard.leave")}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirmLeave(null)} autoFocus>
                {t("creditNotes:wizard.stay")}
              </Button>
              <Button
                variant="destructive"
                onClick={() => {
                  setConfirmLeave(null);
                  close();
                }}
                data-testid="return-leave-confirm"
              >
                {t("creditNotes:wizard.exit")}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </SheetContent>
    </Dialog>
  );
}
