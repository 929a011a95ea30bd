import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Archive, Banknote, CreditCard, FolderOpen, History, Percent, Save, Terminal, Trash2, Usb, Wallet } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../shared/money/format";
import { DEFAULT_CUSTOMER_ID } from "../../../shared/pos/cart";
import type { ReceiptData } from "../../../shared/pos/receipt";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { isTextField } from "../../lib/keyboard";
import { usePermissions } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { useTenantConfig } from "../../lib/theme";
import { cn } from "../../lib/utils";
import { CloseCashboxDialog, OpenCashboxDialog, useActiveCashbox } from "../cashbox";
import { ReturnWizard } from "../credit-notes/return-wizard";
import { CustomerSearchPanel } from "../customers/customer-search-panel";
import { ncfWarningText } from "../ncf/ncf-warning";
import { RequirePermission } from "../shell/guards";
import { useCart } from "./cart/cart-store";
import { useCartValidation } from "./cart/use-cart-validation";
import { usePromotedCart } from "./cart/use-promoted-cart";
import { type CheckoutChoice, CheckoutDialog } from "./checkout-dialog";
import { QuickCommandDialog, usePosCommands } from "./commands";
import { CustomerChip, OrderLines, OrderTotals } from "./order-panel";
import { type AppliedDiscounts, DiscountSheet, HeldInvoicesSheet, HoldInvoiceDialog, POS_PANEL_BUTTON_KEYS, RecentInvoicesSheet } from "./panels";
import { LastCardTransactionDialog } from "./panels/last-card-transaction-dialog";
import { type CompletedOrder, PostOrderDialog } from "./post-order-dialog";
import { openCashDrawer } from "./printing/print-receipt";
import { ProductFinder } from "./product-finder";
import { connectUsb, printOrderReceipt, usbErrorKey } from "./receipt-actions";

export function PosPage() {
  return (
    <RequirePermission permission="pos.access">
      <PosScreen />
    </RequirePermission>
  );
}

type Panel = "none" | "customer" | "checkout" | "discounts" | "hold" | "held" | "recent" | "commands" | "openCashbox" | "closeCashbox" | "returns" | "lastCard";


function PosScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const session = useSession();
  const cart = useCart();
  const { store, items, customerId, warehouseId } = cart;
  const priced = usePromotedCart(items);
  const searchRef = React.useRef<HTMLInputElement>(null);
  const [panel, setPanel] = React.useState<Panel>("none");
  const [selected, setSelected] = React.useState<string | null>(null);
  const [posted, setPosted] = React.useState<CompletedOrder | null>(null);
  const clientOrderId = React.useRef<{ id: string; version: number } | null>(null);
  /** The discount panel's last choice: its payment methods and an administrator's authorization of a custom discount. */
  const [applied, setApplied] = React.useState<AppliedDiscounts | null>(null);
  React.useEffect(() => {
    if (items.length === 0) setApplied(null);
  }, [items.length]);

  const validateCart = useMutation(trpc.pos.validateCart.mutationOptions());
  useCartValidation((input) => validateCart.mutateAsync(input));

  // Warehouse: the cart's, else the user's, else the default one.
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  React.useEffect(() => {
    if (warehouseId || !warehouses.data?.length) return;
    const mine = warehouses.data.find((w) => w.id === session.data?.warehouseId);
    store.setWarehouse((mine ?? warehouses.data.find((w) => w.isDefault) ?? warehouses.data[0])!.id);
  }, [warehouseId, warehouses.data, session.data?.warehouseId, store]);

  const customer = useQuery({ ...trpc.customer.getById.queryOptions({ id: customerId }), enabled: customerId !== DEFAULT_CUSTOMER_ID });
  const customerName = customerId === DEFAULT_CUSTOMER_ID ? t("pos:customer.default") : (customer.data?.name ?? "…");
  const cashbox = useActiveCashbox();
  // Cash control: unless the shop sells without a cash box, a sale needs the cashier's open box.
  const sellWithoutCashbox = useTenantConfig().data?.config.sell_without_cashbox ?? false;
  const cashboxClosed = !sellWithoutCashbox && !cashbox.isLoading && !cashbox.data;
  // The session being closed stays on screen until its summary is read (the active one is gone by then).
  const [closingSessionId, setClosingSessionId] = React.useState<string | null>(null);
  // Opening the box from 'Cobrar' goes on to the payment once it is open.
  const chargeAfterOpening = React.useRef(false);
  const openedToCharge = React.useRef(false);

  // The selected line follows the last added product (+, − and Delete act on it).
  const lineCount = React.useRef(items.length);
  const [askPriceOf, setAskPriceOf] = React.useState<string | null>(null);
  React.useEffect(() => {
    const added = items.length > lineCount.current;
    lineCount.current = items.length;
    if (items.length === 0) setSelected(null);
    else if (added || !selected || !items.some((i) => i.product.id === selected)) setSelected(items[items.length - 1]!.product.id);
    // A variable-price product is added without its price: its field asks for it.
    const last = items[items.length - 1];
    if (added && last?.product.variable_price && Number(last.product.price) <= 0) setAskPriceOf(last.product.id);
  }, [items, selected]);

  // Stock: a line that takes more than the warehouse has is flagged, and the payment says what will happen.
  const stockQuery = useQuery({
    ...trpc.pos.getCartStock.queryOptions({ warehouseId: warehouseId ?? "", productIds: items.map((i) => i.product.id) }),
    enabled: !!warehouseId && items.length > 0,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const shortStock = React.useMemo(() => {
    const stock = stockQuery.data?.stock ?? {};
    return Object.fromEntries(items.filter((i) => stock[i.product.id] !== undefined && Number(i.quantity) > Number(stock[i.product.id])).map((i) => [i.product.id, stock[i.product.id]!]));
  }, [items, stockQuery.data]);
  const shortNames = items.filter((i) => shortStock[i.product.id] !== undefined).map((i) => i.product.name);
  const stockNotice = shortNames.length
    ? t(stockQuery.data?.allowNegative ? "pos:stock.checkoutWarn" : "pos:stock.checkoutRefuse", { names: shortNames.join(", ") })
    : null;

  // Quick commands of the POS (030 returns, 031 last card transaction); other modules add theirs.
  usePosCommands({
    openReturns: () => setPanel("returns"),
    openLastCardTransaction: () => setPanel("lastCard"),
  });

  const checkout = useMutation(
    trpc.pos.checkout.mutationOptions({
      onSuccess: (r) => {
        const data = r.receiptData as ReceiptData & { openDrawer?: boolean; customer: { email: string | null; phone: string | null } };
        setPosted({ orderId: r.orderId, orderNumber: r.orderNumber, ncf: r.ncf, total: r.total, changeAmount: r.changeAmount, customerEmail: data.customer.email, customerPhone: data.customer.phone, receiptData: data });
        clientOrderId.current = null;
        store.clear();
        const ncfWarning = r.ncfWarning ? ncfWarningText(t, { ...r.ncfWarning, lowRange: r.ncfWarning.low, lastExpiresOn: r.ncfWarning.expiresOn }, lang) : null;
        if (ncfWarning) toast({ title: ncfWarning });
        const paidCash = data.payments.some((p) => (p as { payment_method_code?: string }).payment_method_code === "CASH");
        if (paidCash && data.openDrawer && data.printServer) void openCashDrawer({ printServer: data.printServer });
        void qc.invalidateQueries({ queryKey: trpc.ncf.pathKey() });
        void qc.invalidateQueries({ queryKey: trpc.pos.getRecentInvoices.pathKey() });
        void qc.invalidateQueries({ queryKey: trpc.pos.getCartStock.pathKey() });
      },
      onError: (e) => {
        setPosted(null);
        setPanel("checkout");
        toast({ title: t("pos:checkout.error"), description: tMessage(e.message) ?? e.message, variant: "destructive" });
      },
    }),
  );

  /** The checkout's idempotency key: the same sale keeps it across retries (its card charges are bound to it); a changed cart is a new sale. */
  function checkoutKey() {
    const { version } = store.getState();
    if (!clientOrderId.current || clientOrderId.current.version !== version) clientOrderId.current = { id: crypto.randomUUID(), version };
    return clientOrderId.current.id;
  }

  function confirmCheckout(choice: CheckoutChoice) {
    const id = checkoutKey();
    setPanel("none");
    setPosted({ orderId: "pending", orderNumber: "", ncf: null, total: "0", changeAmount: "0", customerEmail: null, customerPhone: null, receiptData: null });
    checkout.mutate({
      clientOrderId: id,
      customerId,
      warehouseId: warehouseId!,
      ...(cashbox.data?.cashboxId ? { cashboxId: cashbox.data.cashboxId } : {}),
      ...(choice.ncfTypeId ? { ncfTypeId: choice.ncfTypeId } : {}),
      items: store.getState().items.map((i) => ({
        productId: i.product.id,
        quantity: i.quantity,
        ...(i.product.variable_price ? { price: i.product.price } : {}),
        ...(i.discount ? { discount: { type: i.discount.type, value: i.discount.value, ...(i.discount.description ? { description: i.discount.description } : {}) } } : {}),
        ...(i.alternateCodeUsages.length ? { alternateCodeUsages: i.alternateCodeUsages.map((u) => ({ ...u, alternateCodeId: u.id })) } : {}),
        ...((i.sellerId ?? choice.sellerId) ? { sellerId: i.sellerId ?? choice.sellerId } : {}),
      })),
      payments: choice.payments,
      ...(applied?.authorizationRequestId ? { customDiscountRequestId: applied.authorizationRequestId } : {}),
    });
  }

  const print = React.useCallback(
    async (order: CompletedOrder | { receiptData: unknown }) => {
      const ok = await printOrderReceipt(order.receiptData as ReceiptData, lang);
      if (!ok) toast({ title: t("pos:printing.printError"), variant: "destructive" });
    },
    [lang, t],
  );

  function openCheckout() {
    if (items.length === 0) {
      toast({ title: t("pos:errors.cartEmpty"), variant: "destructive" });
      return;
    }
    if (!warehouseId) return;
    // A variable-price line is never charged at 0: its price is asked for first.
    const unpriced = items.find((i) => i.product.variable_price && Number(i.product.price) <= 0);
    if (unpriced) {
      toast({ title: t("pos:errors.variablePriceMissing", { name: unpriced.product.name }), variant: "destructive" });
      setAskPriceOf(null);
      setTimeout(() => setAskPriceOf(unpriced.product.id), 0);
      return;
    }
    if (cashboxClosed) {
      if (!can("cash_box.open")) {
        toast({ title: t("pos:cashbox.closedToSell"), description: t("pos:cashbox.askToOpen"), variant: "destructive" });
        return;
      }
      chargeAfterOpening.current = true;
      setPanel("openCashbox");
      return;
    }
    setPanel("checkout");
  }

  // Keyboard: F2 search, F4… only while no dialog is open (dialogs own their keys).
  React.useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (panel !== "none" || posted) return;
      const typing = isTextField(document.activeElement);
      const keys: Record<string, () => void> = {
        F2: () => searchRef.current?.focus(),
        F6: () => setPanel("customer"),
        F7: () => setPanel("discounts"),
        F8: () => setPanel("hold"),
        F9: openCheckout,
        F10: () => setPanel("commands"),
      };
      if (keys[e.key]) {
        e.preventDefault();
        keys[e.key]!();
        return;
      }
      // The empty search box lends +, −, Delete and the arrows to the selected line (a scan or a
      // typed code never starts with them); any other text field, or the search with text, types.
      const emptySearch = document.activeElement === searchRef.current && !searchRef.current?.value;
      if ((typing && !emptySearch) || !selected) return;
      const line = items.find((i) => i.product.id === selected);
      if (!line) return;
      const index = items.indexOf(line);
      if (e.key === "+" || e.key === "Add") store.setQuantity(selected, Number(line.quantity) + 1);
      else if (e.key === "-" || e.key === "Subtract") store.setQuantity(selected, Number(line.quantity) - 1);
      else if (e.key === "Delete") store.removeItem(selected);
      else if (e.key === "ArrowDown") setSelected(items[Math.min(index + 1, items.length - 1)]!.product.id);
      else if (e.key === "ArrowUp") setSelected(items[Math.max(index - 1, 0)]!.product.id);
      else return;
      e.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  React.useEffect(() => {
    searchRef.current?.focus();
  }, []);

  const closePanel = (open: boolean) => {
    if (!open) {
      setPanel("none");
      setTimeout(() => searchRef.current?.focus(), 0);
    }
  };

  return (
    <div className="flex flex-col gap-3 pb-24 lg:h-[calc(100dvh-7.5rem)] lg:min-h-[32rem] lg:flex-row lg:pb-0">
      <section className="flex h-[28rem] min-w-0 flex-col gap-3 lg:h-auto lg:min-h-0 lg:flex-1" aria-label={t("pos:products")}>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">{t("pos:warehouse")}</span>
            <select aria-label={t("pos:warehouse")} className="h-10 rounded-md border border-input bg-background px-2 text-sm" value={warehouseId ?? ""} onChange={(e) => store.setWarehouse(e.target.value)}>
              {(warehouses.data ?? []).map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </label>
          <CashboxStatus
            name={cashbox.data?.cashboxName ?? null}
            onOpen={() => setPanel("openCashbox")}
            onClose={() => {
              setClosingSessionId(cashbox.data?.sessionId ?? null);
              setPanel("closeCashbox");
            }}
            canOpen={can("cash_box.open")}
            canClose={can("cash_box.close")}
          />
          <div className="ml-auto flex flex-wrap gap-2">
            <ToolbarButton icon={Terminal} label={t(POS_PANEL_BUTTON_KEYS.quickCommands)} shortcut="F10" onClick={() => setPanel("commands")} />
            <ToolbarButton icon={CreditCard} label={t("posPanels:card.title")} iconOnly onClick={() => setPanel("lastCard")} />
            <ToolbarButton
              icon={Usb}
              label={t("pos:toolbar.usbPrinter")}
              iconOnly
              onClick={() =>
                connectUsb()
                  .then((p) => (p ? toast({ title: t("pos:printing.usbConnected") }) : undefined))
                  .catch((e) => toast({ title: t(usbErrorKey(e)), variant: "destructive" }))
              }
            />
          </div>
        </div>
        <ProductFinder searchRef={searchRef} lang={lang} onAdd={(input) => store.addItem(input)} />
      </section>

      <aside className="flex min-h-[24rem] w-full flex-col rounded-lg border bg-card lg:min-h-0 lg:w-[26rem]" aria-label={t("pos:order.title")}>
        <div className="flex items-center gap-2 border-b p-3">
          <CustomerChip name={customerName} onClick={() => setPanel("customer")} />
          <Button type="button" variant="ghost" size="icon" className="size-11 shrink-0" aria-label={t("pos:order.clear")} disabled={items.length === 0} onClick={() => store.clear()}>
            <Trash2 className="size-4" />
          </Button>
        </div>
        <OrderLines
          items={priced.items}
          store={store}
          selected={selected}
          onSelect={setSelected}
          lang={lang}
          askPriceOf={askPriceOf}
          shortStock={shortStock}
          onPriced={() => {
            if (!askPriceOf) return;
            setAskPriceOf(null);
            setTimeout(() => searchRef.current?.focus(), 0);
          }}
        />
        <OrderTotals totals={priced.totals} lang={lang} />
        <div className="grid grid-cols-2 gap-2 border-t p-3">
          <Button type="button" variant="outline" className="h-11" onClick={() => setPanel("discounts")} disabled={items.length === 0}>
            <Percent className="size-4" /> {t(POS_PANEL_BUTTON_KEYS.discounts)} <Kbd>F7</Kbd>
          </Button>
          <Button type="button" variant="outline" className="h-11" onClick={() => setPanel("hold")} disabled={items.length === 0 || !can("pos.hold_invoice")}>
            <Save className="size-4" /> {t(POS_PANEL_BUTTON_KEYS.hold)} <Kbd>F8</Kbd>
          </Button>
          <Button type="button" variant="outline" className="h-11" onClick={() => setPanel("held")}>
            <FolderOpen className="size-4" /> {t(POS_PANEL_BUTTON_KEYS.heldInvoices)}
          </Button>
          <Button type="button" variant="outline" className="h-11" onClick={() => setPanel("recent")}>
            <History className="size-4" /> {t(POS_PANEL_BUTTON_KEYS.recentInvoices)}
          </Button>
          {cashboxClosed ? (
            <p role="status" className="col-span-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm" data-testid="pos-cashbox-closed">
              {t("pos:cashbox.closedToSell")} {can("cash_box.open") ? null : t("pos:cashbox.askToOpen")}
            </p>
          ) : null}
          <Button type="button" className="col-span-2 hidden h-14 text-lg lg:inline-flex" onClick={openCheckout} disabled={items.length === 0 || !warehouseId}>
            <Banknote className="size-5" /> {t("pos:pay")} <Kbd>F9</Kbd>
          </Button>
        </div>
        {/* Phones and tablets: the total and Cobrar stay at the foot of the screen while the products scroll. */}
        <div className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-3 border-t bg-card p-3 shadow-lg lg:hidden" data-testid="pos-sticky-pay">
          <div className="grid min-w-0 flex-1">
            <span className="text-xs text-muted-foreground">{t("pos:totals.total")}</span>
            <span className="truncate text-2xl font-bold tabular-nums">{formatMoney(priced.totals.total, lang)}</span>
          </div>
          <Button type="button" className="h-12 px-6 text-lg" onClick={openCheckout} disabled={items.length === 0 || !warehouseId}>
            <Banknote className="size-5" /> {t("pos:pay")}
          </Button>
        </div>
      </aside>

      <CustomerSearchPanel
        open={panel === "customer"}
        onOpenChange={closePanel}
        onSelect={(c) => {
          store.setCustomer(c.id);
          closePanel(false);
        }}
      />
      <CheckoutDialog
        open={panel === "checkout"}
        onOpenChange={closePanel}
        total={priced.totals.total}
        customerName={customerName}
        buyer={customerId === DEFAULT_CUSTOMER_ID ? { taxId: null } : { taxId: customer.data?.taxId ?? null, taxIdOverride: customer.data?.taxIdOverride ?? false }}
        busy={checkout.isPending}
        preferredMethodIds={applied?.paymentMethodIds ?? []}
        onConfirm={confirmCheckout}
        lang={lang}
        stockNotice={stockNotice}
        cashboxId={cashbox.data?.cashboxId ?? null}
        checkoutKey={checkoutKey}
      />
      <PostOrderDialog
        order={posted}
        lang={lang}
        onPrint={print}
        onClose={() => {
          setPosted(null);
          setTimeout(() => searchRef.current?.focus(), 0);
        }}
      />
      <DiscountSheet open={panel === "discounts"} onOpenChange={closePanel} onApply={setApplied} />
      <HoldInvoiceDialog open={panel === "hold"} onOpenChange={closePanel} />
      <HeldInvoicesSheet open={panel === "held"} onOpenChange={closePanel} />
      <RecentInvoicesSheet open={panel === "recent"} onOpenChange={closePanel} onReprint={(receiptData) => void print({ receiptData })} />
      <QuickCommandDialog open={panel === "commands"} onOpenChange={closePanel} />
      <ReturnWizard open={panel === "returns"} onOpenChange={closePanel} />
      <LastCardTransactionDialog open={panel === "lastCard"} onOpenChange={closePanel} cashboxId={cashbox.data?.cashboxId ?? null} />
      <OpenCashboxDialog
        open={panel === "openCashbox"}
        notice={chargeAfterOpening.current ? t("pos:cashbox.openToSell") : undefined}
        onOpened={() => {
          openedToCharge.current = chargeAfterOpening.current;
        }}
        onOpenChange={(open) => {
          if (open) return;
          const charge = openedToCharge.current && store.getState().items.length > 0;
          chargeAfterOpening.current = false;
          openedToCharge.current = false;
          if (charge) setPanel("checkout");
          else closePanel(false);
        }}
      />
      <CloseCashboxDialog open={panel === "closeCashbox"} onOpenChange={closePanel} sessionId={closingSessionId} />
    </div>
  );
}

function Kbd({ children }: { children: React.ReactNode }) {
  return <kbd className="ml-1 rounded border px-1 text-[10px] font-normal opacity-80">{children}</kbd>;
}

function ToolbarButton({ icon: Icon, label, shortcut, iconOnly, onClick }: { icon: typeof Archive; label: string; shortcut?: string; iconOnly?: boolean; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" className="h-10" onClick={onClick} aria-label={iconOnly ? label : undefined} title={iconOnly ? label : undefined}>
      <Icon className="size-4" aria-hidden /> {iconOnly ? null : label}
      {shortcut ? <Kbd>{shortcut}</Kbd> : null}
    </Button>
  );
}

function CashboxStatus({ name, onOpen, onClose, canOpen, canClose }: { name: string | null; onOpen: () => void; onClose: () => void; canOpen: boolean; canClose: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={cn("flex items-center gap-2 rounded-md border px-2 py-1 text-sm", name ? "border-emerald-600/40" : "border-amber-500/50")}>
      <Wallet className="size-4" aria-hidden />
      <span>{name ? t("pos:cashbox.open", { name }) : t("pos:cashbox.closed")}</span>
      {name && canClose ? (
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          {t("pos:cashbox.closeAction")}
        </Button>
      ) : null}
      {!name && canOpen ? (
        <Button type="button" size="sm" variant="ghost" onClick={onOpen}>
          {t("pos:cashbox.openAction")}
        </Button>
      ) : null}
    </div>
  );
}
