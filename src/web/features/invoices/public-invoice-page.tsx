import { useQuery } from "@tanstack/react-query";
import { Download, SearchX } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { LanguageSelector } from "../../components/language-selector";
import { PaymentMethodBadge } from "../../components/payment-method-badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDate } from "../../lib/dates";
import type { SharedInvoice } from "./share-dialog";

const TITLE_CODES = ["01", "02", "03", "04", "14", "15", "16"];
const ELECTRONIC: Record<string, string> = { "31": "01", "32": "02", "33": "03", "34": "04", "44": "14", "45": "15", "46": "16" };

/** The document's title from its NCF type (the PDF's own rule): B01 'Factura de Crédito Fiscal', B02 'Factura de Consumo', … */
function useInvoiceTitle() {
  const { t } = useTranslation();
  return (ncfType: string | null) => {
    const code = (ncfType ?? "").toUpperCase();
    if (/^B\d{2}$/.test(code) && TITLE_CODES.includes(code.slice(1))) return t(`invoiceShare:pdf.titles.${code.slice(1)}`);
    const e = /^E(\d{2})$/.exec(code)?.[1];
    if (e && ELECTRONIC[e]) return t("invoiceShare:pdf.titles.electronic", { title: t(`invoiceShare:pdf.titles.${ELECTRONIC[e]}`) });
    return t("invoiceShare:pdf.titles.default");
  };
}

function Row({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between gap-4 text-base font-semibold" : "flex justify-between gap-4 text-sm"}>
      <span className="text-muted-foreground">{label}</span>
      <span className="tabular-nums">{children}</span>
    </div>
  );
}

const positive = (value: string | null | undefined) => toBig(value ?? "0").gt(0);

/** The unit price without ITBIS (the line's base over its quantity), as the PDF shows it. */
function unitBase(i: SharedInvoice["items"][number]): string {
  const qty = toBig(i.quantity);
  return qty.eq(0) ? i.unit_price : toBig(i.subtotal).div(qty).round(2, Big.roundHalfUp).toFixed(2);
}

/** /i/:token: the read-only invoice of a public link, with its PDF; no app shell, no sign-in. */
export function PublicInvoicePage() {
  const { token = "" } = useParams();
  const { t, i18n } = useTranslation();
  const lang = i18n.language === "en" ? "en" : "es";
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.invoice.getShared.queryOptions({ token }, { enabled: !!token }),
    retry: false,
    meta: { silent: true },
  });

  return (
    <div className="min-h-screen bg-background">
      <header className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 pt-4">
        <span className="text-sm text-muted-foreground">{t("invoiceShare:public.readOnly")}</span>
        <LanguageSelector />
      </header>
      <main className="mx-auto grid max-w-4xl gap-4 p-4" data-testid="public-invoice">
        {query.isLoading ? <Skeleton className="h-96 w-full" /> : query.data ? <InvoiceView token={token} inv={query.data} lang={lang} /> : <NotAvailable />}
      </main>
    </div>
  );
}

function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-10 max-w-lg" data-testid="public-invoice-not-found">
      <CardHeader className="items-center text-center">
        <SearchX className="size-10 text-muted-foreground" />
        <CardTitle>{t("invoiceShare:public.notFoundTitle")}</CardTitle>
        <CardDescription>{t("invoiceShare:public.notFound")}</CardDescription>
      </CardHeader>
    </Card>
  );
}

