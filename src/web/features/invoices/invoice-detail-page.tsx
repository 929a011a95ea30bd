import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Ban, CreditCard, Pencil, SearchX, Share2, Trash2, Undo2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { entryModeLabel } from "../../../shared/card-terminal";
import { toBig } from "../../../shared/catalog/decimal";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { PaymentMethodBadge } from "../../components/payment-method-badge";
import { PermissionButton } from "../../components/permission-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDate, formatDateTime } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { ReturnWizard } from "../credit-notes/return-wizard";
import { RequirePermission } from "../shell/guards";
import { CancelInvoiceDialog } from "./cancel-invoice-dialog";
import { DeleteDraftDialog } from "./delete-draft-dialog";
import { InvoiceStatusBadge } from "./invoice-status";
import { RecordPaymentDialog } from "./record-payment-dialog";
import { InvoiceShareDialog } from "./share-dialog";

/** 63.25, or every decimal a rate such as 58.7525 has. */
function rateText(rate: string): string {
  const r = toBig(rate);
  return r.eq(r.round(2)) ? r.toFixed(2) : r.toString();
}

export function InvoiceDetailPage() {
  return (
    <RequirePermission permission="invoices.view">
      <InvoiceDetail />
    </RequirePermission>
  );
}

function Row({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between gap-4 text-base font-semibold" : "flex justify-between gap-4 text-sm"}>
      <span className="text-muted-foreground">{label}</span>
      <span className="tabular-nums">{children}</span>
    </div>
  );
}

