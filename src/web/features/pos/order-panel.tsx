import { Minus, Plus, Tag, Trash2, User } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import type { CartItem, PromotedCartItem, promoteCart } from "../../../shared/pos/cart";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { cn } from "../../lib/utils";
import type { CartStore } from "./cart/cart-store";
import { CustomerPointsBadge } from "./stored-value-fields";

/** The order: customer, lines (selected line follows the keyboard), totals. */
export function OrderLines({
  items,
  store,
  selected,
  onSelect,
  lang,
  askPriceOf,
  onPriced,
  shortStock,
}: {
  items: readonly PromotedCartItem[];
  store: CartStore;
  selected: string | null;
  onSelect: (productId: string) => void;
  lang: string;
  /** the variable-price line whose price is being asked for (its field takes the focus) */
  askPriceOf?: string | null;
  /** the price was typed (Enter or leaving the field) */
  onPriced?: () => void;
  /** what the warehouse has of each line that takes more than that */
  shortStock?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const listRef = React.useRef<HTMLUListElement>(null);
  React.useEffect(() => {
    if (selected) listRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: "nearest" });
  }, [selected]);
  if (items.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
        <p className="font-medium">{t("pos:order.empty")}</p>
        <p>{t("pos:order.emptyHint")}</p>
      </div>
    );
  }
  return (
    <ul ref={listRef} className="min-h-0 flex-1 divide-y overflow-auto" aria-label={t("pos:order.lines")}>
      {items.map((item) => (
        <li key={item.product.id}>
          <div
            className={cn("flex flex-col gap-1 px-3 py-2", selected === item.product.id && "bg-accent/60")}
            onClick={() => onSelect(item.product.id)}
            onKeyDown={undefined}
            data-testid="cart-line"
            aria-current={selected === item.product.id}
          >
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 text-sm font-medium">{item.product.name}</span>
              <span className="tabular-nums text-sm font-semibold">{formatMoney(item.total, lang)}</span>
            </div>
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <div className="flex items-center gap-1">
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="size-8"
                  aria-label={t("pos:order.decrease", { name: item.product.name })}
                  onClick={(e) => {
                    e.stopPropagation();
                    store.setQuantity(item.product.id, Number(item.quantity) - 1);
                  }}
                >
                  <Minus className="size-4" />
                </Button>
                <Input
                  aria-label={t("pos:order.quantity", { name: item.product.name })}
                  className="h-8 w-16 text-center tabular-nums"
                  inputMode="decimal"
                  defaultValue={formatQuantity(item.quantity)}
                  key={item.quantity}
                  onClick={(e) => e.stopPropagation()}
                  onBlur={(e) => commitQuantity(store, item, e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") {
                      e.preventDefault();
                      commitQuantity(store, item, e.currentTarget.value);
                    }
                  }}
                />
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="size-8"
                  aria-label={t("pos:order.increase", { name: item.product.name })}
                  onClick={(e) => {
                    e.stopPropagation();
                    store.setQuantity(item.product.id, Number(item.quantity) + 1);
                  }}
                >
                  <Plus className="size-4" />
                </Button>
                <span className="ml-1">× {item.product.variable_price ? <VariablePrice item={item} store={store} ask={askPriceOf === item.product.id} onPriced={onPriced} /> : formatMoney(item.product.price, lang)}</span>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 text-destructive"
                aria-label={t("pos:order.remove", { name: item.product.name })}
                onClick={(e) => {
                  e.stopPropagation();
                  store.removeItem(item.product.id);
                }}
              >
                <Trash2 className="size-4" />
              </Button>
            </div>
            {shortStock?.[item.product.id] !== undefined ? (
              <div className="text-xs font-medium text-amber-700 dark:text-amber-400" data-testid="line-stock-warning">
                {t("pos:stock.short", { available: Number(shortStock[item.product.id]).toLocaleString(lang) })}
              </div>
            ) : null}
            {item.promotions.length > 0 ? (
              <div className="flex justify-between gap-2 text-xs font-medium text-emerald-700 dark:text-emerald-400" data-testid="line-promotion">
                <span className="inline-flex min-w-0 items-center gap-1">
                  <Tag className="size-3 shrink-0" aria-hidden />
                  <span className="sr-only">{t("pos:order.promotion")}: </span>
                  <span className="truncate">{item.promotions.map((p) => p.name).join(" + ")}</span>
                </span>
                <span className="tabular-nums">−{formatMoney(item.promotionSaving, lang)}</span>
              </div>
            ) : item.discount && Number(item.discountAmount) > 0 ? (
              <div className="flex justify-between text-xs text-emerald-700 dark:text-emerald-400">
                <span>{item.discount.description || t("pos:order.discount")}</span>
                <span className="tabular-nums">−{formatMoney(item.discountAmount, lang)}</span>
              </div>
            ) : null}
            <div className="flex justify-between text-xs text-muted-foreground">
              <span>{t("pos:order.itbis")}</span>
              <span className="tabular-nums">{formatMoney(item.taxAmount, lang)}</span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function commitQuantity(store: CartStore, item: CartItem, raw: string) {
  const value = Number(raw.replace(",", "."));
  if (!Number.isFinite(value)) return;
  if (String(value) !== String(Number(item.quantity))) store.setQuantity(item.product.id, value);
}

/** A variable-price product's unit price is typed by the cashier (the server accepts only this price from the client). */
function VariablePrice({ item, store, ask, onPriced }: { item: CartItem; store: CartStore; ask: boolean; onPriced?: () => void }) {
  const { t } = useTranslation();
  const ref = React.useRef<HTMLInputElement>(null);
  // Added to the cart (or charged) without a price: the field asks for it.
  React.useEffect(() => {
    if (!ask) return;
    ref.current?.focus();
    ref.current?.select();
  }, [ask]);
  return (
    <Input
      ref={ref}
      aria-label={t("pos:order.price", { name: item.product.name })}
      aria-invalid={Number(item.product.price) <= 0}
      className="inline-block h-8 w-24 text-right tabular-nums"
      inputMode="decimal"
      defaultValue={item.product.price}
      key={item.product.price}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          e.currentTarget.blur();
        }
      }}
      onBlur={(e) => {
        const value = Number(e.currentTarget.value.replace(",", "."));
        if (!Number.isFinite(value) || value < 0) return;
        if (value.toFixed(2) !== Number(item.product.price).toFixed(2)) {
          const items = store.getState().items.map((i) => (i.product.id === item.product.id ? { ...i, product: { ...i.product, price: value.toFixed(2) } } : i));
          store.replaceItems(items);
        }
        if (value > 0) onPriced?.();
      }}
    />
  );
}

