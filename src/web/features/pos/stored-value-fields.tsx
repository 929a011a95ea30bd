import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Gift, Loader2, Star } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { formatMoney } from "../../../shared/money/format";
import { DEFAULT_CUSTOMER_ID } from "../../../shared/pos/cart";
import { normalizeCode, voucherPays } from "../../../shared/vouchers/schemas";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { formatDate } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { useCart } from "./cart/cart-store";

/** What voucher.check answered for a code. */
export interface CheckedVoucher {
  code: string;
  type: string;
  amount: string;
  balance: string;
  valid_until: string;
  keep_remainder: boolean;
}

export type VoucherCheck = { state: "idle" } | { state: "checking" } | { state: "ok"; voucher: CheckedVoucher } | { state: "error"; message: string };

/**
 * A gift-voucher payment row's code (issue 16 §4): typed, or scanned from the voucher's QR (a
 * scanner types the code and Enter). Enter or 'Verificar' asks voucher.check; a valid voucher fills
 * the amount with what it may pay (its balance, or its percent of the sale, never more than is
 * pending) and says what it leaves: the remainder kept on the voucher, or forfeited when the batch
 * does not keep it. 'Bono inválido' and other refusals show under the field.
 */
export function VoucherCodeField({
  index,
  code,
  check,
  total,
  pending,
  amount,
  lang,
  disabled,
  onCode,
  onChecked,
}: {
  index: number;
  code: string;
  check: VoucherCheck;
  /** the sale's total (a percentage voucher pays its percent of it) */
  total: string;
  /** what the other payments leave to pay */
  pending: string;
  /** what the row pays now */
  amount: string;
  lang: string;
  disabled?: boolean;
  onCode: (code: string) => void;
  /** the check's outcome, with the amount to fill when valid */
  onChecked: (check: VoucherCheck, amount?: string) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const id = `pos-pay-voucher-${index}`;
  const messageId = `${id}-message`;

  async function verify() {
    const normalized = normalizeCode(code);
    if (!normalized) return onChecked({ state: "error", message: t("vouchers:errors.codeRequired") });
    onCode(normalized);
    onChecked({ state: "checking" });
    try {
      const voucher = await qc.fetchQuery({ ...trpc.voucher.check.queryOptions({ code: normalized }), staleTime: 0, retry: false });
      onChecked({ state: "ok", voucher }, voucherPays(voucher, total, pending));
    } catch (e) {
      onChecked({ state: "error", message: tMessage((e as Error).message) ?? t("vouchers:errors.invalid") });
    }
  }

  const ok = check.state === "ok" ? check.voucher : null;
  const rest = ok && ok.type === "fixed" ? toBig(ok.balance).minus(toBig(amount || "0")) : null;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            {t("vouchers:redeem.code")}
          </label>
          <Input
            id={id}
            value={code}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            placeholder="XXXX-XXXX-XXXX"
            aria-describedby={messageId}
            aria-invalid={check.state === "error" || undefined}
            className="h-11 font-mono uppercase"
            data-testid="voucher-code"
            onChange={(e) => {
              onCode(e.target.value);
              if (check.state !== "idle") onChecked({ state: "idle" });
            }}
            onKeyDown={(e) => {
              // A scanner ends the code with Enter: check it here, never confirm the sale.
              if (e.key === "Enter") {
                e.preventDefault();
                e.stopPropagation();
                void verify();
              }
            }}
          />
        </div>
        <Button type="button" variant="outline" className="h-11" disabled={disabled || check.state === "checking"} onClick={() => void verify()} data-testid="voucher-check">
          {check.state === "checking" ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Gift className="size-4" aria-hidden />}
          {t("vouchers:redeem.check")}
        </Button>
      </div>
      <div id={messageId} aria-live="polite" className="text-sm">
        {check.state === "error" ? (
          <p role="alert" className="flex items-center gap-1.5 text-destructive" data-testid="voucher-error">
            <AlertTriangle className="size-4 shrink-0" aria-hidden /> {check.message}
          </p>
        ) : ok ? (
          <div className="grid gap-0.5" data-testid="voucher-info">
            <p>
              {ok.type === "percentage"
                ? t("vouchers:redeem.percent", { percent: toBig(ok.balance).toString(), amount: formatMoney(voucherPays(ok, total, total), lang), date: formatDate(ok.valid_until, lang) })
                : t("vouchers:redeem.balance", { amount: formatMoney(ok.balance, lang), date: formatDate(ok.valid_until, lang) })}
            </p>
            {rest?.lt(0) ? (
              <p role="alert" className="text-destructive" data-testid="voucher-over">
                {t("vouchers:errors.overBalance", { code: ok.code, balance: ok.balance, amount: toBig(amount).toFixed(2) })}
              </p>
            ) : null}
            {rest?.gt(0) ? (
              ok.keep_remainder ? (
                <p className="text-muted-foreground">{t("vouchers:redeem.keeps", { amount: formatMoney(rest.toFixed(2), lang) })}</p>
              ) : (
                <p className="text-amber-700 dark:text-amber-400" data-testid="voucher-forfeit">
                  {t("vouchers:redeem.forfeit", { amount: formatMoney(rest.toFixed(2), lang) })}
                </p>
              )
            ) : null}
          </div>
        ) : (
          <p className="text-muted-foreground">{t("vouchers:redeem.hint")}</p>
        )}
      </div>
    </div>
  );
}

