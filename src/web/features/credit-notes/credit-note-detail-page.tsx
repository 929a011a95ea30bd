import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, Printer, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { CreditNoteStatus } from "../../../shared/credit-notes/rules";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate, formatDateTime } from "../../lib/dates";
import { RequirePermission } from "../shell/guards";
import { CardRefundPanel } from "./card-refund";
import { CreditNoteStatusBadge } from "./credit-note-status";
import { downloadCreditNotePdf } from "./download-ticket";
import { printCreditNote } from "./print-credit-note";

export function CreditNoteDetailPage() {
  return (
    <RequirePermission permission="credit_notes.view">
      <CreditNoteDetail />
    </RequirePermission>
  );
}

function Line({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

function CreditNoteDetail() {
  const { id = "" } = useParams();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.creditNote.getById.queryOptions({ id }), retry: false });
  if (query.isLoading) return <Skeleton className="h-96 w-full" />;
  const n = query.data;
  if (!n) {
    return (
      <Card className="mx-auto mt-10 max-w-lg" data-testid="credit-note-not-found">
        <CardHeader className="items-center text-center">
          <SearchX className="size-10 text-muted-foreground" />
          <CardTitle>{t("creditNotes:errors.creditNoteNotFound")}</CardTitle>
          <Button asChild variant="outline" className="mt-2">
            <Link to="/home/credit-notes">{t("creditNotes:title")}</Link>
          </Button>
        </CardHeader>
      </Card>
    );
  }
  const print = async () => {
    if (!(await printCreditNote(n, lang === "en" ? "en" : "es"))) toast({ variant: "destructive", title: t("creditNotes:print.error") });
  };
  return (
    <div className="grid gap-4" data-testid="credit-note-detail">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Button variant="ghost" size="icon" asChild>
            <Link to="/home/credit-notes" aria-label={t("creditNotes:title")}>
              <ArrowLeft />
            </Link>
          </Button>
          <div>
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
              {n.number} <CreditNoteStatusBadge status={n.status as CreditNoteStatus} />
            </h1>
            <p className="font-mono text-sm text-muted-foreground">
              {n.ncf} · {t("creditNotes:fields.modifiedNcf")}: {n.modifiedNcf ?? "—"}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void print()}>
            <Printer /> {t("creditNotes:print.action")}
          </Button>
          <Button
            variant="outline"
            data-testid="credit-note-download"
            onClick={() => downloadCreditNotePdf(n, "letter", lang).catch((e: Error) => toast({ variant: "destructive", title: t("creditNotes:print.downloadError"), description: e.message }))}
          >
            <Download /> {t("creditNotes:print.download")}
          </Button>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{n.customer.name}</CardTitle>
            <CardDescription>
              {t("creditNotes:fields.invoice")}:{" "}
              <Link className="hover:underline" to={`/home/invoices/${n.order.id}`}>
                {n.order.number}
              </Link>{" "}
              · {formatDate(n.date, lang)} · {t(`creditNotes:reasons.${n.reason}`)}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Table aria-label={t("invoices:sections.lines")}>
              <THead>
                <TR>
                  <TH>{t("invoices:fields.product")}</TH>
                  <TH className="text-right">{t("invoices:fields.quantity")}</TH>
                  <TH className="hidden text-right sm:table-cell">{t("invoices:fields.price")}</TH>
                  <TH className="text-right">{t("creditNotes:fields.total")}</TH>
                </TR>
              </THead>
              <TBody>
                {n.items.map((i) => (
                  <TR key={i.id}>
                    <TD>
                      {i.productName}
                      {i.reason ? <div className="text-xs text-muted-foreground">{i.reason}</div> : null}
                    </TD>
                    <TD className="text-right tabular-nums">{formatQuantity(i.quantity)}</TD>
                    <TD className="hidden text-right tabular-nums sm:table-cell">{formatMoney(i.unitPrice, lang)}</TD>
                    <TD className="text-right tabular-nums">{formatMoney(i.total, lang)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
            <div className="ml-auto mt-4 grid max-w-xs gap-1">
              <Line label={t("invoices:fields.subtotal")} value={formatMoney(n.subtotal, lang)} />
              <Line label={t("invoices:fields.itbis")} value={formatMoney(n.taxTotal, lang)} />
              <Line label={t("creditNotes:fields.total")} value={<strong>{formatMoney(n.total, lang)}</strong>} />
            </div>
            {!n.itbisCreditable ? <p className="mt-3 text-sm text-warning">{t("creditNotes:itbisNotCreditable")}</p> : null}
            {n.notes ? <p className="mt-3 rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm">{n.notes}</p> : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("creditNotes:sections.refund")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-1">
            <Line label={t("creditNotes:fields.refundMethod")} value={t(`creditNotes:refund.${n.refundMethod}`)} />
            {n.cardRefund?.transactionId ? (
              <Line
                label={t("creditNotes:fields.cardRefund")}
                value={
                  <span className="font-mono text-xs" data-testid="credit-note-card-refund">
                    {[n.cardRefund.cardType, n.cardRefund.maskedPan, n.cardRefund.authorizationCode ? t("pos:card.authorization", { code: n.cardRefund.authorizationCode }) : null].filter(Boolean).join(" · ")}
                  </span>
                }
              />
            ) : null}
            {n.status === "pending" && n.refundMethod === "card" && n.cardRefund ? (
              <CardRefundPanel note={{ id: n.id, refund_amount: n.refundAmount, card_refund: { provider_id: n.cardRefund.providerId, original_invoice_number: n.cardRefund.originalInvoiceNumber ?? null } }} />
            ) : null}
            <Line label={t("creditNotes:fields.applied")} value={formatMoney(n.appliedAmount, lang)} />
            <Line label={t("creditNotes:fields.refunded")} value={formatMoney(n.refundAmount, lang)} />
            <Line label={t("creditNotes:fields.available")} value={<span data-testid="credit-note-available">{formatMoney(n.available, lang)}</span>} />
            <Line label={t("creditNotes:fields.createdBy")} value={n.createdBy} />
            <Line label={t("creditNotes:fields.warehouse")} value={n.warehouse.name} />
            <h3 className="mt-3 text-sm font-semibold">{t("creditNotes:sections.usages")}</h3>
            {n.usages.length === 0 ? <p className="text-sm text-muted-foreground">{t("creditNotes:noUsages")}</p> : null}
            {n.usages.map((u) => (
              <div key={u.id} className="flex justify-between gap-2 text-sm" data-testid="credit-note-usage">
                <Link className="hover:underline" to={`/home/invoices/${u.orderId}`}>
                  {u.orderNumber}
                </Link>
                <span className="text-muted-foreground">{formatDateTime(u.createdAt, lang)}</span>
                <span className={u.status === "reversed" ? "tabular-nums line-through" : "tabular-nums"}>{formatMoney(u.amount, lang)}</span>
              </div>
            ))}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
