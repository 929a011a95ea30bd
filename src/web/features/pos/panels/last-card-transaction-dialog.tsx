import { useMutation, useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { type CardTransaction, createCardTerminal, isCardTerminalError, laneResponseTone } from "../../../../shared/card-terminal";
import { type CardProviderRow, terminalOfCashbox } from "../../../../shared/fiscal-settings/card-provider";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { cn } from "../../../lib/utils";
import { ConfirmDialog } from "./confirm-dialog";

/** The key a card payment was recorded with: the card service's id, the lane's invoice number. */
export function cardTransactionKey(tx: CardTransaction): string | null {
  return tx.kind === "card_service" ? tx.id : tx.invoiceNumber;
}

const STATUS_VARIANT = { approved: "success", declined: "destructive", cancelled: "secondary", pending: "warning", error: "destructive" } as const;

/**
 * Quick command 031 'Última transacción de tarjeta': the last transaction of the terminal serving
 * this cash box, read from the browser. Variant 1 for a lane, variant 2 for the configured payment
 * interface (spec 02). 'Anular' (asked once) only for an approved transaction and for users who may
 * cancel payments; after the void the payment it paid is reversed on its invoice and the panel
 * reloads. It closes with 'Cerrar' or Escape, not by clicking outside.
 */
export function LastCardTransactionDialog({ open, onOpenChange, cashboxId }: { open: boolean; onOpenChange: (open: boolean) => void; cashboxId: string | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const providers = useQuery({ ...trpc.cardProvider.getAll.queryOptions(), enabled: open });
  const methods = useQuery({ ...trpc.paymentMethod.getAll.queryOptions(), enabled: open });
  const provider = providers.data ? terminalOfCashbox(providers.data, { cashboxId, methods: methods.data }) : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("posPanels:common.close")} className="max-w-2xl" onInteractOutside={(e) => e.preventDefault()} data-testid="last-card-transaction">
        <DialogHeader>
          <DialogTitle>{t("posPanels:card.title")}</DialogTitle>
          <DialogDescription>{provider ? t("posPanels:card.from", { name: provider.name }) : t("posPanels:card.subtitle")}</DialogDescription>
        </DialogHeader>
        {providers.isLoading ? <Skeleton className="h-40" /> : null}
        {providers.data && !provider ? (
          <p role="alert" className="text-sm text-destructive" data-testid="card-no-provider">
            {t("pos:commands.noCardProvider")}
          </p>
        ) : null}
        {open && provider ? <LastTransaction provider={provider} onClose={() => onOpenChange(false)} /> : null}
        {!provider ? (
          <DialogFooter>
            <Button variant="outline" className="min-h-11" onClick={() => onOpenChange(false)}>
              {t("posPanels:common.close")}
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function LastTransaction({ provider, onClose }: { provider: CardProviderRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { can } = usePermissions();
  const terminal = React.useMemo(() => createCardTerminal(provider.kind, provider.api_url), [provider.kind, provider.api_url]);
  const last = useQuery({
    queryKey: ["card-terminal", "last", provider.id],
    queryFn: () => terminal.lastTransaction(),
    retry: false,
    gcTime: 0,
    meta: { silent: true },
  });
  const [confirming, setConfirming] = React.useState(false);
  const reverse = useMutation(trpc.invoice.reverseCardPayment.mutationOptions({ meta: { silent: true } }));
  const voidTx = useMutation({
    meta: { silent: true },
    mutationFn: async (tx: CardTransaction) => {
      const voided = await terminal.void(tx);
      if (voided.status !== "cancelled") throw new Error(voided.message ?? t("posPanels:card.errors.void"));
      const key = cardTransactionKey(tx);
      // The terminal gave the money back: the invoice it paid owes it again.
      return key ? reverse.mutateAsync({ provider_id: provider.id, transaction_id: key }) : null;
    },
    onSuccess: (reversed) => {
      setConfirming(false);
      toast({
        variant: "success",
        title: t("posPanels:card.voided"),
        description: reversed ? t("posPanels:card.reversed", { number: reversed.number, amount: formatMoney(reversed.balanceDue, lang) }) : undefined,
      });
      void last.refetch();
    },
    onError: (error) => {
      setConfirming(false);
      toast({ variant: "destructive", title: t("posPanels:card.errors.void"), description: error.message });
    },
  });

  if (last.isLoading) return <Skeleton className="h-48" />;
  const failure = last.error ? (isCardTerminalError(last.error) && last.error.kind === "http" ? t("posPanels:card.errors.fetch") : t("posPanels:card.errors.read")) : null;
  const tx = last.data ?? null;
  return (
    <>
      {failure ? (
        <p role="alert" className="text-sm text-destructive" data-testid="card-last-error">
          {failure}
          {last.error?.message ? <span className="block text-xs text-muted-foreground">{last.error.message}</span> : null}
        </p>
      ) : null}
      {!failure && !tx ? (
        <p className="text-sm text-muted-foreground" data-testid="card-last-empty">
          {t("posPanels:card.none")}
        </p>
      ) : null}
      {tx ? tx.kind === "lane" ? <LaneDetails tx={tx} /> : <InterfaceDetails tx={tx} /> : null}
      <DialogFooter className="flex-wrap">
        <Button variant="outline" className="min-h-11" onClick={() => void last.refetch()} disabled={last.isFetching}>
          <RefreshCw className={cn(last.isFetching && "animate-spin")} />
          {t("posPanels:card.reload")}
        </Button>
        {tx?.status === "approved" && can("payments.cancel") ? (
          <Button variant="destructive" className="min-h-11" onClick={() => setConfirming(true)} data-testid="card-void">
            {t("posPanels:card.void")}
          </Button>
        ) : null}
        <Button className="min-h-11" onClick={onClose}>
          {t("posPanels:common.close")}
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={confirming}
        title={t("posPanels:card.confirmVoid")}
        description={tx ? t("posPanels:card.confirmVoidHint", { amount: formatMoney(tx.amount ?? "0", lang) }) : undefined}
        confirmLabel={t("posPanels:card.void")}
        destructive
        busy={voidTx.isPending}
        onConfirm={() => tx && voidTx.mutate(tx)}
        onCancel={() => setConfirming(false)}
        testId="card-void-confirm"
      />
    </>
  );
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-3 border-b py-1 text-sm last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium" data-testid={testId}>
        {children ?? "—"}
      </dd>
    </div>
  );
}

function useCardLabels() {
  const { t, i18n } = useTranslation();
  const entryMode = (code: string | null) => (code ? (["07", "02", "01"].includes(code) ? t(`posPanels:card.entryModes.${code}`) : code) : null);
  const dateTime = (tx: CardTransaction) => (tx.dateTime ? formatDateTime(tx.dateTime, i18n.language) : tx.rawDateTime ? t("posPanels:card.invalidDate") : t("posPanels:card.noDate"));
  const money = (value: string | null) => (value ? formatMoney(value, i18n.language) : null);
  return { t, entryMode, dateTime, money };
}

/** Variant 1 (terminal lane): result, reference, authorization, invoice, amount, card, type, entry mode, date and time, terminal, merchant, batch and the receipt. */
function LaneDetails({ tx }: { tx: CardTransaction }) {
  const { t, entryMode, dateTime, money } = useCardLabels();
  const host = tx.message;
  return (
    <div className="grid gap-3" data-testid="card-lane-details">
      <p className={cn("text-lg font-semibold", laneResponseTone(host) === "success" ? "text-success" : "text-destructive")} data-testid="card-result">
        {host ?? t(`posPanels:card.status.${tx.status}`)}
      </p>
      <dl className="grid gap-x-6 sm:grid-cols-2">
        <Row label={t("posPanels:card.fields.reference")}>{tx.reference}</Row>
        <Row label={t("posPanels:card.fields.authorization")} testId="card-authorization">
          {tx.authorizationCode}
        </Row>
        <Row label={t("posPanels:card.fields.invoice")}>{tx.invoiceNumber}</Row>
        <Row label={t("posPanels:card.fields.amount")} testId="card-amount">
          {money(tx.amount)}
        </Row>
        <Row label={t("posPanels:card.fields.card")}>{tx.maskedPan}</Row>
        <Row label={t("posPanels:card.fields.type")}>{tx.cardType}</Row>
        <Row label={t("posPanels:card.fields.entryMode")}>{entryMode(tx.entryMode)}</Row>
        <Row label={t("posPanels:card.fields.dateTime")}>{dateTime(tx)}</Row>
        <Row label={t("posPanels:card.fields.terminal")}>{tx.terminalId}</Row>
        <Row label={t("posPanels:card.fields.merchant")}>{tx.merchantId}</Row>
        <Row label={t("posPanels:card.fields.batch")}>{tx.batchNumber}</Row>
      </dl>
      {tx.receiptText ? <pre className="max-h-40 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap">{tx.receiptText}</pre> : null}
    </div>
  );
}

/** Variant 2 (payment interface): state, reference, authorization, date, card details, amounts, terminal, merchant, batch, invoice and EMV data. */
function InterfaceDetails({ tx }: { tx: CardTransaction }) {
  const { t, entryMode, dateTime, money } = useCardLabels();
  return (
    <div className="grid gap-3" data-testid="card-interface-details">
      <div>
        <Badge variant={STATUS_VARIANT[tx.status]} data-testid="card-result">
          {t(`posPanels:card.status.${tx.status}`)}
        </Badge>
        {tx.message ? <span className="ml-2 text-sm text-muted-foreground">{tx.message}</span> : null}
      </div>
      <dl className="grid gap-x-6 sm:grid-cols-2">
        <Row label={t("posPanels:card.fields.reference")}>{tx.reference}</Row>
        <Row label={t("posPanels:card.fields.authorization")} testId="card-authorization">
          {tx.authorizationCode}
        </Row>
        <Row label={t("posPanels:card.fields.dateTime")}>{dateTime(tx)}</Row>
        <Row label={t("posPanels:card.fields.card")}>{tx.maskedPan}</Row>
        <Row label={t("posPanels:card.fields.bin")}>{tx.bin}</Row>
        <Row label={t("posPanels:card.fields.holder")}>{tx.cardHolderName}</Row>
        <Row label={t("posPanels:card.fields.entryMode")}>{entryMode(tx.entryMode)}</Row>
        <Row label={t("posPanels:card.fields.cvm")}>{tx.cvm}</Row>
        <Row label={t("posPanels:card.fields.baseAmount")}>{money(tx.baseAmount)}</Row>
        <Row label={t("posPanels:card.fields.tip")}>{money(tx.tipAmount)}</Row>
        <Row label={t("posPanels:card.fields.total")} testId="card-amount">
          {money(tx.amount)}
        </Row>
        <Row label={t("posPanels:card.fields.terminal")}>{tx.terminalId}</Row>
        <Row label={t("posPanels:card.fields.merchant")}>{tx.merchantId}</Row>
        <Row label={t("posPanels:card.fields.batch")}>{tx.batchNumber}</Row>
        <Row label={t("posPanels:card.fields.invoice")}>{tx.invoiceNumber}</Row>
        <Row label={t("posPanels:card.fields.aid")}>{tx.emv?.aid}</Row>
        <Row label={t("posPanels:card.fields.tvr")}>{tx.emv?.tvr}</Row>
        <Row label={t("posPanels:card.fields.tsi")}>{tx.emv?.tsi}</Row>
      </dl>
    </div>
  );
}