function InvoiceView({ token, inv, lang }: { token: string; inv: SharedInvoice; lang: "es" | "en" }) {
  const { t } = useTranslation();
  const title = useInvoiceTitle();
  const o = inv.order;
  const w = inv.warehouse;
  const pdf = (format: "letter" | "80mm") => `/api/public/invoices/${encodeURIComponent(token)}/pdf?format=${format}&lang=${lang}`;
  const cancelled = o.status === "cancelled";

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("invoiceShare:public.title", { number: o.number })}</h1>
        <div className="flex flex-wrap gap-2">
          <Button asChild data-testid="public-download-letter">
            <a href={pdf("letter")} download>
              <Download /> {t("invoiceShare:public.download")} · {t("invoiceShare:public.letter")}
            </a>
          </Button>
          <Button variant="outline" asChild data-testid="public-download-80mm">
            <a href={pdf("80mm")} download>
              <Download /> {t("invoiceShare:public.ticket")}
            </a>
          </Button>
        </div>
      </div>

      <Card>
        <CardHeader className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1">
            <CardTitle>{w.businessName || w.name}</CardTitle>
            {w.taxId ? (
              <CardDescription>
                {t("invoiceShare:pdf.rnc")}: {w.taxId}
              </CardDescription>
            ) : null}
            {w.address ? <CardDescription>{w.address}</CardDescription> : null}
            {w.phone ? (
              <CardDescription>
                {t("invoiceShare:pdf.phone")}: {w.phone}
              </CardDescription>
            ) : null}
          </div>
          <div className="grid gap-1 sm:text-right">
            <p className="text-lg font-semibold" data-testid="public-invoice-title">
              {title(o.ncf_type)}
            </p>
            {o.government_invoice_number ? (
              <Row label={t("invoiceShare:pdf.ncf")}>
                <span className="font-mono font-semibold" data-testid="public-invoice-ncf">
                  {o.government_invoice_number}
                </span>
              </Row>
            ) : null}
            {o.government_invoice_number && o.ncf_expires_on ? <Row label={t("invoiceShare:pdf.validUntil")}>{formatDate(o.ncf_expires_on, lang)}</Row> : null}
            <Row label={t("invoiceShare:pdf.number")}>{o.number}</Row>
            <Row label={t("invoiceShare:pdf.date")}>{formatDate(inv.invoice.date, lang)}</Row>
            {inv.invoice.dueDate ? <Row label={t("invoiceShare:pdf.dueDate")}>{formatDate(inv.invoice.dueDate, lang)}</Row> : null}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {cancelled ? (
            <p className="rounded-[var(--radius-card)] border border-destructive/40 p-2 text-center font-semibold text-destructive" data-testid="public-invoice-cancelled">
              {t("invoiceShare:pdf.cancelledBanner")}
            </p>
          ) : null}
          <div className="grid gap-1 text-sm">
            <div>
              <span className="text-muted-foreground">{t("invoiceShare:pdf.customer")}: </span>
              <span className="font-medium">{inv.customer.name || t("invoiceShare:pdf.cashCustomer")}</span>
            </div>
            {inv.customer.taxId ? (
              <div>
                <span className="text-muted-foreground">{t("invoiceShare:pdf.customerTaxId")}: </span>
                {inv.customer.taxId}
              </div>
            ) : null}
          </div>
          <Table aria-label={t("invoiceShare:pdf.lines")}>
            <THead>
              <TR>
                <TH>{t("invoiceShare:pdf.description")}</TH>
                <TH className="text-right">{t("invoiceShare:pdf.quantity")}</TH>
                <TH className="hidden text-right sm:table-cell">{t("invoiceShare:pdf.price")}</TH>
                <TH className="hidden text-right md:table-cell">{t("invoiceShare:pdf.discount")}</TH>
                <TH className="hidden text-right md:table-cell">{t("invoiceShare:pdf.itbis")}</TH>
                <TH className="text-right">{t("invoiceShare:pdf.total")}</TH>
              </TR>
            </THead>
            <TBody>
              {inv.items.map((i, n) => (
                <TR key={n} data-testid="public-invoice-line">
                  <TD>{i.product_name}</TD>
                  <TD className="text-right tabular-nums">{formatQuantity(i.quantity)}</TD>
                  <TD className="hidden text-right tabular-nums sm:table-cell">{formatMoney(unitBase(i), lang)}</TD>
                  <TD className="hidden text-right tabular-nums md:table-cell">{positive(i.discount_value) ? `-${formatMoney(i.discount_value, lang)}` : formatMoney(0, lang)}</TD>
                  <TD className="hidden text-right tabular-nums md:table-cell">{formatMoney(i.itbis, lang)}</TD>
                  <TD className="text-right tabular-nums">{formatMoney(i.total, lang)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <p className="text-xs text-muted-foreground">{t("invoiceShare:pdf.pricesNote")}</p>
          <div className="ml-auto grid w-full max-w-xs gap-1">
            <Row label={t("invoiceShare:pdf.subtotal")}>{formatMoney(o.subtotal, lang)}</Row>
            <Row label={t("invoiceShare:pdf.discount")}>{positive(o.discount_total) ? `-${formatMoney(o.discount_total, lang)}` : formatMoney(0, lang)}</Row>
            <Row label={t("invoiceShare:pdf.itbis")}>{formatMoney(o.tax_total, lang)}</Row>
            <Row label={t("invoiceShare:pdf.totalDue")} strong>
              <span data-testid="public-invoice-total">{formatMoney(o.total, lang)}</span>
            </Row>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t("invoiceShare:pdf.payments")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {inv.payments.length > 0 ? (
            <Table aria-label={t("invoiceShare:pdf.payments")}>
              <TBody>
                {inv.payments.map((p, n) => (
                  <TR key={n}>
                    <TD>
                      <span className="inline-flex items-center gap-2">
                        <PaymentMethodBadge code={p.payment_method_code} name={p.payment_method_name} />
                        {p.payment_method_name}
                      </span>
                      {p.status === "pending" ? <span className="text-xs text-muted-foreground"> ({t("invoiceShare:pdf.pending")})</span> : null}
                      {p.status === "cancelled" ? <span className="text-xs text-muted-foreground"> ({t("invoiceShare:pdf.cancelledPayment")})</span> : null}
                      {p.reference ? <div className="text-xs text-muted-foreground">{p.reference}</div> : null}
                    </TD>
                    <TD className="text-right tabular-nums">
                      {formatMoney(p.amount, lang, p.currency)}
                      {p.currency !== "DOP" ? <div className="text-xs text-muted-foreground">{formatMoney(p.base_amount, lang)}</div> : null}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          ) : null}
          <div className="ml-auto grid w-full max-w-xs gap-1">
            <Row label={t("invoiceShare:pdf.paid")}>{formatMoney(inv.invoice.paidTotal, lang)}</Row>
            {positive(o.change_amount) ? <Row label={t("invoiceShare:pdf.change")}>{formatMoney(o.change_amount, lang)}</Row> : null}
            {positive(inv.invoice.creditedTotal) ? <Row label={t("invoiceShare:pdf.credited")}>{formatMoney(inv.invoice.creditedTotal, lang)}</Row> : null}
            <Row label={t("invoiceShare:pdf.balanceDue")} strong>
              <span data-testid="public-invoice-balance">{formatMoney(inv.invoice.balanceDue, lang)}</span>
            </Row>
          </div>
          {o.notes ? (
            <p className="rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm">
              <span className="font-medium">{t("invoiceShare:pdf.notes")}: </span>
              {o.notes}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
