import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Banknote, Wallet } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { CardChargeStatus, useCardCharges } from "../pos/card-charge";
import { type CardRoute, cardPaymentOf } from "../pos/card-charge-logic";

/** A credit note whose refund goes back to a card and still waits for the terminal. */
export interface PendingCardRefund {
  id: string;
  refund_amount: string;
  card_refund: { provider_id: string; original_invoice_number: string | null };
}

/** The one payment-row slot a note's refund takes in the card-charge state. */
const ROW = 1;

/**
 * The refund of a credit note back to the card the invoice was paid with (issue 12 §4): the
 * terminal's return is made from this browser (the terminal sits on the shop's network), then
 * creditNote.recordCardRefund records it; an answer that was lost is resolved through the
 * terminal's last transaction before any new return, exactly as a card sale at checkout
 * (card-charge-logic.ts). When the terminal cannot (declined, down, card not at hand) the refund
 * is given in cash or kept as store credit instead (creditNote.settleRefund).
 */
export function CardRefundPanel({ note, autoStart = false, onSettled }: { note: PendingCardRefund; autoStart?: boolean; onSettled?: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const providers = useQuery(trpc.cardProvider.getAll.queryOptions());
  const cards = useCardCharges();
  const [done, setDone] = React.useState(false);
  const started = React.useRef(false);
  const provider = providers.data?.find((p) => p.id === note.card_refund.provider_id && p.is_active);
  const route: CardRoute = provider ? { kind: "terminal", provider } : { kind: "none" };
  // The note's id (its random end) keys the terminal's invoice number of this return.
  const key = note.id.replace(/-/g, "").slice(-12);

  const settled = async () => {
    await Promise.all([qc.invalidateQueries(trpc.creditNote.pathFilter()), qc.invalidateQueries(trpc.invoice.pathFilter()), qc.invalidateQueries(trpc.cashbox.pathFilter())]);
    onSettled?.();
  };
  const record = useMutation(
    trpc.creditNote.recordCardRefund.mutationOptions({
      onSuccess: async () => {
        setDone(true);
        await settled();
      },
      onError: (e) => toast({ variant: "destructive", title: t("creditNotes:cardRefund.recordFailed"), description: e.message }),
    }),
  );
  const settle = useMutation(
    trpc.creditNote.settleRefund.mutationOptions({
      onSuccess: async (n) => {
        toast({ variant: "success", title: t(n.refund_method === "cash" ? "creditNotes:cardRefund.settledCash" : "creditNotes:cardRefund.settledCredit") });
        await settled();
      },
      onError: (e) => toast({ variant: "destructive", title: e.message }),
    }),
  );

  /** Returns the refund on the terminal (unless it already approved it), then records it. */
  const refund = async () => {
    if (!provider || cards.waiting || record.isPending) return;
    cards.begin(key);
    let charge = cards.current()[ROW];
    if (charge?.view.state !== "approved") {
      const result = await cards.charge({ key: ROW, amount: note.refund_amount, currencyCode: "DOP" }, provider, {
        operation: "refund",
        originalInvoiceNumber: note.card_refund.original_invoice_number,
      });
      if (result.view.state !== "approved") return;
      charge = cards.current()[ROW];
    }
    if (charge?.view.state !== "approved") return;
    record.mutate({ id: note.id, amount: note.refund_amount, card: cardPaymentOf(provider.id, charge.view.transaction) });
  };

  React.useEffect(() => {
    if (!autoStart || started.current || !provider) return;
    started.current = true;
    void refund();
  });

  const state = cards.charges[ROW]?.view.state;
  const busy = cards.waiting || record.isPending || settle.isPending;
  return (
    <section className="grid gap-2 rounded-[var(--radius-card)] border p-3 text-left" aria-labelledby="card-refund-title" data-testid="card-refund">
      <h3 id="card-refund-title" className="text-sm font-semibold">
        {t("creditNotes:cardRefund.title", { amount: formatMoney(note.refund_amount, lang) })}
      </h3>
      {provider ? (
        <CardChargeStatus
          operation="refund"
          route={route}
          charge={cards.charges[ROW]}
          amount={formatMoney(note.refund_amount, lang)}
          lang={lang}
          onCancel={cards.cancel}
          onRetry={() => void refund()}
        />
      ) : providers.isSuccess ? (
        <p className="text-sm text-warning" role="status" data-testid="card-refund-no-provider">
          {t("creditNotes:cardRefund.noProvider")}
        </p>
      ) : null}
      {done ? (
        <p className="text-sm font-medium text-success" role="status" data-testid="card-refund-done">
          {t("creditNotes:cardRefund.done")}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {provider && state === undefined ? (
            <Button onClick={() => void refund()} disabled={busy} data-testid="card-refund-start">
              {t("creditNotes:cardRefund.start")}
            </Button>
          ) : null}
          {state === "approved" && !record.isPending ? (
            <Button onClick={() => void refund()} data-testid="card-refund-record">
              {t("creditNotes:cardRefund.record")}
            </Button>
          ) : null}
          {state !== "approved" ? (
            <>
              <Button variant="outline" onClick={() => settle.mutate({ id: note.id, refund_method: "cash" })} disabled={busy} data-testid="card-refund-cash">
                <Banknote aria-hidden /> {t("creditNotes:cardRefund.giveCash")}
              </Button>
              <Button variant="outline" onClick={() => settle.mutate({ id: note.id, refund_method: "store_credit" })} disabled={busy} data-testid="card-refund-credit">
                <Wallet aria-hidden /> {t("creditNotes:cardRefund.keepCredit")}
              </Button>
            </>
          ) : null}
        </div>
      )}
    </section>
  );
}
