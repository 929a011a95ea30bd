import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { ArrowLeft, Ban, CheckCircle2, Mail, MessageCircle, PackageCheck, Pencil, Send } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { availableActions, type PurchaseOrderAction } from "../../../shared/purchasing/status";
import { type AppRouter, fieldErrors, useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate, formatDateTime } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { PurchaseStatusBadge } from "./status-badge";

type Order = inferRouterOutputs<AppRouter>["purchaseOrder"]["getById"];

/** One purchase order: its status, the actions the transition table and the user's permissions allow, lines and receipts. */
export function PurchaseOrderDetailPage() {
  const { id = "" } = useParams();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [dialog, setDialog] = React.useState<"send" | "receive" | "cancel" | null>(null);
  const query = useQuery(trpc.purchaseOrder.getById.queryOptions({ id }));
  const refresh = async (o?: Order) => {
    if (o) qc.setQueryData(trpc.purchaseOrder.getById.queryKey({ id }), o);
    await qc.invalidateQueries({ queryKey: trpc.purchaseOrder.getAll.queryKey() });
  };
  const errorToast = (title: string) => (e: { message: string }) => toast({ variant: "destructive", title, description: e.message });
  const submit = useMutation(
    trpc.purchaseOrder.submit.mutationOptions({
      onSuccess: async (o) => {
        await refresh(o);
        toast({ title: o.status === "approved" ? t("purchasing:detail.autoApproved") : t("purchasing:detail.submitted"), variant: "success" });
      },
      onError: errorToast(t("purchasing:toasts.updateError")),
      meta: { silent: true },
    }),
  );
  const approve = useMutation(
    trpc.purchaseOrder.approve.mutationOptions({
      onSuccess: async (o) => {
        await refresh(o);
        toast({ title: t("purchasing:detail.approved"), variant: "success" });
      },
      onError: errorToast(t("purchasing:toasts.updateError")),
      meta: { silent: true },
    }),
  );
  const closeWith = async (u: Order) => {
    await refresh(u);
    setDialog(null);
  };
  // The provider's receipts not billed yet: each offers its supplier bill (payables), prefilled from it.
  const providerId = query.data?.provider.id;
  const unbilled = useQuery({
    ...trpc.supplierBill.receipts.queryOptions({ providerId: providerId ?? "" }),
    enabled: !!providerId && can("payables.create") && (query.data?.receipts.length ?? 0) > 0,
  });
  const unbilledIds = new Set(unbilled.data?.map((r) => r.id));
  const o = query.data;
  if (!o) return <Skeleton className="h-64 w-full" />;
  const actions = availableActions(o.status, can);
  const has = (a: PurchaseOrderAction) => actions.includes(a);
  const needsApproval = o.status === "pending_approval";
  const info: [string, React.ReactNode][] = [
    [t("purchasing:fields.status"), <PurchaseStatusBadge key="s" status={o.status} />],
    [t("purchasing:fields.provider"), o.provider.name],
    [t("purchasing:fields.warehouse"), o.warehouseName],
    [t("purchasing:fields.orderDate"), formatDate(o.orderDate, lang)],
    [t("purchasing:fields.expectedDate"), o.expectedDate ? formatDate(o.expectedDate, lang) : "—"],
    [t("purchasing:fields.paymentTerms"), o.paymentTerm?.name ?? "—"],
    [t("purchasing:fields.createdBy"), o.createdByName ?? "—"],
    [t("purchasing:fields.notes"), o.notes ?? "—"],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate("/home/purchase-orders")} aria-label={t("purchasing:form.back")}>
          <ArrowLeft />
        </Button>
        <h1 className="flex-1 text-2xl font-bold" data-testid="po-number">
          {o.number}
        </h1>
        {has("update") ? (
          <Button variant="outline" onClick={() => void navigate(`/home/purchase-orders/${o.id}/edit`)} data-testid="po-edit">
            <Pencil />
            {t("purchasing:detail.edit")}
          </Button>
        ) : null}
        {has("submit") ? (
          <Button disabled={submit.isPending} onClick={() => submit.mutate({ id: o.id })} data-testid="po-submit">
            <Send />
            {t("purchasing:detail.submit")}
          </Button>
        ) : null}
        {has("approve") ? (
          <Button disabled={approve.isPending} onClick={() => approve.mutate({ id: o.id })} data-testid="po-approve">
            <CheckCircle2 />
            {t("purchasing:detail.approve")}
          </Button>
        ) : null}
        {has("send") ? (
          <Button variant={o.status === "approved" ? "default" : "outline"} onClick={() => setDialog("send")} data-testid="po-send">
            <Mail />
            {t("purchasing:detail.send")}
          </Button>
        ) : null}
        {has("receive") ? (
          <Button onClick={() => setDialog("receive")} data-testid="po-receive">
            <PackageCheck />
            {t("purchasing:detail.receive")}
          </Button>
        ) : null}
        {has("cancel") ? (
          <Button variant="outline" onClick={() => setDialog("cancel")} data-testid="po-cancel">
            <Ban />
            {t("purchasing:detail.cancel")}
          </Button>
        ) : null}
      </div>
      {needsApproval ? (
        <p className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm" role="status">
          {t("purchasing:detail.needsApproval", { threshold: formatMoney(o.approvalThreshold, lang) })}
        </p>
      ) : null}
      <Card>
        <CardContent className="grid gap-3 pt-5 sm:grid-cols-2 lg:grid-cols-4">
          {info.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <div className="text-xs text-muted-foreground">{label}</div>
              <div className="break-words font-medium">{value}</div>
            </div>
          ))}
          {o.sentAt ? (
            <div className="min-w-0 sm:col-span-2" data-testid="po-sent">
              <div className="text-xs text-muted-foreground">{formatDateTime(o.sentAt, lang)}</div>
              <div className="break-words font-medium">{t("purchasing:detail.sentTo", { via: t(`purchasing:detail.via.${o.sentVia ?? "email"}`), to: o.sentTo ?? "—" })}</div>
            </div>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("purchasing:fields.lines")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Table stack aria-label={t("purchasing:fields.lines")}>
            <THead>
              <TR>
                <TH>{t("purchasing:fields.product")}</TH>
                <TH>{t("purchasing:fields.providerCode")}</TH>
                <TH className="text-right">{t("purchasing:fields.quantity")}</TH>
                <TH className="text-right">{t("purchasing:fields.received")}</TH>
                <TH className="text-right">{t("purchasing:fields.unitCost")}</TH>
                <TH className="text-right">{t("purchasing:fields.taxPercent")}</TH>
                <TH className="text-right">{t("purchasing:fields.subtotal")}</TH>
              </TR>
            </THead>
            <TBody>
              {o.lines.map((l) => (
                <TR key={l.id} data-testid="po-detail-line">
                  <TD stack="primary">
                    <div className="font-medium">{l.productName}</div>
                    <div className="font-mono text-xs text-muted-foreground">{l.sku}</div>
                  </TD>
                  <TD className="font-mono text-xs" label={t("purchasing:fields.providerCode")}>
                    {l.providerCode ?? "—"}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("purchasing:fields.quantity")}>
                    {formatQuantity(l.quantity)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("purchasing:fields.received")} data-testid="po-line-received">
                    {formatQuantity(l.receivedQuantity)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("purchasing:fields.unitCost")}>
                    {formatMoney(l.unitCost, lang)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("purchasing:fields.taxPercent")}>
                    {formatQuantity(l.taxPercent, 2)}%
                  </TD>
                  <TD className="text-right tabular-nums" label={t("purchasing:fields.subtotal")}>
                    {formatMoney(l.subtotal, lang)}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <dl className="ml-auto grid w-full max-w-xs grid-cols-2 gap-1 text-sm">
            <dt className="text-muted-foreground">{t("purchasing:fields.subtotal")}</dt>
            <dd className="text-right tabular-nums">{formatMoney(o.subtotal, lang)}</dd>
            <dt className="text-muted-foreground">{t("purchasing:fields.itbis")}</dt>
            <dd className="text-right tabular-nums">{formatMoney(o.taxTotal, lang)}</dd>
            <dt className="font-semibold">{t("purchasing:fields.total")}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="po-detail-total">
              {formatMoney(o.total, lang)}
            </dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("purchasing:detail.receipts")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {o.receipts.length === 0 ? <p className="text-sm text-muted-foreground">{t("purchasing:detail.noReceipts")}</p> : null}
          {o.receipts.map((r) => (
            <div key={r.id} className="rounded-md border p-3" data-testid="po-receipt">
              <div className="text-sm font-medium">{t("purchasing:detail.receiptBy", { date: formatDateTime(r.createdAt, lang), user: r.userName ?? "—" })}</div>
              <ul className="mt-1 grid gap-0.5 text-sm">
                {r.lines.map((l) => (
                  <li key={l.orderLineId} className="flex flex-wrap justify-between gap-2">
                    <span>
                      {formatQuantity(l.quantity)} × {l.productName}
                    </span>
                    <span className="text-muted-foreground tabular-nums">{t("purchasing:detail.costChange", { before: formatMoney(l.costBefore, lang), after: formatMoney(l.costAfter, lang) })}</span>
                  </li>
                ))}
              </ul>
              {r.notes ? <p className="mt-1 text-xs text-muted-foreground">{r.notes}</p> : null}
              {unbilled.isSuccess ? (
                unbilledIds.has(r.id) ? (
                  <Link className="mt-2 inline-block text-sm font-medium text-primary hover:underline" to={`/home/payables/bills/new?provider=${o.provider.id}&receipt=${r.id}`} data-testid="po-receipt-bill">
                    {t("purchasing:detail.billReceipt")}
                  </Link>
                ) : (
                  <p className="mt-2 text-xs text-muted-foreground" data-testid="po-receipt-billed">
                    {t("purchasing:detail.receiptBilled")}
                  </p>
                )
              ) : null}
            </div>
          ))}
        </CardContent>
      </Card>
      <Dialog open={dialog === "send"} onOpenChange={(open) => !open && setDialog(null)}>
        {dialog === "send" ? <SendDialog order={o} onDone={closeWith} /> : null}
      </Dialog>
      <Dialog open={dialog === "receive"} onOpenChange={(open) => !open && setDialog(null)}>
        {dialog === "receive" ? <ReceiveDialog order={o} onDone={closeWith} /> : null}
      </Dialog>
      <Dialog open={dialog === "cancel"} onOpenChange={(open) => !open && setDialog(null)}>
        {dialog === "cancel" ? <CancelDialog order={o} onDone={closeWith} onKeep={() => setDialog(null)} /> : null}
      </Dialog>
    </div>
  );
}

function SendDialog({ order, onDone }: { order: Order; onDone: (o: Order) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [email, setEmail] = React.useState(order.provider.email ?? "");
  const [phone, setPhone] = React.useState(order.provider.mobile || order.provider.phone || "");
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const send = useMutation(
    trpc.purchaseOrder.send.mutationOptions({
      onSuccess: async (r) => {
        if (r.channel === "whatsapp" && r.url) {
          window.open(r.url, "_blank", "noopener");
          toast({ title: t("purchasing:send.whatsappReady"), variant: "success" });
        } else toast({ title: r.status === "outbox" ? t("purchasing:send.inOutbox", { to: r.to }) : t("purchasing:send.sent", { to: r.to }), variant: "success" });
        await onDone(r.order);
      },
      onError: (e) => setErrors(fieldErrors(e)),
    }),
  );
  const language = i18n.language === "en" ? "en" : "es";
  return (
    <DialogContent closeLabel={t("common:actions.close")} data-testid="po-send-dialog">
      <DialogHeader>
        <DialogTitle>{t("purchasing:send.title", { number: order.number })}</DialogTitle>
        <DialogDescription>{t("purchasing:send.description")}</DialogDescription>
      </DialogHeader>
      <form
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          send.mutate({ id: order.id, channel: "email", email: email || null, language });
        }}
      >
        <Field label={t("purchasing:send.email")} htmlFor="po-send-email" error={tMessage(errors.email)}>
          <Input id="po-send-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        </Field>
        <Button type="submit" disabled={send.isPending} data-testid="po-send-email">
          <Mail />
          {t("purchasing:send.sendEmail")}
        </Button>
      </form>
      <form
        className="grid gap-2 border-t pt-3"
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          send.mutate({ id: order.id, channel: "whatsapp", phoneNumber: phone || null, language });
        }}
      >
        <Field label={t("purchasing:send.phone")} htmlFor="po-send-phone" error={tMessage(errors.phoneNumber)}>
          <Input id="po-send-phone" inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </Field>
        <Button type="submit" variant="outline" disabled={send.isPending} data-testid="po-send-whatsapp">
          <MessageCircle />
          {t("purchasing:send.whatsapp")}
        </Button>
      </form>
    </DialogContent>
  );
}

