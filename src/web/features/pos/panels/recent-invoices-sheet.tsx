import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Ban, Eye, Printer, ReceiptText, RotateCcw } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { CANCEL_REASON_CODES, type CancelReasonCode, RECREATE_REASON_CODE } from "../../../../shared/invoices/schemas";
import { formatMoney } from "../../../../shared/money/format";
import { type AppRouter, useTRPC } from "../../../app/trpc";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, SheetContent } from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { cn } from "../../../lib/utils";
import { useCart } from "../cart/cart-store";
import { ConfirmDialog } from "./confirm-dialog";
import { EntryList, PanelHeading } from "./entry-list";
import { customerLabel } from "./format";
import { InvoiceDetailDialog } from "./invoice-detail-dialog";
import { recreateToValidateItems } from "./panel-logic";

type RecentInvoice = inferRouterOutputs<AppRouter>["pos"]["getRecentInvoices"][number];

/** The permissions the server accepts for pos.cancelInvoice. */
export const CANCEL_INVOICE_PERMISSIONS = ["pos.cancel_invoice", "invoices.cancel"];
/** Where cancel-and-recreate takes the user (spec 02 §2). */
export const POS_PATH = "/home/pos";
const LIMIT = 50;

/**
 * Recent invoices (spec 02 §2, §4): the last 50 or today's, each with number, NCF, customer
 * ('Contado' / 'Cash' by default), date, total and a cancelled badge. Actions: reprint (calls
 * onReprint with the receipt data), view detail, cancel, and cancel-and-recreate (the products
 * and the customer go back to the cart and the user lands on /home/pos). Cancelling needs
 * pos.cancel_invoice (or invoices.cancel); a cancelled invoice shows no cancel actions.
 */
export function RecentInvoicesSheet({ open, onOpenChange, onReprint }: { open: boolean; onOpenChange: (open: boolean) => void; onReprint: (receiptData: RecentInvoice["receiptData"]) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <RecentInvoicesContent onClose={() => onOpenChange(false)} onReprint={onReprint} /> : null}
    </Dialog>
  );
}

type Pending = { kind: "cancel" | "recreate"; invoice: RecentInvoice } | null;