/** Points as the spec shows numbers: 1,200 (es-DO and en-US group thousands alike). */
export function formatPoints(points: number, lang: string): string {
  return points.toLocaleString(lang === "en" ? "en-US" : "es-DO");
}

/** The most `points` points pay at `value` pesos a point (paying X spends ceil(X / value) points). */
export function pointsWorth(points: number, value: string): string {
  return toBig(value).times(points).round(2, Big.roundDown).toFixed(2);
}

/**
 * A points payment row: the customer's points and what they are worth at the tenant's redemption
 * value; 'Usar puntos' fills the amount with that, never more than is pending. The cash customer
 * has none, and with no redemption value the row says redemption is off.
 */
export function PointsInfo({
  customerId,
  pending,
  amount,
  lang,
  disabled,
  onFill,
}: {
  /** null: the cash customer */
  customerId: string | null;
  pending: string;
  amount: string;
  lang: string;
  disabled?: boolean;
  onFill: (amount: string) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const config = useQuery(trpc.tenant.getCurrentConfig.queryOptions());
  const customer = useQuery({ ...trpc.customer.getById.queryOptions({ id: customerId ?? "" }), enabled: !!customerId });
  const value = config.data?.config.rewards_point_value ?? "0.00";
  const off = config.data && toBig(value).lte(0);
  const points = customer.data?.points ?? 0;
  const worth = pointsWorth(points, value);
  const max = toBig(worth).lt(toBig(pending)) ? worth : toBig(pending).toFixed(2);
  const spends = !off && toBig(amount || "0").gt(0) ? toBig(amount).div(toBig(value)).round(0, Big.roundUp).toNumber() : 0;

  // The amount starts at what the points may pay.
  const filled = React.useRef(false);
  React.useEffect(() => {
    if (filled.current || !customer.data || !config.data || off) return;
    filled.current = true;
    onFill(max);
  }, [customer.data, config.data, off, max, onFill]);

  let body: React.ReactNode;
  if (!customerId) body = <p className="text-destructive">{t("customers:errors.pointsNeedCustomer")}</p>;
  else if (off) body = <p className="text-destructive">{t("customers:errors.pointsRedemptionOff")}</p>;
  else if (!customer.data) body = <Loader2 className="size-4 animate-spin" aria-label={t("common:loading")} />;
  else
    body = (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <p data-testid="points-available">{t("customers:points.available", { count: points, points: formatPoints(points, lang), value: formatMoney(worth, lang) })}</p>
          {spends > 0 ? <p className={spends > points ? "text-destructive" : "text-muted-foreground"}>{t("customers:points.spends", { count: spends, points: formatPoints(spends, lang) })}</p> : null}
        </div>
        <Button type="button" variant="outline" className="h-9" disabled={disabled || points <= 0} onClick={() => onFill(max)} data-testid="points-fill">
          {t("customers:points.use")}
        </Button>
      </div>
    );
  return (
    <div className="flex items-start gap-2 rounded-md border bg-muted/40 p-2 text-sm" data-testid="points-info">
      <Star className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden />
      <div className="min-w-0 flex-1">{body}</div>
    </div>
  );
}

/**
 * The POS customer chip's points (issue 16 §4): the selected customer's rewards points, with what
 * they pay at checkout when redemption is on; nothing for the cash customer or without points.
 */
export function CustomerPointsBadge() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { customerId } = useCart();
  const isDefault = customerId === DEFAULT_CUSTOMER_ID;
  const config = useQuery(trpc.tenant.getCurrentConfig.queryOptions());
  const customer = useQuery({ ...trpc.customer.getById.queryOptions({ id: customerId }), enabled: !isDefault });
  const points = customer.data?.points ?? 0;
  if (isDefault || points <= 0) return null;
  const value = config.data?.config.rewards_point_value ?? "0.00";
  const lang = i18n.language;
  const short = t("customers:points.badge", { count: points, points: formatPoints(points, lang) });
  const full = toBig(value).gt(0) ? t("customers:points.badgeValue", { count: points, points: formatPoints(points, lang), value: formatMoney(pointsWorth(points, value), lang) }) : short;
  // A phone's chip has room for the points only; their value shows from the sm breakpoint.
  return (
    <span className="shrink-0 text-xs font-medium text-amber-700 tabular-nums dark:text-amber-400" data-testid="pos-customer-points" title={full}>
      <span className="sm:hidden">{short}</span>
      <span className="hidden sm:inline">{full}</span>
    </span>
  );
}
