import { AlertTriangle, CheckCircle2, CreditCard, Loader2, RotateCcw, XCircle } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { createCardTerminal, entryModeLabel } from "../../../shared/card-terminal";
import { formatMoney } from "../../../shared/money/format";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import {
  type CardCharge,
  type CardChargeResult,
  type CardChargeView,
  type CardOperationKind,
  type CardProvider,
  type CardRoute,
  cardInvoiceNumber,
  failureResult,
  nextCardSlot,
  runCardCharge,
} from "./card-charge-logic";

interface CardChargesState {
  /** the checkout (its idempotency key) these charges belong to */
  key: string | null;
  charges: Record<number, CardCharge>;
}

/**
 * The card charges of one checkout, by payment row key. They outlive the dialog closing (a
 * failed pos.checkout reopens it with its approved cards, never charged again) and are dropped
 * when the checkout changes (`begin` with another key).
 */
export function useCardCharges() {
  const [state, setState] = React.useState<CardChargesState>({ key: null, charges: {} });
  // The latest state for the async charge loop (a render's `state` is stale after an await).
  const ref = React.useRef(state);
  const controllers = React.useRef(new Map<number, AbortController>());
  const [waiting, setWaiting] = React.useState(false);

  const commit = React.useCallback((next: (s: CardChargesState) => CardChargesState) => {
    ref.current = next(ref.current);
    setState(ref.current);
  }, []);
  const put = React.useCallback((rowKey: number, charge: CardCharge) => commit((s) => ({ ...s, charges: { ...s.charges, [rowKey]: charge } })), [commit]);

  return {
    key: state.key,
    charges: state.charges,
    /** the charges as of now (for code that runs after an await) */
    current: React.useCallback(() => ref.current.charges, []),
    /** the checkout key as of now */
    keyNow: React.useCallback(() => ref.current.key, []),
    waiting,
    /** Starts (or keeps) the card work of the checkout `key`; another key starts afresh. */
    begin: React.useCallback((key: string) => commit((s) => (s.key === key ? s : { key, charges: {} })), [commit]),
    /** Charges a row on its provider's terminal; resolves to the outcome (never rejects). */
    charge: React.useCallback(
      async (
        row: { key: number; amount: string; currencyCode: string },
        provider: CardProvider,
        opts: { operation?: CardOperationKind; originalInvoiceNumber?: string | null } = {},
      ): Promise<CardChargeResult> => {
        const { key, charges } = ref.current;
        const existing = charges[row.key];
        const slot = existing?.slot ?? nextCardSlot(charges);
        const unresolved = existing?.unresolved ?? null;
        const controller = new AbortController();
        controllers.current.set(row.key, controller);
        setWaiting(true);
        const show = (view: CardChargeView) => put(row.key, { slot, providerId: provider.id, view, unresolved });
        show({ state: "waiting", phase: unresolved || provider.kind === "lane" ? "checking" : "charging" });
        let result: CardChargeResult;
        try {
          if (!key) throw new Error("card charge without a checkout key");
          const terminal = createCardTerminal(provider.kind, provider.api_url);
          result = await runCardCharge(
            terminal,
            {
              operation: opts.operation,
              originalInvoiceNumber: opts.originalInvoiceNumber,
              providerId: provider.id,
              amount: row.amount,
              currencyCode: row.currencyCode,
              invoiceNumber: cardInvoiceNumber(key, slot, opts.operation === "refund" ? "R" : "P"),
              unresolved,
            },
            { signal: controller.signal, onPhase: (phase) => show({ state: "waiting", phase }) },
          );
        } catch (error) {
          result = failureResult(error, unresolved);
        } finally {
          controllers.current.delete(row.key);
          setWaiting(controllers.current.size > 0);
        }
        put(row.key, { slot, providerId: provider.id, view: result.view, unresolved: result.unresolved });
        return result;
      },
      [put],
    ),
    /** The cashier's cancel: stops waiting for every terminal (an unknown outcome is resolved on the next try). */
    cancel: React.useCallback(() => {
      for (const c of controllers.current.values()) c.abort();
    }, []),
    /** A row left the terminal (its method changed): it shows nothing, but keeps its slot and an unknown attempt. */
    idle: React.useCallback(
      (rowKey: number) =>
        commit((s) => {
          const c = s.charges[rowKey];
          if (!c || c.view.state === "approved") return s;
          return { ...s, charges: { ...s.charges, [rowKey]: { ...c, view: { state: "idle" } } } };
        }),
      [commit],
    ),
    /** A removed row. */
    drop: React.useCallback(
      (rowKey: number) =>
        commit((s) => {
          if (!s.charges[rowKey]) return s;
          const { [rowKey]: _gone, ...rest } = s.charges;
          return { ...s, charges: rest };
        }),
      [commit],
    ),
  };
}

/**
 * A payment row's card: the notice when its method has no provider, else the terminal's state
 * (will charge, waiting for the card with Cancelar, approved with the masked card and the
 * authorization, declined with the terminal's text, timed out, cancelled, error) and Reintentar.
 */
