import { useMutation, useQuery } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { createCardTerminal } from "../../../shared/card-terminal";
import { toBig } from "../../../shared/catalog/decimal";
import { terminalOfCashbox } from "../../../shared/fiscal-settings/card-provider";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";

/**
 * The card terminal's batch close, offered when closing a cash box that a card provider serves:
 * run from this browser (the terminal is on the shop's network), its totals shown next to what was
 * counted on the card methods, so the cashier sees at once whether the slips and the terminal agree.
 */
export function TerminalBatchClose({ cashboxId, countedCard }: { cashboxId: string; countedCard: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const providers = useQuery(trpc.cardProvider.getAll.queryOptions());
  const methods = useQuery({ ...trpc.paymentMethod.getAll.queryOptions() });
  const provider = providers.data ? terminalOfCashbox(providers.data, { cashboxId, methods: methods.data }) : undefined;
  const close = useMutation({
    meta: { silent: true },
    mutationFn: () => createCardTerminal(provider!.kind, provider!.api_url).batchClose(),
  });
  if (!provider) return null;
  const totals = close.data;
  const agrees = totals ? toBig(totals.netAmount).eq(toBig(countedCard)) : false;
  return (
    <section className="grid gap-2 rounded-md border p-3" aria-labelledby="batch-close-title" data-testid="terminal-batch-close">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="batch-close-title" className="flex items-center gap-2 text-sm font-semibold">
          <CreditCard className="size-4" aria-hidden />
          {t("cashbox:batch.title", { name: provider.name })}
        </h3>
        <Button type="button" variant="outline" size="sm" onClick={() => close.mutate()} disabled={close.isPending || !!totals} data-testid="batch-close">
          {close.isPending ? t("cashbox:batch.running") : t("cashbox:batch.run")}
        </Button>
      </div>
      {!totals && !close.error ? <p className="text-xs text-muted-foreground">{t("cashbox:batch.hint")}</p> : null}
      {close.error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="batch-close-error">
          {t("cashbox:batch.failed")} {close.error.message}
        </p>
      ) : null}
      {totals ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" data-testid="batch-totals">
          <div>
            <dt className="text-muted-foreground">{t("cashbox:batch.batch")}</dt>
            <dd>{totals.batchNumber ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("cashbox:batch.sales", { count: totals.salesCount })}</dt>
            <dd className="tabular-nums">{formatMoney(totals.salesAmount, lang)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("cashbox:batch.refunds", { count: totals.refundsCount })}</dt>
            <dd className="tabular-nums">{formatMoney(totals.refundsAmount, lang)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("cashbox:batch.net")}</dt>
            <dd className="font-semibold tabular-nums" data-testid="batch-net">
              {formatMoney(totals.netAmount, lang)}
            </dd>
          </div>
          <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-4">
            <span>{t("cashbox:batch.counted", { amount: formatMoney(countedCard, lang) })}</span>
            <Badge variant={agrees ? "success" : "warning"} data-testid="batch-match">
              {agrees ? t("cashbox:batch.agrees") : t("cashbox:batch.differs")}
            </Badge>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
