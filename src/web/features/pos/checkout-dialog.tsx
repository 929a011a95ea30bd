import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { sameAmount } from "../../../shared/card-terminal";
import { customerFiscalKind, type FiscalCustomer, ncfProblem, SALE_NCF_TYPE_CODES } from "../../../shared/customers/fiscal";
import { initialPaymentMethod, methodTakesCurrency } from "../../../shared/fiscal-settings/payment-method";
import { formatMoney } from "../../../shared/money/format";
import { DEFAULT_CUSTOMER_ID } from "../../../shared/pos/cart";
import { computePayments, convertFromBase } from "../../../shared/pos/pricing";
import type { PosCardPaymentInput } from "../../../shared/pos/schemas";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { cn } from "../../lib/utils";
import { ncfWarningText } from "../ncf/ncf-warning";
import { CardChargeStatus, useCardCharges } from "./card-charge";
import { type CardRoute, cardPaymentOf, cardRouteOf, hasApprovedCharge, hasCardWork, rowsToCharge } from "./card-charge-logic";
import { useCart } from "./cart/cart-store";
import { PointsInfo, type VoucherCheck, VoucherCodeField } from "./stored-value-fields";

/** The stored-value methods whose rows the dialog fills itself (issue 16 §4). */
const VOUCHER = "GIFT_VOUCHER";
const POINTS = "POINTS";

export interface PaymentRow {
  key: number;
  paymentMethodId: string;
  currencyId: string;
  amount: string;
  reference: string;
}

export interface CheckoutChoice {
  ncfTypeId: string | undefined;
  /** the employee credited with the sale (commissions); undefined: nobody */
  sellerId: string | undefined;
  /** a row charged on a card terminal carries its approved transaction (`card`) */
  payments: { paymentMethodId: string; currencyId: string; amount: string; reference?: string; card?: PosCardPaymentInput }[];
}

const selectClass = "h-11 w-full rounded-md border border-input bg-background px-3 text-sm";