function RecentInvoicesContent({ onClose, onReprint }: { onClose: () => void; onReprint: (receiptData: RecentInvoice["receiptData"]) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { canAny } = usePermissions();
  const cart = useCart();
  const [todayOnly, setTodayOnly] = React.useState(false);
  const [pending, setPendingState] = React.useState<Pending>(null);
  // The DGII 608 reason: chosen for a cancel; a cancel-and-recreate starts on 04 (information corrected).
  const [reasonCode, setReasonCode] = React.useState("");
  const setPending = (next: Pending) => {
    setPendingState(next);
    setReasonCode(next?.kind === "recreate" ? RECREATE_REASON_CODE : "");
  };
  const [detailId, setDetailId] = React.useState<string | null>(null);
  const canCancel = canAny(CANCEL_INVOICE_PERMISSIONS);

  const list = useQuery({ ...trpc.pos.getRecentInvoices.queryOptions({ limit: LIMIT, ...(todayOnly ? { today: true } : {}) }), staleTime: 0, meta: { silent: true } });
  const invoices = list.data ?? [];
  const cancel = useMutation(trpc.pos.cancelInvoice.mutationOptions({ meta: { silent: true } }));
  const validate = useMutation(trpc.pos.validateCart.mutationOptions({ meta: { silent: true } }));
  const busy = cancel.isPending || validate.isPending;

  async function confirm() {
    if (!pending || busy) return;
    const { kind, invoice } = pending;
    let result: Awaited<ReturnType<typeof cancel.mutateAsync>>;
    try {
      result = await cancel.mutateAsync({ invoiceId: invoice.id, recreate: kind === "recreate", ...(reasonCode ? { reasonCode: reasonCode as CancelReasonCode } : {}) });
    } catch (e) {
      const message = e instanceof Error ? e.message : "";
      toast({ variant: "destructive", title: message || t("posPanels:recent.cancelFailed") });
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: trpc.pos.getRecentInvoices.pathKey() });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: trpc.pos.getRecentInvoices.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.pos.getInvoiceDetail.queryKey({ invoiceId: invoice.id }) });
    if (kind === "cancel" || !result.recreateData) {
      toast({ variant: "success", title: t("posPanels:recent.cancelledToast", { number: invoice.orderNumber }) });
      setPending(null);
      return;
    }
    const data = result.recreateData;
    try {
      const validated = await validate.mutateAsync({ items: recreateToValidateItems(data.items) });
      cart.store.clear();
      cart.store.replaceItems(
        validated.items.map((i) => ({ product: i.product, quantity: i.quantity, discount: i.discount, alternateCodeUsages: i.alternateCodeUsages })),
        data.customerId,
      );
      const missing = data.items.length - validated.items.length;
      toast({
        variant: "success",
        title: t("posPanels:recent.recreatedToast", { number: invoice.orderNumber }),
        description: missing > 0 ? t("posPanels:recent.recreateItemsMissing", { count: missing }) : t("posPanels:recent.recreatedDescription"),
      });
    } catch (e) {
      toast({ variant: "destructive", title: t("posPanels:recent.recreateItemsFailed"), description: e instanceof Error ? e.message || undefined : undefined });
    }
    setPending(null);
    onClose();
    void navigate(POS_PATH);
  }

  return (
    <SheetContent closeLabel={t("posPanels:common.close")} className="sm:max-w-xl" data-testid="recent-invoices-sheet">
      <PanelHeading title={t("posPanels:recent.title")} description={t("posPanels:recent.description")} />

      <fieldset className="grid grid-cols-2 gap-1 rounded-[var(--radius-button)] border p-1">
        <legend className="sr-only">{t("posPanels:recent.filterLabel")}</legend>
        {[false, true].map((today) => (
          <Button
            key={String(today)}
            variant={todayOnly === today ? "default" : "ghost"}
            className="min-h-11"
            aria-pressed={todayOnly === today}
            onClick={() => setTodayOnly(today)}
            data-testid={today ? "recent-filter-today" : "recent-filter-last"}
          >
            {today ? t("posPanels:recent.today") : t("posPanels:recent.last50")}
          </Button>
        ))}
      </fieldset>

      <EntryList
        label={t("posPanels:recent.title")}
        count={invoices.length}
        loading={list.isLoading}
        skeleton={{ count: 4, className: "h-32 w-full" }}
        error={list.isError ? `${t("posPanels:recent.listError")}${list.error?.message ? `: ${list.error.message}` : ""}` : null}
        onRetry={() => void list.refetch()}
        empty={{ icon: ReceiptText, title: todayOnly ? t("posPanels:recent.emptyToday") : t("posPanels:recent.empty"), testId: "recent-invoices-empty" }}
      >
        {invoices.map((invoice) => {
          const cancelled = invoice.status === "cancelled";
          return (
            <li
              key={invoice.id}
              className={cn("grid grid-cols-1 gap-2 rounded-[var(--radius-card)] border p-4", cancelled && "bg-muted/40")}
              data-testid="recent-invoice"
              data-order-number={invoice.orderNumber}
              data-status={invoice.status}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-semibold">{invoice.orderNumber}</span>
                    {cancelled ? (
                      <Badge variant="destructive" data-testid="recent-invoice-cancelled">
                        {t("posPanels:recent.cancelled")}
                      </Badge>
                    ) : null}
                  </p>
                  <p className="text-sm">
                    <span className="text-muted-foreground">{t("posPanels:recent.ncf")}: </span>
                    <span className="font-mono">{invoice.ncf ?? t("posPanels:recent.noNcf")}</span>
                  </p>
                </div>
                <p className={cn("shrink-0 text-right text-lg font-semibold tabular-nums", cancelled && "text-muted-foreground line-through")}>{formatMoney(invoice.total, lang)}</p>
              </div>
              <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground">
                <span data-testid="recent-invoice-customer">{customerLabel(invoice.customerName, t("posPanels:common.cashCustomer"))}</span>
                <span>{formatDateTime(invoice.createdAt, lang)}</span>
              </p>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" className="min-h-11" onClick={() => onReprint(invoice.receiptData)}>
                  <Printer aria-hidden />
                  {t("posPanels:recent.reprint")}
                </Button>
                <Button variant="outline" className="min-h-11" data-entry-focus onClick={() => setDetailId(invoice.id)}>
                  <Eye aria-hidden />
                  {t("posPanels:recent.detail")}
                </Button>
                {canCancel && !cancelled ? (
                  <>
                    <Button variant="outline" className="min-h-11 text-destructive" disabled={busy} onClick={() => setPending({ kind: "cancel", invoice })}>
                      <Ban aria-hidden />
                      {t("posPanels:recent.cancel")}
                    </Button>
                    <Button variant="outline" className="min-h-11" disabled={busy} onClick={() => setPending({ kind: "recreate", invoice })}>
                      <RotateCcw aria-hidden />
                      {t("posPanels:recent.cancelRecreate")}
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </EntryList>

      <InvoiceDetailDialog invoiceId={detailId} open={!!detailId} onOpenChange={(next) => !next && setDetailId(null)} onReprint={(data) => onReprint(data as RecentInvoice["receiptData"])} />
      <ConfirmDialog
        open={!!pending}
        title={pending ? t(pending.kind === "cancel" ? "posPanels:recent.cancelConfirmTitle" : "posPanels:recent.recreateConfirmTitle", { number: pending.invoice.orderNumber }) : ""}
        description={pending ? t(pending.kind === "cancel" ? "posPanels:recent.cancelConfirmDescription" : "posPanels:recent.recreateConfirmDescription") : undefined}
        confirmLabel={busy ? t("posPanels:recent.working") : t(pending?.kind === "recreate" ? "posPanels:recent.confirmRecreate" : "posPanels:recent.confirmCancel")}
        destructive
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
        testId="recent-cancel-confirm"
        confirmDisabled={!reasonCode}
      >
        <div className="grid gap-1">
          <Label htmlFor="recent-cancel-reason">{t("invoices:cancel.reasonCode")}</Label>
          <select
            id="recent-cancel-reason"
            className="h-11 rounded-[var(--radius-button)] border bg-background px-2 text-sm"
            value={reasonCode}
            onChange={(e) => setReasonCode(e.target.value)}
            autoFocus
            data-testid="recent-cancel-reason"
          >
            <option value="">{t("invoices:cancel.choose")}</option>
            {CANCEL_REASON_CODES.map((c) => (
              <option key={c} value={c}>
                {c} · {t(`invoices:reasons.${c}`)}
              </option>
            ))}
          </select>
        </div>
      </ConfirmDialog>
    </SheetContent>
  );
}