export function CardChargeStatus({
  route,
  charge,
  amount,
  lang,
  onCancel,
  onRetry,
  retryRef,
  operation = "sale",
}: {
  /** a refund shows 'will be refunded' and 'refunded' where a sale says 'will be charged' and 'approved' */
  operation?: CardOperationKind;
  route: CardRoute;
  charge: CardCharge | undefined;
  /** the row's amount, formatted */
  amount: string;
  lang: string;
  onCancel: () => void;
  onRetry: () => void;
  retryRef?: React.Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  if (route.kind === "none") return null;
  if (route.kind === "manual") {
    return (
      <p className="flex items-start gap-2 text-sm text-warning" role="status" data-testid="card-no-provider">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {t("pos:commands.noCardProvider")}. <span className="text-muted-foreground">{t("pos:card.noProviderHint")}</span>
        </span>
      </p>
    );
  }
  const provider = route.provider.name;
  const view: CardChargeView = charge && charge.providerId === route.provider.id ? charge.view : { state: "idle" };
  const unknown = !!charge?.unresolved && view.state !== "approved";
  const box = (tone: "info" | "success" | "danger" | "warning", children: React.ReactNode, live: "status" | "alert" = "status") => (
    <div
      role={live}
      data-testid="card-charge"
      data-state={view.state}
      className={cn(
        "flex flex-wrap items-start gap-x-3 gap-y-2 rounded-md border p-3 text-sm",
        tone === "info" && "border-primary/40 bg-primary/5",
        tone === "success" && "border-success/50 bg-success/10",
        tone === "danger" && "border-destructive/50 bg-destructive/10",
        tone === "warning" && "border-warning/50 bg-warning/10",
      )}
    >
      {children}
    </div>
  );
  const retry = (
    <Button type="button" variant="outline" size="sm" className="ml-auto h-11 min-w-32" onClick={onRetry} ref={retryRef} data-testid="card-retry">
      <RotateCcw aria-hidden /> {t("pos:card.retry")} <kbd className="rounded border px-1 text-[10px] font-normal">Enter</kbd>
    </Button>
  );
  const unknownNote = unknown ? <p className="w-full text-xs text-muted-foreground">{t("pos:card.unknownOutcome")}</p> : null;

  switch (view.state) {
    case "idle":
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="card-charge" data-state="idle">
          <CreditCard className="size-4 shrink-0" aria-hidden /> {t(operation === "refund" ? "pos:card.willRefund" : "pos:card.willCharge", { provider, amount })}
          {unknown ? <span className="text-xs">— {t("pos:card.unknownOutcome")}</span> : null}
        </p>
      );
    case "waiting":
      return box(
        "info",
        <>
          <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin text-primary" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{view.phase === "checking" ? t("pos:card.checking") : t("pos:card.waiting")}</p>
            <p className="text-muted-foreground">{t(operation === "refund" ? "pos:card.refundHint" : "pos:card.waitingHint", { provider, amount })}</p>
          </div>
          <Button type="button" variant="outline" size="sm" className="ml-auto h-11 min-w-32" onClick={onCancel} data-testid="card-cancel">
            {t("pos:card.cancel")} <kbd className="rounded border px-1 text-[10px] font-normal">Esc</kbd>
          </Button>
        </>,
      );
    case "approved": {
      const tx = view.transaction;
      const details = [
        [tx.cardType, tx.maskedPan].filter(Boolean).join(" "),
        entryModeLabel(tx.entryMode, lang.startsWith("en") ? "en" : "es"),
        tx.authorizationCode ? t("pos:card.authorization", { code: tx.authorizationCode }) : null,
        tx.reference ? t("pos:card.referenceShort", { reference: tx.reference }) : null,
      ].filter((v): v is string => !!v);
      return box(
        "success",
        <>
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-success">
              {t(operation === "refund" ? "pos:card.refunded" : "pos:card.approved")} · {tx.amount ? formatMoney(tx.amount, lang) : amount}
            </p>
            <p className="break-words font-mono text-xs" data-testid="card-approved-details">
              {details.join(" · ")}
            </p>
            {view.recovered ? (
              <p className="mt-1 text-xs" data-testid="card-recovered">
                {t("pos:card.recovered")}
              </p>
            ) : null}
          </div>
        </>,
      );
    }
    case "declined":
      return box(
        "danger",
        <>
          <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-destructive">
              {t("pos:card.declined")}
              {view.reason ? `: ${view.reason}` : ""}
            </p>
            <p className="text-xs text-muted-foreground">{t(operation === "refund" ? "pos:card.refundDeclinedHint" : "pos:card.declinedHint")}</p>
          </div>
          {retry}
        </>,
        "alert",
      );
    case "timeout":
    case "cancelled":
      return box(
        view.state === "timeout" ? "danger" : "warning",
        <>
          <AlertTriangle className={cn("mt-0.5 size-5 shrink-0", view.state === "timeout" ? "text-destructive" : "text-warning")} aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{t(`pos:card.${view.state}`)}</p>
            <p className="text-xs text-muted-foreground">{t(operation === "refund" ? "pos:card.refundDeclinedHint" : "pos:card.declinedHint")}</p>
          </div>
          {retry}
          {unknownNote}
        </>,
        view.state === "timeout" ? "alert" : "status",
      );
    case "error": {
      const technical = view.code !== "lastTransaction" && view.code !== "pending" && view.detail;
      return box(
        "danger",
        <>
          <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-destructive">{t("pos:card.failed")}</p>
            <p>{t(`pos:card.reasons.${view.code}`)}</p>
            {technical ? <p className="break-words text-xs text-muted-foreground">{view.detail}</p> : null}
          </div>
          {retry}
          {unknownNote}
        </>,
        "alert",
      );
    }
  }
}