export function OrderTotals({ totals, lang }: { totals: ReturnType<typeof promoteCart>["totals"]; lang: string }) {
  const { t } = useTranslation();
  return (
    <dl className="space-y-1 border-t px-3 py-3 text-sm">
      <Row label={t("pos:totals.subtotal")} value={formatMoney(totals.subtotal, lang)} />
      {Number(totals.promotionDiscount) > 0 ? <Row label={t("pos:totals.promotions")} value={`−${formatMoney(totals.promotionDiscount, lang)}`} testId="cart-promotion-discount" /> : null}
      {Number(totals.manualDiscount) > 0 ? <Row label={t("pos:totals.discount")} value={`−${formatMoney(totals.manualDiscount, lang)}`} /> : null}
      <Row label={t("pos:totals.itbis")} value={formatMoney(totals.taxTotal, lang)} />
      <div className="flex items-baseline justify-between pt-1">
        <dt className="text-base font-semibold">{t("pos:totals.total")}</dt>
        <dd className="text-3xl font-bold tabular-nums" data-testid="cart-total">
          {formatMoney(totals.total, lang)}
        </dd>
      </div>
    </dl>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function CustomerChip({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="button" variant="outline" className="h-11 w-full min-w-0 justify-start gap-2" onClick={onClick} aria-label={t("pos:customer.change", { name })}>
      <User className="size-4" aria-hidden />
      <span className="truncate" title={name}>
        {name}
      </span>
      <span className="ml-auto flex items-center gap-2">
        <CustomerPointsBadge />
        <span className="text-xs text-muted-foreground">F6</span>
      </span>
    </Button>
  );
}