function InvoiceDetail() {
  const { id = "" } = useParams();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { can } = usePermissions();
  const query = useQuery({ ...trpc.invoice.getById.queryOptions({ id }), retry: false });
  const [paying, setPaying] = React.useState(false);
  const [cancelling, setCancelling] = React.useState(false);
  const [returning, setReturning] = React.useState(false);
  const [sharing, setSharing] = React.useState(false);
  const [deleting, setDeleting] = React.useState(false);

  if (query.isLoading) return <Skeleton className="h-96 w-full" />;
  const inv = query.data;
  if (!inv) {
    return (
      <Card className="mx-auto mt-10 max-w-lg" data-testid="invoice-not-found">
        <CardHeader className="items-center text-center">
          <SearchX className="size-10 text-muted-foreground" />
          <CardTitle>{t("invoices:notFound")}</CardTitle>
          <Button asChild variant="outline" className="mt-2">
            <Link to="/home/invoices">{t("invoices:title")}</Link>
          </Button>
        </CardHeader>
      </Card>
    );
  }
  const isDraft = inv.status === "draft";
  const open = inv.status !== "cancelled" && !isDraft;
  const canPay = open && Number(inv.balanceDue) > 0 && (can("payments.create") || can("invoices.update"));
  const canReturn = open && !inv.customer.isDefault && can("credit_notes.create") && inv.items.some((i) => Number(i.quantity) > Number(i.returned_quantity));
  // Shown locked to whoever may not cancel (a cashier asks a supervisor).
  const canCancel = open && inv.creditNotes.length === 0;

  return (
    <div className="grid gap-4" data-testid="invoice-detail">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Button variant="ghost" size="icon" asChild>
            <Link to="/home/invoices" aria-label={t("invoices:title")}>
              <ArrowLeft />
            </Link>
          </Button>
          <div>
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
              {inv.number} <InvoiceStatusBadge status={inv.status} overdue={inv.overdue} />
            </h1>
            <p className="font-mono text-sm text-muted-foreground" data-testid="invoice-ncf">
              {inv.ncf ?? "—"} {inv.ncfTypeDescription ? `· ${inv.ncfTypeDescription}` : null}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {isDraft && can("invoices.create") ? (
            <Button asChild data-testid="edit-draft">
              <Link to={`/home/invoices/${inv.id}/edit`}>
                <Pencil /> {t("invoices:actions.editDraft")}
              </Link>
            </Button>
          ) : null}
          {isDraft && can("invoices.update") ? (
            <Button variant="destructive" onClick={() => setDeleting(true)} data-testid="delete-draft">
              <Trash2 /> {t("invoices:actions.delete")}
            </Button>
          ) : null}
          {!isDraft ? (
            <Button variant="outline" onClick={() => setSharing(true)} data-testid="share-invoice">
              <Share2 /> {t("invoices:actions.share")}
            </Button>
          ) : null}
          {canPay ? (
            <Button onClick={() => setPaying(true)} data-testid="record-payment">
              <CreditCard /> {t("invoices:actions.recordPayment")}
            </Button>
          ) : null}
          {canReturn ? (
            <Button variant="outline" onClick={() => setReturning(true)} data-testid="invoice-return">
              <Undo2 /> {t("invoices:actions.return")}
            </Button>
          ) : null}
          {canCancel ? (
            <PermissionButton permission="invoices.cancel" variant="destructive" onClick={() => setCancelling(true)} data-testid="cancel-invoice">
              <Ban /> {t("invoices:actions.cancel")}
            </PermissionButton>
          ) : null}
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{inv.customer.name}</CardTitle>
            <CardDescription>
              {inv.customer.taxId ? `${t("invoices:fields.taxId")}: ${inv.customer.taxId} · ` : null}
              {t("invoices:fields.date")}: {formatDate(inv.date, lang)}
              {inv.dueDate ? ` · ${t("invoices:fields.dueDate")}: ${formatDate(inv.dueDate, lang)}` : null}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Table aria-label={t("invoices:sections.lines")}>
              <THead>
                <TR>
                  <TH>{t("invoices:fields.product")}</TH>
                  <TH className="text-right">{t("invoices:fields.quantity")}</TH>
                  <TH className="hidden text-right sm:table-cell">{t("invoices:fields.price")}</TH>
                  <TH className="hidden text-right md:table-cell">{t("invoices:fields.discount")}</TH>
                  <TH className="hidden text-right md:table-cell">{t("invoices:fields.itbis")}</TH>
                  <TH className="text-right">{t("invoices:fields.total")}</TH>
                </TR>
              </THead>
              <TBody>
                {inv.items.map((i) => (
                  <TR key={i.id} data-testid="invoice-line">
                    <TD>
                      {i.product_name}
                      {Number(i.returned_quantity) > 0 ? <div className="text-xs text-warning">{t("invoices:returned", { n: formatQuantity(i.returned_quantity) })}</div> : null}
                    </TD>
                    <TD className="text-right tabular-nums">{formatQuantity(i.quantity)}</TD>
                    <TD className="hidden text-right tabular-nums sm:table-cell">{formatMoney(i.unit_price, lang)}</TD>
                    <TD className="hidden text-right tabular-nums md:table-cell">{i.discount_percent ? `${Number(i.discount_percent)}%` : formatMoney(i.discount_value, lang)}</TD>
                    <TD className="hidden text-right tabular-nums md:table-cell">{formatMoney(i.itbis, lang)}</TD>
                    <TD className="text-right tabular-nums">{formatMoney(i.total, lang)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
            <div className="ml-auto mt-4 grid max-w-xs gap-1">
              <Row label={t("invoices:fields.subtotal")}>{formatMoney(inv.subtotal, lang)}</Row>
              <Row label={t("invoices:fields.discount")}>{formatMoney(inv.discountTotal, lang)}</Row>
              <Row label={t("invoices:fields.itbis")}>{formatMoney(inv.taxTotal, lang)}</Row>
              <Row label={t("invoices:fields.total")} strong>
                {formatMoney(inv.total, lang)}
              </Row>
              <Row label={t("invoices:fields.paid")}>{formatMoney(inv.paidTotal, lang)}</Row>
              {Number(inv.creditedTotal) > 0 ? <Row label={t("invoices:fields.credited")}>{formatMoney(inv.creditedTotal, lang)}</Row> : null}
              <Row label={t("invoices:fields.pending")} strong>
                <span data-testid="invoice-balance" className={Number(inv.balanceDue) > 0 ? "text-destructive" : undefined}>
                  {formatMoney(inv.balanceDue, lang)}
                </span>
              </Row>
            </div>
            {inv.notes ? <p className="mt-4 rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm">{inv.notes}</p> : null}
          </CardContent>
        </Card>

        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t("invoices:sections.details")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1">
              <Row label={t("invoices:fields.condition")}>{inv.condition?.name ?? "—"}</Row>
              <Row label={t("invoices:fields.seller")}>{inv.sellerName ?? "—"}</Row>
              <Row label={t("invoices:fields.cashier")}>{inv.cashier}</Row>
              <Row label={t("invoices:fields.warehouse")}>{inv.warehouse.name}</Row>
              <Row label={t("invoices:fields.source")}>{t(`invoices:source.${inv.source}`)}</Row>
              {inv.cancellation ? (
                <p className="mt-2 rounded-[var(--radius-card)] border border-destructive/40 p-2 text-sm" data-testid="invoice-cancellation">
                  {t("invoices:cancelledBecause", { code: inv.cancellation.reasonCode ?? "—", reason: inv.cancellation.reasonCode ? t(`invoices:reasons.${inv.cancellation.reasonCode}`) : "" })}
                  {inv.cancellation.reason ? ` — ${inv.cancellation.reason}` : null}
                </p>
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t("invoices:sections.ncfHistory")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm" data-testid="ncf-history">
              {inv.ncfHistory.map((h) => (
                <div key={`${h.kind}-${h.ncf}`} className="flex justify-between gap-2">
                  <span className="font-mono">{h.ncf}</span>
                  <span className="text-muted-foreground">
                    {t(`invoices:ncfKinds.${h.kind}`)} · {formatDate(h.date, lang)}
                  </span>
                </div>
              ))}
            </CardContent>
          </Card>
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("invoices:sections.payments")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Table aria-label={t("invoices:sections.payments")}>
              <TBody>
                {inv.payments.map((p) => (
                  <TR key={p.id} data-testid="invoice-payment">
                    <TD>
                      <span className="inline-flex items-center gap-2">
                        <PaymentMethodBadge code={p.method.code} name={p.method.name} />
                        {p.method.name}
                      </span>
                      <div className="text-xs text-muted-foreground">
                        {formatDateTime(p.createdAt, lang)}
                        {p.reference ? ` · ${p.reference}` : null}
                        {p.notes ? ` · ${p.notes}` : null}
                      </div>
                      {p.card ? (
                        <div className="font-mono text-xs text-muted-foreground" data-testid="invoice-payment-card">
                          {[
                            [p.card.cardType, p.card.maskedPan].filter(Boolean).join(" "),
                            p.card.entryMode ? entryModeLabel(p.card.entryMode, lang.startsWith("en") ? "en" : "es") : null,
                            p.card.terminalId ? t("invoices:cardTerminal", { terminal: p.card.terminalId, batch: p.card.batchNumber ?? "—" }) : null,
                          ]
                            .filter(Boolean)
                            .join(" · ")}
                        </div>
                      ) : null}
                    </TD>
                    <TD>{p.status === "completed" ? null : <span className="text-xs text-muted-foreground">{t(`invoices:paymentStatus.${p.status}`)}</span>}</TD>
                    <TD className="text-right tabular-nums">
                      {formatMoney(p.amount, lang, p.currency.code)}
                      {p.currency.code !== "DOP" ? (
                        <div className="text-xs text-muted-foreground" data-testid="invoice-payment-rate">
                          {t("pos:checkout.rate", { code: p.currency.code, rate: rateText(p.rate) })} · {formatMoney(p.baseAmount, lang)}
                        </div>
                      ) : null}
                    </TD>
                  </TR>
                ))}
                {inv.payments.length === 0 ? (
                  <TR>
                    <TD className="text-muted-foreground">{t("invoices:noPayments")}</TD>
                  </TR>
                ) : null}
              </TBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("invoices:sections.creditNotes")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Table aria-label={t("invoices:sections.creditNotes")}>
              <TBody>
                {inv.creditNotes.map((n) => (
                  <TR key={n.id} data-testid="invoice-credit-note">
                    <TD>
                      <Link className="font-medium hover:underline" to={`/home/credit-notes/${n.id}`}>
                        {n.number}
                      </Link>
                      <div className="font-mono text-xs text-muted-foreground">{n.ncf}</div>
                    </TD>
                    <TD>{t(`creditNotes:status.${n.status}`)}</TD>
                    <TD className="text-right tabular-nums">{formatMoney(n.total, lang)}</TD>
                  </TR>
                ))}
                {inv.creditNotes.length === 0 ? (
                  <TR>
                    <TD className="text-muted-foreground">{t("invoices:noCreditNotes")}</TD>
                  </TR>
                ) : null}
              </TBody>
            </Table>
          </CardContent>
        </Card>
      </div>

      <RecordPaymentDialog invoice={inv} open={paying} onOpenChange={setPaying} />
      <CancelInvoiceDialog invoice={inv} open={cancelling} onOpenChange={setCancelling} />
      <DeleteDraftDialog invoice={inv} open={deleting} onOpenChange={setDeleting} />
      <InvoiceShareDialog invoiceId={inv.id} open={sharing} onOpenChange={setSharing} customerEmail={inv.customer.isDefault ? null : inv.customer.email} customerPhone={inv.customer.isDefault ? null : inv.customer.phone} />
      <ReturnWizard open={returning} onOpenChange={setReturning} initialNumber={inv.number} />
    </div>
  );
}