/**
 * Payment: one or more payments in several methods and currencies (converted at the tenant's
 * rate), the change, and the NCF type with its next number. Enter confirms.
 *
 * Card rows (issue 12 §2): a row whose method uses a card provider, with a provider configured
 * (the method's own, the cash box's, the default), is charged on that terminal from this browser
 * when the cashier confirms, before the sale is recorded; each row shows its state (card-charge.tsx).
 * Only when every card row is approved does the sale go to onConfirm, each with its transaction.
 * Declined, timed out, cancelled or failed: nothing is recorded, the rows stay, the cashier retries
 * or picks another method. Approved rows are locked and never charged again, also after the dialog
 * closes and reopens for the same checkout (a failed pos.checkout). Escape first cancels a wait.
 * Without a provider the row keeps the typed reference and says 'No hay proveedor de tarjeta configurado'.
 *
 * Stored value (issue 16 §4): a 'Bono de regalo' row asks for the voucher's code (typed or scanned
 * from its QR) and checks it with voucher.check, filling what it may pay; a 'Puntos' row shows the
 * customer's points and their value and fills what they pay. The server spends both atomically.
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  total,
  customerName,
  buyer,
  busy,
  preferredMethodIds,
  onConfirm,
  lang,
  stockNotice,
  cashboxId,
  checkoutKey,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  total: string;
  customerName: string;
  /** the customer's tax id: which NCF types it may receive */
  buyer: FiscalCustomer;
  busy: boolean;
  /** the payment methods chosen in the discount panel (their limits applied): the first pays */
  preferredMethodIds: readonly string[];
  onConfirm: (choice: CheckoutChoice) => void;
  lang: string;
  /** lines that take more than the warehouse has (the setting says whether the sale goes through) */
  stockNotice?: string | null;
  /** the open cash box: its card provider charges when the method names none */
  cashboxId?: string | null;
  /** the checkout's idempotency key (its clientOrderId): the card invoice numbers derive from it */
  checkoutKey: () => string;
}) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const methods = useQuery(trpc.paymentMethod.getAll.queryOptions());
  const currencies = useQuery(trpc.currency.getActive.queryOptions());
  const ncfTypes = useQuery(trpc.ncf.getTypes.queryOptions());
  const sellers = useQuery(trpc.employee.getSellers.queryOptions());
  const me = useQuery(trpc.employee.getForUser.queryOptions());
  const cardProviders = useQuery({ ...trpc.cardProvider.getAll.queryOptions(), enabled: open });
  const cards = useCardCharges();
  const { customerId } = useCart();
  /** each gift-voucher row's code check, by row key */
  const [voucherChecks, setVoucherChecks] = React.useState<Record<number, VoucherCheck>>({});
  const contentRef = React.useRef<HTMLDivElement>(null);
  /** a closing asked while a card is approved but not recorded: the next one closes */
  const [leaveWarned, setLeaveWarned] = React.useState(false);
  /** the row whose Reintentar takes the focus after its charge failed */
  const [focusRetryOf, setFocusRetryOf] = React.useState<number | null>(null);
  const charging = React.useRef(false);
  const [sellerId, setSellerId] = React.useState("");
  // The seller is the cashier's own employee unless another is chosen.
  React.useEffect(() => {
    if (open) setSellerId(me.data?.id ?? "");
  }, [open, me.data?.id]);
  const [ncfTypeId, setNcfTypeId] = React.useState<string>("");
  const [rows, setRows] = React.useState<PaymentRow[]>([]);
  // The latest rows for the charge loop, which reads them after awaiting the terminal.
  const rowsRef = React.useRef(rows);
  rowsRef.current = rows;
  const nextKey = React.useRef(1);

  const defaultCurrency = currencies.data?.find((c) => c.is_default) ?? currencies.data?.[0];
  const rateOf = (currencyId: string) => currencies.data?.find((c) => c.id === currencyId)?.rate ?? "1";
  const codeOf = (currencyId: string) => currencies.data?.find((c) => c.id === currencyId)?.code ?? "DOP";
  const methodCode = (id: string) => methods.data?.find((m) => m.id === id)?.code ?? "";

  // A fresh payment (first method, default currency, the whole amount) each time the dialog opens
  // (or the total changes); a background refetch of the lists never resets what the cashier typed.
  const preferred = preferredMethodIds.join(",");
  const initializedFor = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (!open) {
      initializedFor.current = null;
      return;
    }
    if (!methods.data?.[0] || !defaultCurrency) return;
    const key = `${total}|${preferred}`;
    if (initializedFor.current === key) return;
    initializedFor.current = key;
    setLeaveWarned(false);
    // The same checkout reopened with card work (an approved card, an answer not known yet): its rows come back as they were.
    const checkout = checkoutKey();
    if (cards.keyNow() === checkout && hasCardWork(cards.current()) && rowsRef.current.length > 0) return;
    cards.begin(checkout);
    const first = initialPaymentMethod(methods.data, preferred.split(","))!;
    setRows([{ key: nextKey.current++, paymentMethodId: first.id, currencyId: defaultCurrency.id, amount: total, reference: "" }]);
  }, [open, methods.data, defaultCurrency, total, preferred]);
  // A company (RNC) gets a tax credit invoice (B01); anyone else the default type.
  const kind = customerFiscalKind(buyer);
  React.useEffect(() => {
    if (!open || !ncfTypes.data) return;
    const preferred = kind === "rnc" ? ncfTypes.data.find((n) => n.code === "B01") : undefined;
    setNcfTypeId((preferred ?? ncfTypes.data.find((n) => n.is_default) ?? ncfTypes.data[0])?.id ?? "");
  }, [open, ncfTypes.data, kind]);
  const saleTypes = (ncfTypes.data ?? []).filter((n) => (SALE_NCF_TYPE_CODES as readonly string[]).includes(n.code));
  const problem = ncfTypeId ? ncfProblem(buyer, ncfTypes.data?.find((n) => n.id === ncfTypeId)?.code ?? "", total) : null;

  const nextNumber = useQuery({ ...trpc.ncf.getNextNumber.queryOptions({ id: ncfTypeId }), enabled: open && !!ncfTypeId });
  const ncfType = ncfTypes.data?.find((n) => n.id === ncfTypeId);
  const ncfNotice = ncfType ? ncfWarningText(t, ncfType, i18n.language) : null;

  const summary = React.useMemo(() => {
    try {
      return computePayments(
        total,
        rows.filter((r) => r.amount.trim() !== "").map((r) => ({ amount: r.amount, rate: rateOf(r.currencyId) })),
      );
    } catch {
      return null;
    }
  }, [rows, total, currencies.data]);

  const canConfirm = !!summary && Number(summary.pending) === 0 && rows.length > 0 && !busy && !problem && !cards.waiting;
  const routeOf = (r: Pick<PaymentRow, "paymentMethodId">): CardRoute => cardRouteOf(r.paymentMethodId, methods.data, cardProviders.data, cashboxId);
  /** an approved card row: its method, currency and amount are what the terminal charged */
  const approvedRow = (r: PaymentRow) => cards.charges[r.key]?.view.state === "approved";

  // After a failed charge the row's Reintentar has the focus: Enter retries, Tab reaches the method.
  React.useEffect(() => {
    if (focusRetryOf === null) return;
    contentRef.current?.querySelector<HTMLButtonElement>(`[data-row-key="${focusRetryOf}"] [data-testid="card-retry"]`)?.focus();
    setFocusRetryOf(null);
  }, [focusRetryOf]);

  /** The currencies a method takes: all of them with 'use currencies', else the default one only. */
  const currenciesFor = (methodId: string) => {
    const method = methods.data?.find((m) => m.id === methodId);
    return (currencies.data ?? []).filter((c) => !method || methodTakesCurrency(method, { isDefault: c.is_default }));
  };

  /** What the other rows leave to pay (what a voucher or points row may fill). */
  const pendingWithout = (key: number) => {
    try {
      return computePayments(
        total,
        rows.filter((x) => x.key !== key && x.amount.trim() !== "").map((x) => ({ amount: x.amount, rate: rateOf(x.currencyId) })),
      ).pending;
    } catch {
      return "0.00";
    }
  };

  function changeMethod(r: PaymentRow, paymentMethodId: string) {
    cards.idle(r.key);
    setVoucherChecks(({ [r.key]: _, ...rest }) => rest);
    // A voucher or points row pays what the check or the points fill in, never the whole total by default.
    const code = methodCode(paymentMethodId);
    if ((code === VOUCHER || code === POINTS) && defaultCurrency) return update(r.key, { paymentMethodId, currencyId: defaultCurrency.id, amount: "", reference: "" });
    const allowed = currenciesFor(paymentMethodId);
    if (allowed.some((c) => c.id === r.currencyId) || !defaultCurrency) return update(r.key, { paymentMethodId });
    // A method without 'use currencies' is taken in the default currency: the value is kept.
    const inBase = computePayments("0", [{ amount: r.amount || "0", rate: rateOf(r.currencyId) }]).paid;
    update(r.key, { paymentMethodId, currencyId: defaultCurrency.id, amount: convertFromBase(inBase, rateOf(defaultCurrency.id)) });
  }

  function update(key: number, patch: Partial<PaymentRow>) {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  }

  function addRow() {
    if (!methods.data || !defaultCurrency) return;
    const pending = summary?.pending ?? "0";
    const second = methods.data.find((m) => !rows.some((r) => r.paymentMethodId === m.id)) ?? methods.data[0]!;
    setRows((rs) => [...rs, { key: nextKey.current++, paymentMethodId: second.id, currencyId: defaultCurrency.id, amount: pending, reference: "" }]);
  }

  /** Charges the card rows not approved yet, one at a time; records the sale once every one is approved. */
  async function confirm() {
    if (!canConfirm || charging.current) return;
    charging.current = true;
    setLeaveWarned(false);
    try {
      cards.begin(checkoutKey());
      for (const r of rowsToCharge(rowsRef.current, routeOf, cards.current())) {
        const route = routeOf(r);
        if (route.kind !== "terminal") continue;
        // The dialog holds the focus while the terminal works: Enter does nothing, Escape cancels.
        contentRef.current?.focus();
        const result = await cards.charge({ key: r.key, amount: r.amount, currencyCode: codeOf(r.currencyId) }, route.provider);
        if (result.view.state !== "approved") {
          setFocusRetryOf(r.key);
          return;
        }
        // A recovered charge of another amount (the row was edited meanwhile): the row takes what the card paid; the cashier settles the rest.
        const paid = result.view.transaction.amount;
        if (paid && !sameAmount(paid, r.amount)) {
          update(r.key, { amount: paid });
          return;
        }
      }
    } finally {
      charging.current = false;
    }
    const charges = cards.current();
    onConfirm({
      ncfTypeId: ncfTypeId || undefined,
      sellerId: sellerId || undefined,
      payments: rowsRef.current.map((r) => {
        const charge = charges[r.key];
        const route = routeOf(r);
        if (route.kind === "terminal" && charge?.view.state === "approved") {
          return { paymentMethodId: r.paymentMethodId, currencyId: r.currencyId, amount: r.amount, card: cardPaymentOf(charge.providerId, charge.view.transaction) };
        }
        return { paymentMethodId: r.paymentMethodId, currencyId: r.currencyId, amount: r.amount, ...(r.reference.trim() ? { reference: r.reference.trim() } : {}) };
      }),
    });
  }

  /** Closing: a wait is cancelled first; an approved card not recorded yet is said once. */
  function requestClose(next: boolean) {
    if (next) return onOpenChange(true);
    if (cards.waiting) {
      cards.cancel();
      return;
    }
    if (hasApprovedCharge(cards.charges) && !leaveWarned) {
      setLeaveWarned(true);
      return;
    }
    setLeaveWarned(false);
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={requestClose}>
      <DialogContent
        ref={contentRef}
        closeLabel={t("common:actions.close")}
        className="max-h-[100dvh] max-w-2xl overflow-y-auto"
        onPointerDownOutside={(e) => {
          if (cards.waiting) e.preventDefault();
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !(e.target instanceof HTMLButtonElement) && !(e.target instanceof HTMLSelectElement)) {
            e.preventDefault();
            void confirm();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("pos:checkout.title")}</DialogTitle>
          <DialogDescription>{t("pos:checkout.customer", { name: customerName })}</DialogDescription>
        </DialogHeader>
        <div className="flex items-baseline justify-between rounded-md bg-muted px-4 py-3">
          <span className="font-medium">{t("pos:totals.total")}</span>
          <span className="text-3xl font-bold tabular-nums" data-testid="checkout-total">
            {formatMoney(total, lang)}
          </span>
        </div>
        {stockNotice ? (
          <p role="status" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm" data-testid="checkout-stock-warning">
            {stockNotice}
          </p>
        ) : null}

        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t("pos:checkout.ncfType")} htmlFor="pos-ncf-type">
            <select
              id="pos-ncf-type"
              className={selectClass}
              value={ncfTypeId}
              onChange={(e) => setNcfTypeId(e.target.value)}
              title={ncfType ? `${ncfType.code} — ${ncfType.description}` : undefined}
            >
              {saleTypes.map((n) => (
                <option key={n.id} value={n.id} disabled={n.expired || n.exhausted}>
                  {n.code} — {n.description}
                  {n.is_default ? ` (${t("pos:checkout.default")})` : ""}
                  {n.expired ? ` — ${t("pos:checkout.expired")}` : n.exhausted ? ` — ${t("pos:checkout.exhausted")}` : ""}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("pos:checkout.nextNcf")} htmlFor="pos-next-ncf">
            <Input id="pos-next-ncf" readOnly value={nextNumber.data ?? ""} className="h-11 font-mono" />
          </Field>
        </div>
        {sellers.data && sellers.data.length > 0 ? (
          <Field label={t("pos:checkout.seller")} htmlFor="pos-seller">
            <select id="pos-seller" className={selectClass} value={sellerId} onChange={(e) => setSellerId(e.target.value)}>
              <option value="">{t("pos:checkout.noSeller")}</option>
              {sellers.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.code})
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {problem ? (
          <p className="flex items-center gap-2 text-sm text-destructive" role="alert">
            <AlertTriangle className="size-4" aria-hidden /> {t(`pos:checkout.ncfProblem.${problem}`, { code: ncfType?.code ?? "" })}
          </p>
        ) : null}
        {ncfNotice ? (
          <p className={cn("flex items-center gap-2 text-sm", ncfType?.exhausted ? "text-destructive" : "text-amber-700 dark:text-amber-400")} role="status" data-testid="ncf-notice">
            <AlertTriangle className="size-4" aria-hidden /> {ncfNotice}
          </p>
        ) : null}

        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">{t("pos:checkout.payments")}</legend>
          {rows.map((r, i) => {
            const route = routeOf(r);
            const locked = cards.waiting || approvedRow(r);
            return (
            <div key={r.key} data-row-key={r.key} className="grid grid-cols-[5.5rem_1fr_auto] items-end gap-2 sm:grid-cols-[1fr_0.8fr_1fr_auto]">
              {/* On a phone the method has the row to itself, so its name is never cut. */}
              <Field label={t("pos:checkout.method")} htmlFor={`pos-pay-method-${i}`} className="col-span-3 sm:col-span-1">
                <select
                  id={`pos-pay-method-${i}`}
                  className={selectClass}
                  value={r.paymentMethodId}
                  onChange={(e) => changeMethod(r, e.target.value)}
                  disabled={locked}
                  title={methods.data?.find((m) => m.id === r.paymentMethodId)?.name}
                >
                  {(methods.data ?? []).map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t("pos:checkout.currency")} htmlFor={`pos-pay-currency-${i}`}>
                <select
                  id={`pos-pay-currency-${i}`}
                  className={selectClass}
                  value={r.currencyId}
                  disabled={locked || currenciesFor(r.paymentMethodId).length < 2}
                  onChange={(e) => {
                    const currencyId = e.target.value;
                    // Keep the value: what was due in pesos becomes the same value in the new currency.
                    const inBase = computePayments("0", [{ amount: r.amount || "0", rate: rateOf(r.currencyId) }]).paid;
                    update(r.key, { currencyId, amount: convertFromBase(inBase, rateOf(currencyId)) });
                  }}
                >
                  {currenciesFor(r.paymentMethodId).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.code}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t("pos:checkout.amount")} htmlFor={`pos-pay-amount-${i}`}>
                <Input
                  id={`pos-pay-amount-${i}`}
                  inputMode="decimal"
                  className="h-11 text-right tabular-nums"
                  value={r.amount}
                  readOnly={locked}
                  onChange={(e) => update(r.key, { amount: e.target.value.replace(/[^0-9.]/g, "") })}
                  onFocus={(e) => e.currentTarget.select()}
                  autoFocus={i === 0}
                />
              </Field>
              <Button type="button" variant="ghost" size="icon" className="size-11" aria-label={t("pos:checkout.removePayment")} disabled={rows.length === 1 || locked}
                onClick={() => {
                  cards.drop(r.key);
                  setRows((rs) => rs.filter((x) => x.key !== r.key));
                }}
              >
                <Trash2 className="size-4" />
              </Button>
              {methodCode(r.paymentMethodId) === VOUCHER ? (
                <div className="col-span-3 sm:col-span-4">
                  <VoucherCodeField
                    index={i}
                    code={r.reference}
                    check={voucherChecks[r.key] ?? { state: "idle" }}
                    total={total}
                    pending={pendingWithout(r.key)}
                    amount={r.amount}
                    lang={lang}
                    disabled={locked}
                    onCode={(reference) => update(r.key, { reference })}
                    onChecked={(check, amount) => {
                      setVoucherChecks((all) => ({ ...all, [r.key]: check }));
                      if (amount !== undefined) update(r.key, { amount });
                    }}
                  />
                </div>
              ) : methodCode(r.paymentMethodId) === POINTS ? (
                <div className="col-span-3 sm:col-span-4">
                  <PointsInfo
                    key={`${r.key}-${customerId}`}
                    customerId={customerId === DEFAULT_CUSTOMER_ID ? null : customerId}
                    pending={pendingWithout(r.key)}
                    amount={r.amount}
                    lang={lang}
                    disabled={locked}
                    onFill={(amount) => update(r.key, { amount })}
                  />
                </div>
              ) : methodCode(r.paymentMethodId) !== "CASH" && route.kind !== "terminal" ? (
                <div className="col-span-3 sm:col-span-4">
                  <Input aria-label={t("pos:checkout.reference")} placeholder={t("pos:checkout.reference")} value={r.reference} onChange={(e) => update(r.key, { reference: e.target.value })} className="h-9" />
                </div>
              ) : null}
              {codeOf(r.currencyId) !== "DOP" ? (
                <p className="col-span-3 text-xs text-muted-foreground sm:col-span-4">
                  {t("pos:checkout.rate", { code: codeOf(r.currencyId), rate: rateOf(r.currencyId) })}
                </p>
              ) : null}
              {route.kind !== "none" ? (
                <div className="col-span-3 sm:col-span-4">
                  <CardChargeStatus
                    route={route}
                    charge={cards.charges[r.key]}
                    amount={formatMoney(r.amount || "0", lang)}
                    lang={lang}
                    onCancel={cards.cancel}
                    onRetry={() => void confirm()}
                  />
                </div>
              ) : null}
            </div>
            );
          })}
          <Button type="button" variant="outline" onClick={addRow} className="h-10" disabled={cards.waiting}>
            <Plus className="size-4" /> {t("pos:checkout.addPayment")}
          </Button>
        </fieldset>

        <dl className="grid grid-cols-3 gap-2 text-center">
          <Stat label={t("pos:checkout.paid")} value={formatMoney(summary?.paid ?? "0", lang)} testId="checkout-paid" />
          <Stat label={t("pos:checkout.pending")} value={formatMoney(summary?.pending ?? total, lang)} testId="checkout-pending" warn={Number(summary?.pending ?? 1) > 0} />
          <Stat label={t("pos:checkout.change")} value={formatMoney(summary?.change ?? "0", lang)} testId="checkout-change" />
        </dl>

        {leaveWarned ? (
          <p role="alert" className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 p-2 text-sm" data-testid="card-unrecorded">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden /> {t("pos:card.unrecorded")}
          </p>
        ) : null}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => requestClose(false)} disabled={cards.waiting}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="button" onClick={() => void confirm()} disabled={!canConfirm} className="min-w-40">
            {cards.waiting ? t("pos:card.charging") : t("pos:checkout.confirm")} <span className="text-xs opacity-80">Enter</span>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Stat({ label, value, testId, warn }: { label: string; value: string; testId: string; warn?: boolean }) {
  return (
    <div className="rounded-md border p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={warn ? "font-semibold tabular-nums text-destructive" : "font-semibold tabular-nums"} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
