import { useMutation, useQuery } from "@tanstack/react-query";
import { CheckCircle2, KeyRound, ShieldCheck } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatQuantity } from "../../../../shared/money/format";
import type { CartItem } from "../../../../shared/pos/cart";
import { type DiscountPresetKey, maxDiscountFor } from "../../../../shared/pos/pricing";
import { fieldErrors, useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Dialog, SheetContent } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { cn } from "../../../lib/utils";
import { useCart } from "../cart/cart-store";
import { PanelHeading } from "./entry-list";
import { acceptGlobalPercent, cappedPercents, currentPercents, everyProduct, PRESET_KEYS, percentsToApply, presetPercents } from "./panel-logic";

/** product.sendOTP's product for the custom discount (spec 02 §7). */
export const CUSTOM_DISCOUNT_OTP = { productId: "custom_discount", productName: "Descuento Personalizado" } as const;

/** What Apply set on the cart, for a caller that must tell the checkout (e.g. the custom discount's authorization). */
export interface AppliedDiscounts {
  mode: "normal" | "custom";
  paymentMethodIds: string[];
  /** product id ⇒ percent ('10.00'); products without a discount are absent */
  perProduct: Record<string, string>;
  /** the verified product.sendOTP/verifyOTP request id of a custom discount, else null */
  authorizationRequestId: string | null;
}

type Tab = "normal" | "custom";
type Authorization = { status: "idle" } | { status: "requested"; requestId: string } | { status: "verified"; requestId: string };

/**
 * The payment methods and discounts side panel (spec 02 §2, §4, §5). Normal: payment-method
 * toggles (the first preselected), presets 1/4, 1/3, 1/2 and Max and a slider per product capped at
 * its maximum for the chosen methods (product.getMaxDiscounts; isFullPayment when exactly one
 * method is chosen). Custom: unlocked by an administrator's one-time code, then a global percent
 * (0–100) with a 100 % shortcut and sliders 0–100. The authorization resets whenever the panel
 * opens. Cancel removes the cart's discounts; Apply sets them as percentage discounts.
 */
export function DiscountSheet({ open, onOpenChange, onApply }: { open: boolean; onOpenChange: (open: boolean) => void; onApply?: (applied: AppliedDiscounts) => void }) {
  return <Dialog open={open} onOpenChange={onOpenChange}>{open ? <DiscountContent onClose={() => onOpenChange(false)} onApply={onApply} /> : null}</Dialog>;
}

