import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { FileClock, Trash2, Upload } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../../shared/money/format";
import { type AppRouter, useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Dialog, SheetContent } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/dates";
import { useCart } from "../cart/cart-store";
import { ConfirmDialog } from "./confirm-dialog";
import { EntryList, PanelHeading } from "./entry-list";
import { customerLabel } from "./format";
import { heldInvoiceToCart } from "./panel-logic";

type HeldInvoice = inferRouterOutputs<AppRouter>["pos"]["getHeldInvoices"]["invoices"][number];

/**
 * 'Facturas Guardadas' (spec 02 §2, §4, §5): the held invoices with name, date, customer
 * ('Contado' by default), item count and total; 'Cargar al carrito' replaces the cart's items
 * and customer (asking first when the cart has items) and 'Eliminar' asks first.
 */
export function HeldInvoicesSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return <Dialog open={open} onOpenChange={onOpenChange}>{open ? <HeldInvoicesContent onClose={() => onOpenChange(false)} /> : null}</Dialog>;
}

type Pending = { kind: "delete"; invoice: HeldInvoice } | { kind: "replace"; invoice: HeldInvoice } | null;

function HeldInvoicesContent({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cart = useCart();
  const [pending, setPending] = React.useState<Pending>(null);
  const list = useQuery({ ...trpc.pos.getHeldInvoices.queryOptions(), staleTime: 0, meta: { silent: true } });
  const invoices = list.data?.invoices ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.pos.getHeldInvoices.queryKey() });

  const loadingInvoice = React.useRef<HeldInvoice | null>(null);
  const load = useMutation(
    trpc.pos.loadHeldInvoice.mutationOptions({
      meta: { silent: true },
      onSuccess: (answer) => {
        const invoice = loadingInvoice.current;
        const result = heldInvoiceToCart(answer);
        void refresh();
        if (!result.ok) {
          toast({ variant: "destructive", title: t(`posPanels:held.${result.error}`) });
          return;
        }
        cart.store.replaceItems(result.items, result.customerId);
        toast({ variant: "success", title: t("posPanels:held.loaded"), description: t("posPanels:held.loadedDescription", { name: invoice?.name ?? "", count: result.items.length }) });
        onClose();
      },
      onError: (e) => {
        toast({ variant: "destructive", title: t("posPanels:held.loadError"), description: e.message || undefined });
        void refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.pos.deleteHeldInvoice.mutationOptions({
      meta: { silent: true },
      onSuccess: () => {
        toast({ variant: "success", title: t("posPanels:held.deleted") });
        setPending(null);
        void refresh();
      },
      onError: (e) => {
        toast({ variant: "destructive", title: t("posPanels:held.deleteError"), description: e.message || undefined });
        setPending(null);
        void refresh();
      },
    }),
  );

  const startLoad = (invoice: HeldInvoice) => {
    loadingInvoice.current = invoice;
    load.mutate({ invoiceId: invoice.id });
  };
  const askLoad = (invoice: HeldInvoice) => {
    if (cart.store.getState().items.length > 0) setPending({ kind: "replace", invoice });
    else startLoad(invoice);
  };
  const busy = load.isPending || remove.isPending;

  return (
    <SheetContent closeLabel={t("posPanels:common.close")} className="sm:max-w-lg" data-testid="held-invoices-sheet">
      <PanelHeading title={t("posPanels:held.title")} description={t("posPanels:held.description")} />

      <EntryList
        label={t("posPanels:held.title")}
        count={invoices.length}
        loading={list.isLoading}
        skeleton={{ count: 3, className: "h-28 w-full" }}
        error={list.isError ? t("posPanels:held.listError") : null}
        onRetry={() => void list.refetch()}
        empty={{ icon: FileClock, title: t("posPanels:held.empty"), hint: t("posPanels:held.emptyHint"), testId: "held-invoices-empty" }}
      >
        {invoices.map((invoice) => (
          <li key={invoice.id} className="grid grid-cols-1 gap-3 rounded-[var(--radius-card)] border p-4" data-testid="held-invoice" data-held-id={invoice.id}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-semibold" data-testid="held-invoice-name" title={invoice.name}>
                  {invoice.name}
                </p>
                <p className="text-sm text-muted-foreground">{formatDateTime(invoice.createdAt, i18n.language)}</p>
              </div>
              <p className="shrink-0 text-right text-lg font-semibold tabular-nums" data-testid="held-invoice-total">
                {formatMoney(invoice.total, i18n.language)}
              </p>
            </div>
            <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <div className="flex gap-1">
                <dt className="text-muted-foreground">{t("posPanels:held.customer")}:</dt>
                <dd data-testid="held-invoice-customer">{customerLabel(invoice.customerName, t("posPanels:common.cashCustomer"))}</dd>
              </div>
              <div>
                <dt className="sr-only">{t("posPanels:held.items", { count: invoice.itemCount })}</dt>
                <dd data-testid="held-invoice-items">{t("posPanels:held.items", { count: invoice.itemCount })}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" className="min-h-11 text-destructive" disabled={busy} onClick={() => setPending({ kind: "delete", invoice })}>
                <Trash2 aria-hidden />
                {t("posPanels:held.delete")}
              </Button>
              <Button className="min-h-11" disabled={busy} data-entry-focus onClick={() => askLoad(invoice)}>
                <Upload aria-hidden />
                {load.isPending && loadingInvoice.current?.id === invoice.id ? t("posPanels:held.loading") : t("posPanels:held.load")}
              </Button>
            </div>
          </li>
        ))}
      </EntryList>

      <ConfirmDialog
        open={pending?.kind === "delete"}
        title={t("posPanels:held.deleteConfirmTitle")}
        description={pending ? t("posPanels:held.deleteConfirmDescription", { name: pending.invoice.name }) : undefined}
        confirmLabel={t("posPanels:held.delete")}
        destructive
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove.mutate({ id: pending.invoice.id })}
        testId="held-delete-confirm"
      />
      <ConfirmDialog
        open={pending?.kind === "replace"}
        title={t("posPanels:held.replaceConfirmTitle")}
        description={t("posPanels:held.replaceConfirm")}
        confirmLabel={t("posPanels:held.replace")}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const invoice = pending?.invoice;
          setPending(null);
          if (invoice) startLoad(invoice);
        }}
        testId="held-replace-confirm"
      />
    </SheetContent>
  );
}
