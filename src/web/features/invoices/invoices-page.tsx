import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileText, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { INVOICE_STATUSES, type InvoiceStatus } from "../../../shared/invoices/schemas";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { EmptyTableRow, ListHeader, ListSearch } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { PaymentMethodBadges } from "../../components/payment-method-badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDate } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { useListParams } from "../../lib/use-list-params";
import { InvoicesTabs, PaymentLinksTab } from "../payment-links/payment-links-tab";
import { RequirePermission } from "../shell/guards";
import { InvoiceStatusBadge } from "./invoice-status";

const LIST = { pageSize: 20, debounceMs: 400 };
const selectClass = "h-10 min-w-0 max-w-full rounded-[var(--radius-button)] border bg-background px-2 text-sm";

export function InvoicesPage() {
  // ?tab=links: the 'payment links' tab (issue 12 §5)
  const links = useSearchParams()[0].get("tab") === "links";
  return <RequirePermission permission="invoices.view">{links ? <PaymentLinksScreen /> : <InvoicesScreen />}</RequirePermission>;
}

function PaymentLinksScreen() {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-4">
      <ListHeader title={t("invoices:title")} subtitle={t("invoices:subtitle")} />
      <InvoicesTabs active="links" />
      <PaymentLinksTab />
    </div>
  );
}

function InvoicesScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (INVOICE_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as InvoiceStatus) : undefined;
  const dateFrom = params.get("from") || undefined;
  const dateTo = params.get("to") || undefined;
  const customerId = params.get("customer") || undefined;
  const ncfTypeId = params.get("ncf") || undefined;
  const sellerId = params.get("seller") || undefined;

  const list = useQuery({
    ...trpc.invoice.getAll.queryOptions({ page, pageSize, search, status, dateFrom, dateTo, customerId, ncfTypeId, sellerId }),
    placeholderData: keepPreviousData,
  });
  const ncfTypes = useQuery(trpc.ncf.getTypes.queryOptions());
  const sellers = useQuery({ ...trpc.employee.getSellers.queryOptions(), enabled: can("pos.access") || can("invoices.create") });
  const customer = useQuery({ ...trpc.customer.getById.queryOptions({ id: customerId ?? "" }), enabled: !!customerId });
  const rows = list.data?.data ?? [];
  // The totals are asked once per filter (not per page): summing every match is the list's costly part.
  const totals = useQuery({
    ...trpc.invoice.getTotals.queryOptions({ search, status, dateFrom, dateTo, customerId, ncfTypeId, sellerId }),
    placeholderData: keepPreviousData,
  }).data;
  const filtered = !!(search || status || dateFrom || dateTo || customerId || ncfTypeId || sellerId);

  return (
    <div className="grid grid-cols-1 gap-4">
      <ListHeader title={t("invoices:title")} subtitle={t("invoices:subtitle")}>
        <div className="flex flex-wrap items-center gap-3">
          {can("credit_notes.view") ? (
            <Link to="/home/credit-notes" className="text-sm font-medium text-primary hover:underline" data-testid="credit-notes-link">
              {t("invoices:creditNotesLink")}
            </Link>
          ) : null}
          {can("invoices.create") ? (
            <Button asChild data-testid="new-invoice">
              <Link to="/home/invoices/new">
                <Plus /> {t("invoices:new")}
              </Link>
            </Button>
          ) : null}
        </div>
      </ListHeader>
      <InvoicesTabs active="invoices" />
      <Card>
        <CardContent className="grid grid-cols-1 gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch type="search" label={t("invoices:search")} value={text} onValueChange={setText} data-testid="invoice-search" />
            <div className="grid max-w-full grid-cols-1 gap-1">
              <Label htmlFor="inv-status">{t("invoices:fields.status")}</Label>
              <select id="inv-status" className={selectClass} value={status ?? ""} onChange={(e) => update({ status: e.target.value || null, page: null })} data-testid="invoice-status-filter">
                <option value="">{t("invoices:filter.all")}</option>
                {INVOICE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`invoices:status.${s}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid max-w-full grid-cols-1 gap-1">
              <Label htmlFor="inv-from">{t("invoices:filter.from")}</Label>
              <Input id="inv-from" type="date" className="w-40" value={dateFrom ?? ""} onChange={(e) => update({ from: e.target.value || null, page: null })} />
            </div>
            <div className="grid max-w-full grid-cols-1 gap-1">
              <Label htmlFor="inv-to">{t("invoices:filter.to")}</Label>
              <Input id="inv-to" type="date" className="w-40" value={dateTo ?? ""} onChange={(e) => update({ to: e.target.value || null, page: null })} />
            </div>
            <div className="grid max-w-full grid-cols-1 gap-1">
              <Label htmlFor="inv-ncf">{t("invoices:fields.ncfType")}</Label>
              <select id="inv-ncf" className={selectClass} value={ncfTypeId ?? ""} onChange={(e) => update({ ncf: e.target.value || null, page: null })}>
                <option value="">{t("invoices:filter.all")}</option>
                {(ncfTypes.data ?? []).map((n) => (
                  <option key={n.id} value={n.id}>
                    {n.code} · {n.description}
                  </option>
                ))}
              </select>
            </div>
            {sellers.data?.length ? (
              <div className="grid max-w-full grid-cols-1 gap-1">
                <Label htmlFor="inv-seller">{t("invoices:fields.seller")}</Label>
                <select id="inv-seller" className={selectClass} value={sellerId ?? ""} onChange={(e) => update({ seller: e.target.value || null, page: null })}>
                  <option value="">{t("invoices:filter.all")}</option>
                  {sellers.data.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {customerId ? (
              <button type="button" className="h-10 rounded-full border px-3 text-sm hover:bg-accent" onClick={() => update({ customer: null, page: null })} data-testid="invoice-customer-filter">
                {t("invoices:filter.customer", { name: customer.data?.name ?? "…" })} ✕
              </button>
            ) : null}
          </div>
          {totals ? (
            <dl className="grid grid-cols-2 gap-3 rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm sm:grid-cols-4" data-testid="invoice-totals">
              <div>
                <dt className="text-muted-foreground">{t("invoices:totals.count")}</dt>
                <dd className="text-lg font-semibold tabular-nums">{totals.count}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("invoices:totals.total")}</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatMoney(totals.total, lang)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("invoices:totals.paid")}</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatMoney(totals.paid, lang)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("invoices:totals.pending")}</dt>
                <dd className="text-lg font-semibold tabular-nums text-destructive" data-testid="invoice-totals-pending">
                  {formatMoney(totals.balanceDue, lang)}
                </dd>
              </div>
            </dl>
          ) : null}
          <Table stack aria-label={t("invoices:title")}>
            <THead>
              <TR>
                <TH>{t("invoices:fields.number")}</TH>
                <TH className="hidden md:table-cell">{t("invoices:fields.date")}</TH>
                <TH>{t("invoices:fields.customer")}</TH>
                <TH className="hidden lg:table-cell">{t("invoices:fields.dueDate")}</TH>
                <TH className="text-right">{t("invoices:fields.total")}</TH>
                <TH className="hidden text-right sm:table-cell">{t("invoices:fields.pending")}</TH>
                <TH>{t("invoices:fields.status")}</TH>
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={7} /> : null}
              {rows.map((r) => (
                <TR key={r.id} data-testid="invoice-row" className="cursor-pointer" onClick={() => void navigate(`/home/invoices/${r.id}`)}>
                  <TD stack="primary">
                    <Link to={`/home/invoices/${r.id}`} className="font-medium hover:underline" onClick={(e) => e.stopPropagation()}>
                      {r.number}
                    </Link>
                    <div className="font-mono text-xs text-muted-foreground">{r.ncf ?? "—"}</div>
                  </TD>
                  <TD className="hidden whitespace-nowrap md:table-cell">{formatDate(r.date, lang)}</TD>
                  <TD>
                    {r.customer.name}
                    {r.sellerName ? <div className="text-xs text-muted-foreground">{r.sellerName}</div> : null}
                  </TD>
                  <TD className={r.overdue ? "hidden whitespace-nowrap font-medium text-destructive lg:table-cell" : "hidden whitespace-nowrap lg:table-cell"}>
                    {r.dueDate && r.status !== "paid" && r.status !== "cancelled" ? formatDate(r.dueDate, lang) : "—"}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("invoices:fields.total")}>
                    {formatMoney(r.total, lang)}
                  </TD>
                  <TD className="hidden text-right tabular-nums sm:table-cell" label={t("invoices:fields.pending")}>
                    {r.status === "cancelled" ? "—" : formatMoney(r.balanceDue, lang)}
                  </TD>
                  <TD>
                    <div className="flex flex-wrap items-center gap-1">
                      <InvoiceStatusBadge status={r.status} overdue={r.overdue} />
                      <PaymentMethodBadges methods={r.paymentMethods} />
                    </div>
                  </TD>
                </TR>
              ))}
              {!list.isLoading && rows.length === 0 ? (
                <EmptyTableRow cols={7} icon={FileText} title={t("invoices:empty")} hint={filtered ? t("invoices:emptySearchHint") : t("invoices:emptyHint")} testId="invoices-empty" />
              ) : null}
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
    </div>
  );
}