function DiscountContent({ onClose, onApply }: { onClose: () => void; onApply?: (applied: AppliedDiscounts) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cart = useCart();
  const items = cart.items;
  const productIds = React.useMemo(() => items.map((i) => i.product.id), [items]);
  const [tab, setTab] = React.useState<Tab>("normal");
  const [initial] = React.useState(() => ({ mode: cart.store.getState().discounts?.mode ?? "normal", percents: currentPercents(cart.store.getState().items) }));
  const [normalValues, setNormalValues] = React.useState<Record<string, string>>(initial.mode === "normal" ? initial.percents : {});
  const [customValues, setCustomValues] = React.useState<Record<string, string>>(initial.mode === "custom" ? initial.percents : {});
  const [auth, setAuth] = React.useState<Authorization>({ status: "idle" });

  // Payment methods: the first one is preselected when the panel opens.
  const methods = useQuery(trpc.paymentMethod.getAll.queryOptions());
  const [selected, setSelected] = React.useState<string[] | null>(null);
  const chosen = selected ?? (methods.data?.length ? [methods.data[0]!.id] : []);
  const chosenNames = (methods.data ?? []).filter((m) => chosen.includes(m.id)).map((m) => m.name);

  const sortedIds = React.useMemo(() => [...productIds].sort(), [productIds]);
  const sortedMethods = React.useMemo(() => [...chosen].sort(), [chosen]);
  const maxQuery = useQuery({
    ...trpc.product.getMaxDiscounts.queryOptions({ productIds: sortedIds, paymentMethodIds: sortedMethods, isFullPayment: sortedMethods.length === 1 }),
    enabled: sortedIds.length > 0 && sortedMethods.length > 0,
    meta: { silent: true },
  });
  const maxReady = sortedMethods.length > 0 && !!maxQuery.data;
  const maxOf = (productId: string) => (maxReady ? maxDiscountFor(maxQuery.data!, productId, chosenNames) : "0.00");
  const normalShown = maxReady ? cappedPercents(productIds, normalValues, maxQuery.data!, chosenNames) : normalValues;

  const toggleMethod = (id: string) => setSelected(chosen.includes(id) ? chosen.filter((m) => m !== id) : [...chosen, id]);
  const applyPreset = (key: DiscountPresetKey) => setNormalValues(presetPercents(productIds, maxOf, key));

  const canApply = items.length > 0 && (tab === "normal" ? maxReady : auth.status === "verified");
  const apply = () => {
    if (!canApply) return;
    const mode = tab;
    const perProduct = percentsToApply(productIds, mode === "normal" ? normalShown : customValues);
    cart.store.applyDiscounts({ mode, paymentMethodIds: chosen, perProduct }, t(mode === "normal" ? "posPanels:discounts.descriptionNormal" : "posPanels:discounts.descriptionCustom"));
    onApply?.({ mode, paymentMethodIds: chosen, perProduct, authorizationRequestId: mode === "custom" && auth.status === "verified" ? auth.requestId : null });
    toast({ variant: "success", title: t("posPanels:discounts.applied") });
    onClose();
  };
  const cancel = () => {
    const state = cart.store.getState();
    const had = !!state.discounts || state.items.some((i) => i.discount);
    cart.store.clearDiscounts();
    if (had) toast({ title: t("posPanels:discounts.cleared") });
    onClose();
  };

  const tabs: Tab[] = ["normal", "custom"];
  const onTabKey = (e: React.KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length]!;
    setTab(next);
    document.getElementById(`discount-tab-${next}`)?.focus();
  };

  return (
    <SheetContent closeLabel={t("posPanels:common.close")} className="sm:max-w-lg" data-testid="discount-sheet">
      <PanelHeading title={t("posPanels:discounts.title")} description={t("posPanels:discounts.description")} />

      <div role="tablist" aria-label={t("posPanels:discounts.tabsLabel")} className="grid grid-cols-2 gap-1 rounded-[var(--radius-button)] border p-1" onKeyDown={onTabKey}>
        {tabs.map((key) => (
          <button
            key={key}
            id={`discount-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`discount-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={cn("min-h-11 rounded-[var(--radius-button)] px-3 text-sm font-medium transition-colors", tab === key ? "bg-primary text-primary-foreground" : "hover:bg-accent")}
            onClick={() => setTab(key)}
          >
            {key === "normal" ? t("posPanels:discounts.tabNormal") : t("posPanels:discounts.tabCustom")}
          </button>
        ))}
      </div>

      {items.length === 0 ? <p className="rounded-md border p-4 text-sm text-muted-foreground">{t("posPanels:discounts.emptyCart")}</p> : null}

      {tab === "normal" ? (
        <div role="tabpanel" id="discount-panel-normal" aria-labelledby="discount-tab-normal" className="grid gap-5">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-semibold">{t("posPanels:discounts.paymentMethods")}</legend>
            {methods.data && methods.data.length === 0 ? <p className="text-sm text-muted-foreground">{t("posPanels:discounts.noMethods")}</p> : null}
            <div className="flex flex-wrap gap-2">
              {(methods.data ?? []).map((m) => (
                <Button key={m.id} variant={chosen.includes(m.id) ? "default" : "outline"} className="min-h-11" aria-pressed={chosen.includes(m.id)} onClick={() => toggleMethod(m.id)}>
                  {m.name}
                </Button>
              ))}
            </div>
            <p className={cn("text-xs", chosen.length === 0 && methods.data?.length ? "font-medium text-destructive" : "text-muted-foreground")}>
              {chosen.length === 0 && methods.data?.length ? t("posPanels:discounts.chooseMethod") : t("posPanels:discounts.paymentMethodsHint")}
            </p>
          </fieldset>

          <fieldset className="grid gap-2" disabled={!maxReady || items.length === 0}>
            <legend className="mb-2 text-sm font-semibold">{t("posPanels:discounts.presets")}</legend>
            <div className="grid grid-cols-4 gap-2">
              {PRESET_KEYS.map((key) => {
                const label = t(`posPanels:discounts.preset${key[0]!.toUpperCase()}${key.slice(1)}`);
                return (
                  <Button key={key} variant="outline" className="min-h-11" title={t("posPanels:discounts.presetTitle", { label })} onClick={() => applyPreset(key)} data-testid={`discount-preset-${key}`}>
                    {label}
                  </Button>
                );
              })}
            </div>
          </fieldset>

          {maxQuery.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {t("posPanels:discounts.maxError")}
              {maxQuery.error?.message ? `: ${maxQuery.error.message}` : ""}
            </p>
          ) : maxQuery.isFetching && !maxReady ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t("posPanels:discounts.loadingMax")}
            </p>
          ) : null}

          <ProductSliders title={t("posPanels:discounts.products")} items={items} values={normalShown} maxOf={maxOf} disabled={!maxReady} onChange={(id, v) => setNormalValues((prev) => ({ ...prev, [id]: v }))} />
        </div>
      ) : (
        <div role="tabpanel" id="discount-panel-custom" aria-labelledby="discount-tab-custom" className="grid gap-5">
          {auth.status === "verified" ? (
            <CustomControls items={items} values={customValues} setValues={setCustomValues} productIds={productIds} />
          ) : (
            <CustomAuthorization auth={auth} setAuth={setAuth} />
          )}
        </div>
      )}

      <div className="sticky bottom-0 mt-auto grid gap-2 border-t bg-card pt-4 pb-1">
        <p className="text-xs text-muted-foreground">{t("posPanels:discounts.cancelHint")}</p>
        <div className="flex justify-end gap-2">
          <Button variant="outline" className="min-h-11" onClick={cancel} data-testid="discount-cancel">
            {t("posPanels:discounts.cancel")}
          </Button>
          <Button className="min-h-11" onClick={apply} disabled={!canApply} data-testid="discount-apply">
            {t("posPanels:discounts.apply")}
          </Button>
        </div>
      </div>
    </SheetContent>
  );
}

