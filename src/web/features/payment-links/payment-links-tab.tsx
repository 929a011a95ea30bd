import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, Copy, Link2, Mail } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "../../../shared/money/format";
import { PAYMENT_LINK_STATUSES, type PaymentLinkStatus } from "../../../shared/payment-link/status";
import { useTRPC } from "../../app/trpc";
import { EmptyTableRow, ListSearch } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { useListParams } from "../../lib/use-list-params";
import { cn } from "../../lib/utils";
import { copyText } from "./payment-link-dialog";

const LIST = { pageSize: 20, debounceMs: 400 };
const selectClass = "h-10 min-w-0 max-w-full rounded-[var(--radius-button)] border bg-background px-2 text-sm";

const VARIANT: Record<PaymentLinkStatus, "success" | "secondary" | "outline" | "destructive"> = { pending: "secondary", paid: "success", expired: "outline", cancelled: "destructive" };

export function PaymentLinkStatusBadge({ status }: { status: PaymentLinkStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANT[status]} data-testid="payment-link-status" data-status={status}>
      {t(`paymentLinks:status.${status}`)}
    </Badge>
  );
}

/** The tabs of the invoices screen: Facturas | Enlaces de pago (?tab=links). */
export function InvoicesTabs({ active }: { active: "invoices" | "links" }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  if (!can("invoices.view") && !can("payments.view")) return null;
  const tab = (key: "invoices" | "links", to: string, label: string) => (
    <Link
      to={to}
      aria-current={active === key ? "page" : undefined}
      className={cn("rounded-[var(--radius-button)] px-3 py-2 text-sm font-medium hover:bg-accent", active === key && "bg-primary text-primary-foreground hover:bg-primary")}
      data-testid={`invoices-tab-${key}`}
    >
      {label}
    </Link>
  );
  return (
    <nav className="flex flex-wrap gap-2 border-b pb-2" aria-label={t("invoices:title")}>
      {tab("invoices", "/home/invoices", t("paymentLinks:tabs.invoices"))}
      {tab("links", "/home/invoices?tab=links", t("paymentLinks:tabs.links"))}
    </nav>
  );
}

type Row = { id: string; orderNumber: string; linkFullUrl: string; email: string | null; status: PaymentLinkStatus };