function ReceiveDialog({ order, onDone }: { order: Order; onDone: (o: Order) => Promise<void> }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const pendingOf = (l: Order["lines"][number]) => {
    const left = toBig(l.quantity).minus(l.receivedQuantity);
    return left.gt(0) ? left : new Big(0);
  };
  const [quantities, setQuantities] = React.useState<Record<string, string>>(() => Object.fromEntries(order.lines.map((l) => [l.id, pendingOf(l).toString()])));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  // One key per dialog: a retried confirm never records a second receipt.
  const [clientKey] = React.useState(() => crypto.randomUUID());
  const receive = useMutation(
    trpc.purchaseOrder.receive.mutationOptions({
      onSuccess: async (o) => {
        toast({ title: t("purchasing:detail.received"), variant: "success" });
        await onDone(o);
      },
      onError: (e) => setErrors(fieldErrors(e)),
    }),
  );
  const tolerance = Number(order.receivingTolerancePercent);
  return (
    <DialogContent closeLabel={t("common:actions.close")} className="max-w-2xl" data-testid="po-receive-dialog">
      <DialogHeader>
        <DialogTitle>{t("purchasing:receive.title", { number: order.number })}</DialogTitle>
        <DialogDescription>
          {t("purchasing:receive.description", { warehouse: order.warehouseName })}
          {tolerance > 0 ? ` ${t("purchasing:receive.tolerance", { percent: order.receivingTolerancePercent })}` : ""}
        </DialogDescription>
      </DialogHeader>
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          receive.mutate({ id: order.id, clientKey, lines: order.lines.map((l) => ({ lineId: l.id, quantity: quantities[l.id] || "0" })) });
        }}
      >
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => setQuantities(Object.fromEntries(order.lines.map((l) => [l.id, pendingOf(l).toString()])))}>
            {t("purchasing:receive.all")}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setQuantities(Object.fromEntries(order.lines.map((l) => [l.id, "0"])))}>
            {t("purchasing:receive.none")}
          </Button>
        </div>
        <Table stack aria-label={t("purchasing:fields.lines")}>
          <THead>
            <TR>
              <TH>{t("purchasing:fields.product")}</TH>
              <TH className="text-right">{t("purchasing:fields.quantity")}</TH>
              <TH className="text-right">{t("purchasing:fields.pending")}</TH>
              <TH className="w-32">{t("purchasing:fields.received")}</TH>
            </TR>
          </THead>
          <TBody>
            {order.lines.map((l, i) => (
              <TR key={l.id} data-testid="po-receive-line">
                <TD className="font-medium" stack="primary">
                  {l.productName}
                </TD>
                <TD className="text-right tabular-nums" label={t("purchasing:fields.quantity")}>
                  {formatQuantity(l.quantity)}
                </TD>
                <TD className="text-right tabular-nums" label={t("purchasing:fields.pending")}>
                  {formatQuantity(pendingOf(l).toString())}
                </TD>
                <TD label={t("purchasing:fields.received")}>
                  <Input
                    inputMode="decimal"
                    aria-label={t("purchasing:receive.quantityOf", { name: l.productName })}
                    aria-invalid={!!errors[`lines.${i}.quantity`]}
                    value={quantities[l.id] ?? ""}
                    onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value }))}
                  />
                  {errors[`lines.${i}.quantity`] ? <p className="text-xs text-destructive">{tMessage(errors[`lines.${i}.quantity`])}</p> : null}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
        <DialogFooter>
          <Button type="submit" disabled={receive.isPending} data-testid="po-receive-confirm">
            <PackageCheck />
            {t("purchasing:receive.confirm")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function CancelDialog({ order, onDone, onKeep }: { order: Order; onDone: (o: Order) => Promise<void>; onKeep: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [reason, setReason] = React.useState("");
  const cancel = useMutation(
    trpc.purchaseOrder.cancel.mutationOptions({
      onSuccess: async (o) => {
        toast({ title: t("purchasing:detail.cancelled"), variant: "success" });
        await onDone(o);
      },
      onError: (e) => toast({ variant: "destructive", title: t("purchasing:toasts.deleteError"), description: e.message }),
      meta: { silent: true },
    }),
  );
  return (
    <DialogContent closeLabel={t("common:actions.close")}>
      <DialogHeader>
        <DialogTitle>{t("purchasing:detail.confirmCancelTitle", { number: order.number })}</DialogTitle>
        <DialogDescription>{t("purchasing:detail.confirmCancel")}</DialogDescription>
      </DialogHeader>
      <Field label={t("purchasing:detail.cancelReason")} htmlFor="po-cancel-reason">
        <Input id="po-cancel-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onKeep}>
          {t("purchasing:detail.keep")}
        </Button>
        <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: order.id, reason: reason || null })} data-testid="po-confirm-cancel">
          {t("purchasing:detail.cancel")}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
