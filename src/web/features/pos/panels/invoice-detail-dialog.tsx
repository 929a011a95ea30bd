import { useQuery } from "@tanstack/react-query";
import { Printer } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney, formatQuantity } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { PaymentMethodBadge } from "../../../components/payment-method-badge";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime } from "../../../lib/dates";
import { customerLabel } from "./format";

/**
 * The invoice detail (spec 02 §2, §3): date, customer, NCF, product lines, subtotal, discount,
 * ITBIS, total, payments and change, from pos.getInvoiceDetail.
 */
export function InvoiceDetailDialog({
  invoiceId,
  open,
  onOpenChange,
  onReprint,
}: {
  invoiceId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** shows 'Reimprimir' with the invoice's receipt data */
  onReprint?: (receiptData: unknown) => void;
}) {
  return (
    <Dialog open={open && !!invoiceId} onOpenChange={onOpenChange}>
      {open && invoiceId ? <InvoiceDetailContent invoiceId={invoiceId} onReprint={onReprint} /> : null}
    </Dialog>
  );
}

function InvoiceDetailContent({ invoiceId, onReprint }: { invoiceId: string; onReprint?: (receiptData: unknown) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.pos.getInvoiceDetail.queryOptions({ invoiceId }), meta: { silent: true } });
  const d = detail.data;
  const money = (v: string | null | undefined) => formatMoney(v ?? "0", lang);

  return (
    <DialogContent closeLabel={t("posPanels:common.close")} className="max-h-[90dvh] max-w-3xl overflow-y-auto" data-testid="invoice-detail">
      <DialogHeader className="pr-8">
        <DialogTitle className="flex flex-wrap items-center gap-2">
          {d ? t("posPanels:detail.title", { number: d.orderNumber }) : t("posPanels:detail.description")}
          {d?.status === "cancelled" ? <Badge variant="destructive">{t("posPanels:detail.statusCancelled")}</Badge> : null}
        </DialogTitle>
        <DialogDescription className="sr-only">{t("posPanels:detail.description")}</DialogDescription>
      </DialogHeader>

      {detail.isLoading ? (
        <div className="grid gap-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : !d ? (
        <p role="alert" className="text-sm text-destructive">
          {t("posPanels:detail.loadError")}
          {detail.error?.message ? `: ${detail.error.message}` : ""}
        </p>
      ) : (
        <>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <Info label={t("posPanels:detail.date")}>{formatDateTime(d.createdAt, lang)}</Info>
            <Info label={t("posPanels:detail.customer")}>{customerLabel(d.customerName, t("posPanels:common.cashCustomer"))}</Info>
            <Info label={t("posPanels:detail.ncf")}>
              <span className="font-mono">{d.ncf ?? t("posPanels:detail.noNcf")}</span>
            </Info>
          </dl>

          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-sm" data-testid="invoice-detail-lines">
              <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                <tr>
                  <th className="px-3 py-2 font-medium">{t("posPanels:detail.product")}</th>
                  <th className="px-3 py-2 text-right font-medium">{t("posPanels:detail.quantity")}</th>
                  <th className="px-3 py-2 text-right font-medium">{t("posPanels:detail.unitPrice")}</th>
                  <th className="px-3 py-2 text-right font-medium">{t("posPanels:detail.discount")}</th>
                  <th className="px-3 py-2 text-right font-medium">{t("posPanels:detail.itbis")}</th>
                  <th className="px-3 py-2 text-right font-medium">{t("posPanels:detail.lineTotal")}</th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {d.items.map((item) => (
                  <tr key={item.id} className="border-t">
                    <td className="px-3 py-2">
                      {item.product_name}
                      {item.promotion_name ? (
                        <span className="block text-xs text-emerald-700 dark:text-emerald-400" data-testid="detail-line-promotion">
                          {item.promotion_name}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 text-right">{formatQuantity(item.quantity)}</td>
                    <td className="px-3 py-2 text-right">{money(item.unit_price)}</td>
                    <td className="px-3 py-2 text-right">{money(item.discount_value)}</td>
                    <td className="px-3 py-2 text-right">{money(item.itbis)}</td>
                    <td className="px-3 py-2 text-right font-medium">{money(item.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <section aria-labelledby="invoice-detail-payments" className="grid content-start gap-2 text-sm">
              <h3 id="invoice-detail-payments" className="font-semibold">
                {t("posPanels:detail.payments")}
              </h3>
              {d.payments.length === 0 ? (
                <p className="text-muted-foreground">{t("posPanels:detail.noPayments")}</p>
              ) : (
                <ul className="grid gap-1">
                  {d.payments.map((p) => (
                    <li key={p.id} className="flex justify-between gap-3">
                      <span className="inline-flex items-center gap-2">
                        <PaymentMethodBadge code={p.payment_method_code} name={p.payment_method_name} />
                        {p.payment_method_name}
                        {p.reference ? <span className="text-muted-foreground"> · {t("posPanels:detail.reference", { reference: p.reference })}</span> : null}
                      </span>
                      <span className="tabular-nums">{formatMoney(p.amount, lang, p.currency)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <dl className="grid content-start gap-1 text-sm tabular-nums" data-testid="invoice-detail-totals">
              <Total label={t("posPanels:detail.subtotal")} value={money(d.subtotal)} />
              <Total label={t("posPanels:detail.discount")} value={money(d.discountAmount)} />
              <Total label={t("posPanels:detail.itbis")} value={money(d.taxAmount)} />
              <Total label={t("posPanels:detail.total")} value={money(d.total)} strong />
              <Total label={t("posPanels:detail.change")} value={money(d.changeAmount)} />
            </dl>
          </div>

          {onReprint ? (
            <DialogFooter>
              <Button variant="outline" className="min-h-11" onClick={() => onReprint(d.receiptData)}>
                <Printer aria-hidden />
                {t("posPanels:detail.reprint")}
              </Button>
            </DialogFooter>
          ) : null}
        </>
      )}
    </DialogContent>
  );
}

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Total({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between border-t pt-1 text-base font-bold" : "flex justify-between"}>
      <dt>{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}