/** 'Enlaces de pago': the tenant's links with their status (pending, paid, expired, cancelled); copy, resend by e-mail, cancel. */
export function PaymentLinksTab() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const mayWrite = can("payments.create") || can("invoices.update");
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (PAYMENT_LINK_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as PaymentLinkStatus) : undefined;
  const list = useQuery({ ...trpc.paymentLink.getAll.queryOptions({ page, pageSize, search, status }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const [cancelling, setCancelling] = React.useState<Row | null>(null);
  const [resending, setResending] = React.useState<Row | null>(null);

  const cancel = useMutation(
    trpc.paymentLink.cancel.mutationOptions({
      onSuccess: async () => {
        toast({ variant: "success", title: t("paymentLinks:list.cancelled") });
        setCancelling(null);
        await qc.invalidateQueries(trpc.paymentLink.pathFilter());
      },
      onError: (e) => toast({ variant: "destructive", title: e.message }),
    }),
  );

  const copy = async (row: Row) => {
    if (await copyText(row.linkFullUrl)) toast({ variant: "success", title: t("paymentLinks:dialog.copiedToast") });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("paymentLinks:list.title")}</CardTitle>
        <CardDescription>{t("paymentLinks:list.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <ListSearch type="search" label={t("paymentLinks:list.search")} value={text} onValueChange={setText} data-testid="payment-link-search" />
          <div className="grid max-w-full grid-cols-1 gap-1">
            <Label htmlFor="pl-status">{t("paymentLinks:list.fields.status")}</Label>
            <select id="pl-status" className={selectClass} value={status ?? ""} onChange={(e) => update({ status: e.target.value || null, page: null })} data-testid="payment-link-status-filter">
              <option value="">{t("paymentLinks:list.allStatuses")}</option>
              {PAYMENT_LINK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`paymentLinks:status.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Table stack aria-label={t("paymentLinks:list.title")}>
          <THead>
            <TR>
              <TH>{t("paymentLinks:list.fields.orderNumber")}</TH>
              <TH className="hidden md:table-cell">{t("paymentLinks:list.fields.created")}</TH>
              <TH>{t("paymentLinks:list.fields.customer")}</TH>
              <TH className="text-right">{t("paymentLinks:list.fields.amount")}</TH>
              <TH>{t("paymentLinks:list.fields.status")}</TH>
              <TH className="hidden lg:table-cell">{t("paymentLinks:list.fields.expires")}</TH>
              <TH>{t("paymentLinks:list.fields.actions")}</TH>
            </TR>
          </THead>
          <TBody>
            {list.isLoading ? <SkeletonRows cols={7} /> : null}
            {rows.map((r) => (
              <TR key={r.id} data-testid="payment-link-row" data-link-id={r.id}>
                <TD stack="primary">
                  <div className="font-mono text-xs">{r.orderNumber}</div>
                  {r.invoiceId ? (
                    <Link to={`/home/invoices/${r.invoiceId}`} className="text-sm font-medium hover:underline">
                      {r.invoiceNumber}
                    </Link>
                  ) : null}
                </TD>
                <TD className="hidden whitespace-nowrap md:table-cell">{formatDate(r.createdAt, lang)}</TD>
                <TD>
                  {r.customerName ?? r.clientContractNumber}
                  {r.email ? <div className="text-xs text-muted-foreground">{r.email}</div> : null}
                </TD>
                <TD className="text-right tabular-nums" label={t("paymentLinks:list.fields.amount")}>
                  {formatMoney(r.amount, lang, r.currency)}
                </TD>
                <TD>
                  <PaymentLinkStatusBadge status={r.status} />
                  {r.status === "paid" && r.cardLast4 ? <div className="text-xs text-muted-foreground">{t("paymentLinks:list.paidWith", { last4: r.cardLast4 })}</div> : null}
                </TD>
                <TD className="hidden whitespace-nowrap lg:table-cell">{formatDate(r.expiresAt, lang)}</TD>
                <TD>
                  <div className="flex flex-wrap gap-1">
                    {r.status === "pending" ? (
                      <Button size="sm" variant="outline" onClick={() => void copy(r)} data-testid="payment-link-row-copy">
                        <Copy /> {t("paymentLinks:list.copy")}
                      </Button>
                    ) : null}
                    {r.status === "pending" && mayWrite ? (
                      <Button size="sm" variant="outline" onClick={() => setResending(r)} data-testid="payment-link-row-resend">
                        <Mail /> {t("paymentLinks:list.resend")}
                      </Button>
                    ) : null}
                    {(r.status === "pending" || r.status === "expired") && mayWrite ? (
                      <Button size="sm" variant="outline" onClick={() => setCancelling(r)} data-testid="payment-link-row-cancel">
                        <Ban /> {t("paymentLinks:list.cancel")}
                      </Button>
                    ) : null}
                  </div>
                </TD>
              </TR>
            ))}
            {!list.isLoading && rows.length === 0 ? (
              <EmptyTableRow cols={7} icon={Link2} title={t("paymentLinks:list.empty")} hint={search || status ? t("paymentLinks:list.emptySearchHint") : t("paymentLinks:list.emptyHint")} testId="payment-links-empty" />
            ) : null}
          </TBody>
        </Table>
        <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
      </CardContent>

      <Dialog open={!!cancelling} onOpenChange={(o) => !o && setCancelling(null)}>
        <DialogContent closeLabel={t("common:actions.close")} className="max-w-md" data-testid="payment-link-cancel-dialog">
          <DialogHeader>
            <DialogTitle>{t("paymentLinks:list.cancelTitle")}</DialogTitle>
            <DialogDescription>{t("paymentLinks:list.cancelDescription", { orderNumber: cancelling?.orderNumber ?? "" })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setCancelling(null)}>
              {t("paymentLinks:list.keep")}
            </Button>
            <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancelling && cancel.mutate({ id: cancelling.id })} data-testid="payment-link-cancel-confirm">
              {t("paymentLinks:list.cancelConfirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ResendDialog row={resending} onClose={() => setResending(null)} />
    </Card>
  );
}

function ResendDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [email, setEmail] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    setEmail(row?.email ?? "");
    setError(null);
  }, [row?.id]);
  const send = useMutation(
    trpc.paymentLink.sendEmail.mutationOptions({
      onSuccess: async (r, input) => {
        toast({ variant: "success", title: t(r.status === "outbox" ? "paymentLinks:dialog.sentOutbox" : "paymentLinks:dialog.sent", { email: input.email }) });
        await qc.invalidateQueries(trpc.paymentLink.pathFilter());
        onClose();
      },
      onError: (e) => setError(e.message),
    }),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!row) return;
    if (!email.trim()) return setError(t("paymentLinks:errors.emailRequired"));
    send.mutate({ id: row.id, email: email.trim() });
  };
  return (
    <Dialog open={!!row} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t("common:actions.close")} className="max-w-md" data-testid="payment-link-resend-dialog">
        <DialogHeader>
          <DialogTitle>{t("paymentLinks:list.resendTitle")}</DialogTitle>
          <DialogDescription>{row?.orderNumber}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <div className="grid gap-1">
            <Label htmlFor="pl-resend-email">{t("paymentLinks:dialog.email")}</Label>
            <Input id="pl-resend-email" type="email" value={email} maxLength={254} placeholder={t("paymentLinks:dialog.emailPlaceholder")} onChange={(e) => setEmail(e.target.value)} />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" disabled={send.isPending} data-testid="payment-link-resend-submit">
              {t("paymentLinks:list.send")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