function ProductSliders({
  title,
  items,
  values,
  maxOf,
  disabled = false,
  onChange,
}: {
  title: string;
  items: readonly CartItem[];
  values: Record<string, string>;
  maxOf: (productId: string) => string;
  disabled?: boolean;
  onChange: (productId: string, value: string) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold">{title}</legend>
      <ul className="grid grid-cols-1 gap-3">
        {items.map((item) => {
          const id = item.product.id;
          const max = maxOf(id);
          const maxNumber = Number(max);
          const value = values[id] ?? "0";
          const percent = formatQuantity(value, 2);
          const sliderId = `discount-slider-${id}`;
          return (
            <li key={id} className="grid grid-cols-1 gap-1 rounded-md border p-3" data-testid="discount-product" data-product-id={id}>
              <div className="flex items-baseline justify-between gap-3">
                <Label htmlFor={sliderId} className="min-w-0 truncate">
                  {item.product.name}
                </Label>
                <span className="shrink-0 text-sm font-semibold tabular-nums" data-testid="discount-product-value">
                  {t("posPanels:discounts.percentValue", { percent })}
                </span>
              </div>
              <input
                id={sliderId}
                type="range"
                min={0}
                max={maxNumber}
                step={1}
                value={Number(value)}
                disabled={disabled || maxNumber <= 0}
                aria-label={t("posPanels:discounts.sliderLabel", { name: item.product.name })}
                aria-valuetext={t("posPanels:discounts.percentValue", { percent })}
                className="h-11 w-full cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-50"
                onChange={(e) => onChange(id, e.target.value)}
              />
              <span className="text-xs text-muted-foreground">{maxNumber > 0 ? t("posPanels:discounts.maxAllowed", { percent: formatQuantity(max, 2) }) : t("posPanels:discounts.noDiscountAllowed")}</span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The custom discount's administrator authorization: request a code, then verify it. */
function CustomAuthorization({ auth, setAuth }: { auth: Authorization; setAuth: (auth: Authorization) => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [code, setCode] = React.useState("");
  const [codeError, setCodeError] = React.useState(false);
  const codeRef = React.useRef<HTMLInputElement>(null);

  const send = useMutation(
    trpc.product.sendOTP.mutationOptions({
      meta: { silent: true },
      onSuccess: (_r, vars) => {
        setAuth({ status: "requested", requestId: vars.requestId });
        setCode("");
        toast({ variant: "success", title: t("posPanels:discounts.custom.sent") });
        setTimeout(() => codeRef.current?.focus(), 0);
      },
      onError: (e) => toast({ variant: "destructive", title: t("posPanels:discounts.custom.sendError"), description: e.message || undefined }),
    }),
  );
  const verify = useMutation(
    trpc.product.verifyOTP.mutationOptions({
      meta: { silent: true },
      onSuccess: (_r, vars) => {
        setAuth({ status: "verified", requestId: vars.requestId });
        toast({ variant: "success", title: t("posPanels:discounts.custom.verified") });
      },
      onError: (e) => {
        const invalid = !!fieldErrors(e).otp || e.message === i18n.t("outbox:otp.errors.invalidCode");
        toast({ variant: "destructive", title: invalid ? t("posPanels:discounts.custom.invalidCode") : t("posPanels:discounts.custom.verifyError", { message: e.message }) });
        setCodeError(invalid);
        codeRef.current?.select();
      },
    }),
  );

  const request = () => {
    if (send.isPending) return;
    send.mutate({ ...CUSTOM_DISCOUNT_OTP, requestId: crypto.randomUUID() });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (auth.status !== "requested" || verify.isPending) return;
    const otp = code.trim();
    if (!/^\d{6}$/.test(otp)) {
      setCodeError(true);
      codeRef.current?.focus();
      return;
    }
    verify.mutate({ productId: CUSTOM_DISCOUNT_OTP.productId, requestId: auth.requestId, otp });
  };

  return (
    <div className="grid gap-4 rounded-[var(--radius-card)] border p-4" data-testid="custom-discount-auth">
      <div className="flex gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="grid gap-1">
          <p className="font-semibold">{t("posPanels:discounts.custom.authTitle")}</p>
          <p className="text-sm text-muted-foreground">{t("posPanels:discounts.custom.authDescription")}</p>
        </div>
      </div>
      {auth.status === "idle" ? (
        <Button className="min-h-11 justify-self-start" onClick={request} disabled={send.isPending} autoFocus>
          {send.isPending ? t("posPanels:discounts.custom.requesting") : t("posPanels:discounts.custom.request")}
        </Button>
      ) : (
        <form className="grid gap-3" noValidate onSubmit={submit}>
          <p className="text-sm" aria-live="polite">
            {t("posPanels:discounts.custom.sentHint")}
          </p>
          <div className="grid gap-2">
            <Label htmlFor="custom-discount-code">{t("posPanels:discounts.custom.codeLabel")}</Label>
            <div className="flex gap-2">
              <Input
                id="custom-discount-code"
                ref={codeRef}
                autoFocus
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder={t("posPanels:discounts.custom.codePlaceholder")}
                className="min-h-11 max-w-40 font-mono text-lg tracking-widest"
                value={code}
                aria-invalid={codeError}
                aria-describedby={codeError ? "custom-discount-code-error" : undefined}
                onChange={(e) => {
                  setCode(e.target.value.replace(/\D/g, "").slice(0, 6));
                  setCodeError(false);
                }}
              />
              <Button type="submit" className="min-h-11" disabled={verify.isPending}>
                {verify.isPending ? t("posPanels:discounts.custom.verifying") : t("posPanels:discounts.custom.verify")}
              </Button>
            </div>
            {codeError ? (
              <p id="custom-discount-code-error" role="alert" className="text-sm font-medium text-destructive">
                {t("posPanels:discounts.custom.invalidCode")}
              </p>
            ) : null}
          </div>
          <Button variant="link" className="min-h-11 justify-self-start px-0" onClick={request} disabled={send.isPending}>
            {send.isPending ? t("posPanels:discounts.custom.requesting") : t("posPanels:discounts.custom.requestAgain")}
          </Button>
        </form>
      )}
    </div>
  );
}

/** Unlocked custom discount: a global percent (values outside 0–100 are ignored), 100 % and sliders 0–100. */
function CustomControls({
  items,
  values,
  setValues,
  productIds,
}: {
  items: readonly CartItem[];
  values: Record<string, string>;
  setValues: (values: Record<string, string>) => void;
  productIds: string[];
}) {
  const { t } = useTranslation();
  const [globalText, setGlobalText] = React.useState("");
  const setGlobal = (raw: string) => {
    const accepted = acceptGlobalPercent(raw);
    if (!accepted) return;
    setGlobalText(accepted.text);
    setValues(everyProduct(productIds, accepted.percent));
  };
  return (
    <>
      <p className="flex items-center gap-2 rounded-md border border-success/50 bg-success/10 p-3 text-sm font-medium" data-testid="custom-discount-verified">
        <ShieldCheck className="size-5 shrink-0" aria-hidden />
        {t("posPanels:discounts.custom.verified")}
        <CheckCircle2 className="ml-auto size-4" aria-hidden />
      </p>
      <div className="grid gap-2">
        <Label htmlFor="custom-discount-global">{t("posPanels:discounts.custom.globalPercent")}</Label>
        <div className="flex gap-2">
          <Input
            id="custom-discount-global"
            autoFocus
            inputMode="decimal"
            autoComplete="off"
            className="min-h-11 max-w-32 text-right tabular-nums"
            placeholder="0"
            value={globalText}
            aria-describedby="custom-discount-global-hint"
            onChange={(e) => setGlobal(e.target.value)}
          />
          <Button variant="outline" className="min-h-11" title={t("posPanels:discounts.custom.all100Title")} onClick={() => setGlobal("100")} data-testid="custom-discount-100">
            {t("posPanels:discounts.custom.all100")}
          </Button>
        </div>
        <p id="custom-discount-global-hint" className="text-xs text-muted-foreground">
          {t("posPanels:discounts.custom.globalHint")}
        </p>
      </div>
      <ProductSliders title={t("posPanels:discounts.products")} items={items} values={values} maxOf={() => "100"} onChange={(id, v) => setValues({ ...values, [id]: v })} />
    </>
  );
}
