import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShoppingBag } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "../../../../shared/money/format";
import { ONLINE_ORDER_STATUSES, type OnlineOrderStatus } from "../../../../shared/storefront/cart";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, ListFilter, ListHeader, ListSearch } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogDescription, DialogHeader, DialogTitle, SheetContent } from "../../../components/ui/dialog";
import { Skeleton, SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/dates";
import { useListParams } from "../../../lib/use-list-params";

const statusVariant: Record<OnlineOrderStatus, "default" | "secondary" | "destructive" | "outline"> = {
  pending_payment: "secondary",
  invoiced: "default",
  expired: "outline",
  cancelled: "destructive",
};

/**
 * /home/storefront/orders: the shop's orders, newest first, searched by number, customer, e-mail
 * or phone and filtered by status. A row opens the order in a side sheet: lines, customer,
 * delivery, totals, its invoice (link to /home/invoices/{id}) and payment link; an order waiting
 * for its payment can be cancelled (its stock is released and its link cancelled).
 */
const LIST = { pageSize: 20, debounceMs: 300 };

export function OnlineOrdersPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (ONLINE_ORDER_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as OnlineOrderStatus) : null;
  const [openId, setOpenId] = React.useState<string | null>(null);

  const list = useQuery(trpc.ecommerce.findOnlineOrders.queryOptions({ search, status: status ?? undefined, page, pageSize }));
  const rows = list.data?.data ?? [];
  const money = (v: string) => formatMoney(v, i18n.language);

  return (
    <div className="grid gap-4">
      <ListHeader title={t("storefrontOrders:orders.title")} subtitle={t("storefrontOrders:orders.subtitle")} />
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label={t("storefrontOrders:orders.search")} value={text} onValueChange={setText} />
        <ListFilter
          id="order-status"
          label={t("storefrontOrders:orders.columns.status")}
          allLabel={t("storefrontOrders:orders.status.all")}
          value={status}
          options={ONLINE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`storefrontOrders:orders.status.${s}`) }))}
          onValueChange={(v) => update({ status: v, page: null })}
        />
      </div>
      <Table stack aria-label={t("storefrontOrders:orders.title")}>
        <THead>
          <TR>
            <TH>{t("storefrontOrders:orders.columns.number")}</TH>
            <TH>{t("storefrontOrders:orders.columns.date")}</TH>
            <TH>{t("storefrontOrders:orders.columns.customer")}</TH>
            <TH>{t("storefrontOrders:orders.columns.fulfillment")}</TH>
            <TH>{t("storefrontOrders:orders.columns.payment")}</TH>
            <TH className="text-right">{t("storefrontOrders:orders.columns.total")}</TH>
            <TH>{t("storefrontOrders:orders.columns.status")}</TH>
            <TH>{t("storefrontOrders:orders.columns.invoice")}</TH>
          </TR>
        </THead>
        <TBody>
          {list.isLoading ? <SkeletonRows rows={5} cols={8} /> : null}
          {!list.isLoading && rows.length === 0 ? <EmptyTableRow cols={8} icon={ShoppingBag} title={t("storefrontOrders:orders.empty")} hint="" testId="online-orders-empty" /> : null}
          {rows.map((o) => (
            <TR key={o.id} data-testid="online-order-row">
              <TD stack="primary">
                <Button variant="link" className="h-auto p-0 font-semibold" onClick={() => setOpenId(o.id)} aria-label={t("storefrontOrders:orders.view", { number: o.number })}>
                  {o.number}
                </Button>
              </TD>
              <TD label={t("storefrontOrders:orders.columns.date")} className="tabular-nums">
                {formatDateTime(o.createdAt, i18n.language)}
              </TD>
              <TD label={t("storefrontOrders:orders.columns.customer")}>
                {o.customerName}
                <span className="block text-xs text-muted-foreground">{o.email}</span>
              </TD>
              <TD label={t("storefrontOrders:orders.columns.fulfillment")}>{t(`storefrontOrders:orders.fulfillment.${o.fulfillment}`)}</TD>
              <TD label={t("storefrontOrders:orders.columns.payment")}>{t(`storefrontOrders:orders.payment.${o.paymentMethod}`)}</TD>
              <TD label={t("storefrontOrders:orders.columns.total")} className="text-right tabular-nums">
                {money(o.total)}
              </TD>
              <TD label={t("storefrontOrders:orders.columns.status")}>
                <Badge variant={statusVariant[o.status]}>{t(`storefrontOrders:orders.status.${o.status}`)}</Badge>
              </TD>
              <TD label={t("storefrontOrders:orders.columns.invoice")}>
                {o.invoiceId ? (
                  <Link to={`/home/invoices/${o.invoiceId}`} className="text-primary hover:underline">
                    {o.invoiceNumber}
                  </Link>
                ) : (
                  "—"
                )}
                {o.ncf ? <span className="block text-xs text-muted-foreground">{o.ncf}</span> : null}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <PaginationBar
        pagination={list.data?.pagination}
        onPage={setPage}
        onPageSize={setPageSize}
      />
      <Dialog open={!!openId} onOpenChange={(open) => !open && setOpenId(null)}>
        {openId ? <OrderSheet id={openId} /> : null}
      </Dialog>
    </div>
  );
}

function OrderSheet({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const order = useQuery(trpc.ecommerce.getOnlineOrder.queryOptions({ id }));
  const cancel = useMutation(
    trpc.ecommerce.cancelOnlineOrder.mutationOptions({
      onSuccess: () => {
        toast({ variant: "success", title: t("storefrontOrders:orders.cancelled") });
        void qc.invalidateQueries(trpc.ecommerce.findOnlineOrders.pathFilter());
        void qc.invalidateQueries(trpc.ecommerce.getOnlineOrder.pathFilter());
      },
      onError: (e) => toast({ variant: "destructive", title: t("storefrontOrders:orders.error"), description: e.message }),
    }),
  );
  const money = (v: string) => formatMoney(v, i18n.language);
  const o = order.data;
  return (
    <SheetContent closeLabel={t("storefrontOrders:orders.detail.close")} className="max-w-lg">
      <DialogHeader>
        <DialogTitle>{o ? t("storefrontOrders:orders.detail.title", { number: o.number }) : t("storefrontCart:cart.loading")}</DialogTitle>
        <DialogDescription>{o ? formatDateTime(o.createdAt, i18n.language) : ""}</DialogDescription>
      </DialogHeader>
      {o ? (
        <div className="grid gap-4 text-sm" data-testid="online-order-detail">
          <Badge variant={statusVariant[o.status]} className="justify-self-start">
            {t(`storefrontOrders:orders.status.${o.status}`)}
          </Badge>
          <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="text-muted-foreground">{t("storefrontOrders:orders.detail.customer")}</dt>
            <dd>
              {o.customerName} · {o.email} · {o.phone}
            </dd>
            {o.rnc ? (
              <>
                <dt className="text-muted-foreground">{t("storefrontOrders:orders.detail.rnc")}</dt>
                <dd>{o.rnc}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t("storefrontOrders:orders.columns.fulfillment")}</dt>
            <dd>
              {t(`storefrontOrders:orders.fulfillment.${o.fulfillment}`)}
              {o.address ? ` · ${o.address}` : ""}
            </dd>
            <dt className="text-muted-foreground">{t("storefrontOrders:orders.columns.payment")}</dt>
            <dd>{t(`storefrontOrders:orders.payment.${o.paymentMethod}`)}</dd>
            {o.notes ? (
              <>
                <dt className="text-muted-foreground">{t("storefrontOrders:orders.detail.notes")}</dt>
                <dd className="whitespace-pre-wrap">{o.notes}</dd>
              </>
            ) : null}
          </dl>
          <Table aria-label={t("storefrontOrders:orders.detail.lines")}>
            <THead>
              <TR>
                <TH>{t("storefrontOrders:orders.detail.product")}</TH>
                <TH className="text-right">{t("storefrontOrders:orders.detail.quantity")}</TH>
                <TH className="text-right">{t("storefrontOrders:orders.detail.price")}</TH>
                <TH className="text-right">{t("storefrontOrders:orders.detail.total")}</TH>
              </TR>
            </THead>
            <TBody>
              {o.lines.map((l) => (
                <TR key={l.storeProductId}>
                  <TD>{l.name}</TD>
                  <TD className="text-right tabular-nums">{l.quantity}</TD>
                  <TD className="text-right tabular-nums">{money(l.price)}</TD>
                  <TD className="text-right tabular-nums">{money(l.total)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 justify-self-end text-right tabular-nums">
            <dt>{t("storefrontOrders:orders.detail.subtotal")}</dt>
            <dd>{money(o.subtotal)}</dd>
            <dt>{t("storefrontOrders:orders.detail.tax")}</dt>
            <dd>{money(o.taxTotal)}</dd>
            <dt>{t("storefrontOrders:orders.detail.shipping")}</dt>
            <dd>{money(o.shippingTotal)}</dd>
            <dt className="font-bold">{t("storefrontOrders:orders.detail.total")}</dt>
            <dd className="font-bold">{money(o.total)}</dd>
          </dl>
          {o.invoice ? (
            <p>
              <Link to={`/home/invoices/${o.invoice.id}`} className="font-medium text-primary hover:underline">
                {t("storefrontOrders:orders.detail.openInvoice", { number: o.invoice.number ?? "" })}
              </Link>
              {o.invoice.ncf ? ` · NCF ${o.invoice.ncf}` : ""}
              {o.invoice.balanceDue && Number(o.invoice.balanceDue) > 0 ? ` · ${t("storefrontOrders:orders.detail.balanceDue", { amount: money(o.invoice.balanceDue) })}` : ""}
            </p>
          ) : null}
          {o.paymentLink ? (
            <p>
              {t("storefrontOrders:orders.detail.paymentLink")}: <Badge variant="outline">{t(`storefrontOrders:orders.detail.linkStatus.${o.paymentLink.status ?? "pending"}`)}</Badge>
              {o.status === "pending_payment" && o.reservedUntil ? (
                <span className="block text-xs text-muted-foreground">{t("storefrontOrders:orders.detail.reservedUntil", { time: formatDateTime(o.reservedUntil, i18n.language) })}</span>
              ) : null}
            </p>
          ) : null}
          {o.status === "pending_payment" || o.status === "expired" ? (
            <Button
              variant="destructive"
              className="justify-self-start"
              disabled={cancel.isPending}
              onClick={() => {
                if (window.confirm(t("storefrontOrders:orders.cancelConfirm", { number: o.number }))) cancel.mutate({ id: o.id });
              }}
            >
              {t("storefrontOrders:orders.cancel")}
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      )}
    </SheetContent>
  );
}
