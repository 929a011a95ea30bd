import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Eye, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatMoney } from "../../../shared/money/format";
import { AGING_BUCKETS, BILL_STATUSES, type BillStatus } from "../../../shared/payables/rules";
import { useTRPC } from "../../app/trpc";
import { ListHeader, ListSearch, NewLink, TableFallbackRows } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDate } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { useListParams } from "../../lib/use-list-params";
import { cn } from "../../lib/utils";
import { BillStatusBadge } from "./status-badge";

const TABS = ["bills", "aging"] as const;
type Tab = (typeof TABS)[number];

/** Cuentas por pagar: the supplier bills (filters in the address) and the aging report, as tabs (?tab=aging). */
export function PayablesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tab: Tab = params.get("tab") === "aging" ? "aging" : "bills";
  return (
    <div className="grid gap-4">
      <nav className="flex flex-wrap gap-2 border-b pb-2" aria-label={t("payables:title")}>
        {TABS.map((key) => (
          <Link
            key={key}
            to={key === "bills" ? "/home/payables" : `/home/payables?tab=${key}`}
            aria-current={tab === key ? "page" : undefined}
            className={cn("rounded-[var(--radius-button)] px-3 py-2 text-sm font-medium hover:bg-accent", tab === key && "bg-primary text-primary-foreground hover:bg-primary")}
            data-testid={`payables-tab-${key}`}
          >
            {t(`payables:tabs.${key}`)}
          </Link>
        ))}
      </nav>
      {tab === "bills" ? <BillsTab /> : <AgingTab />}
    </div>
  );
}

function useProviders() {
  const trpc = useTRPC();
  const { can } = usePermissions();
  return useQuery({ ...trpc.provider.getAll.queryOptions({ page: 1, pageSize: 100, search: "" }), enabled: can("providers.view") });
}

function BillsTab() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { can } = usePermissions();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams({ pageSize: 20, debounceMs: 300 });
  const status = (BILL_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as BillStatus) : undefined;
  const providerId = params.get("provider") || undefined;
  const dateFrom = params.get("from") || undefined;
  const dateTo = params.get("to") || undefined;
  const dueBy = params.get("due") || undefined;
  const providers = useProviders();
  const list = useQuery({ ...trpc.supplierBill.getAll.queryOptions({ status, providerId, dateFrom, dateTo, dueBy, search, page, pageSize }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  return (
    <>
      <ListHeader title={t("payables:title")} subtitle={t("payables:subtitle")}>
        {can("payables.create") ? <NewLink to="/home/payables/bills/new" label={t("payables:list.new")} testId="new-bill" /> : null}
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch className="min-w-56" label={t("payables:list.search")} value={text} onValueChange={setText} />
            <NativeSelect className="w-full sm:w-48" aria-label={t("payables:fields.status")} value={status ?? ""} onChange={(e) => update({ status: e.target.value, page: null })} data-testid="bill-filter-status">
              <option value="">{t("payables:list.allStatuses")}</option>
              {BILL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`payables:statuses.${s}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="w-full sm:w-56" aria-label={t("payables:fields.provider")} value={providerId ?? ""} onChange={(e) => update({ provider: e.target.value, page: null })} data-testid="bill-filter-provider">
              <option value="">{t("payables:list.allProviders")}</option>
              {providers.data?.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("payables:fields.from")}
              <Input type="date" className="w-40" value={dateFrom ?? ""} onChange={(e) => update({ from: e.target.value, page: null })} />
            </label>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("payables:fields.to")}
              <Input type="date" className="w-40" value={dateTo ?? ""} onChange={(e) => update({ to: e.target.value, page: null })} />
            </label>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("payables:fields.dueBy")}
              <Input type="date" className="w-40" value={dueBy ?? ""} onChange={(e) => update({ due: e.target.value, page: null })} />
            </label>
          </div>
          <Table stack aria-label={t("payables:tabs.bills")}>
            <THead>
              <TR>
                <TH>{t("payables:fields.number")}</TH>
                <TH>{t("payables:fields.provider")}</TH>
                <TH>{t("payables:fields.ncf")}</TH>
                <TH>{t("payables:fields.ncfDate")}</TH>
                <TH>{t("payables:fields.dueDate")}</TH>
                <TH className="text-right">{t("payables:fields.payable")}</TH>
                <TH className="text-right">{t("payables:fields.balance")}</TH>
                <TH>{t("payables:fields.status")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {rows.map((b) => (
                <TR key={b.id} data-testid="bill-row">
                  <TD className="whitespace-nowrap font-mono text-xs" stack="primary">
                    <Link to={`/home/payables/bills/${b.id}`} className="hover:underline">
                      {b.number}
                    </Link>
                  </TD>
                  <TD label={t("payables:fields.provider")}>{b.provider.name}</TD>
                  <TD className="font-mono text-xs" label={t("payables:fields.ncf")}>
                    {b.ncf}
                  </TD>
                  <TD label={t("payables:fields.ncfDate")}>{formatDate(b.ncfDate, lang)}</TD>
                  <TD label={t("payables:fields.dueDate")}>
                    {formatDate(b.dueDate, lang)}
                    {b.daysPastDue > 0 ? <span className="ml-1 text-xs text-destructive">({t("payables:detail.overdue", { days: b.daysPastDue })})</span> : null}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("payables:fields.payable")}>
                    {formatMoney(b.payable, lang)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("payables:fields.balance")}>
                    {formatMoney(b.balance, lang)}
                  </TD>
                  <TD label={t("payables:fields.status")}>
                    <BillStatusBadge status={b.status} />
                  </TD>
                  <TD className="text-right" stack="actions">
                    <Button variant="ghost" size="sm" asChild aria-label={t("payables:list.view", { number: b.number })}>
                      <Link to={`/home/payables/bills/${b.id}`}>
                        <Eye />
                      </Link>
                    </Button>
                  </TD>
                </TR>
              ))}
              <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={9} className="py-10">
                {t("payables:list.empty")}
              </TableFallbackRows>
            </TBody>
          </Table>
          {list.data ? (
            <p className="text-sm text-muted-foreground" data-testid="bill-totals">
              {t("payables:list.totals", { count: list.data.totals.count, balance: formatMoney(list.data.totals.balance, lang) })}
            </p>
          ) : null}
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
    </>
  );
}

function AgingTab() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const aging = useQuery(trpc.payable.getAging.queryOptions({}));
  const a = aging.data;
  return (
    <>
      <ListHeader title={t("payables:aging.title")} subtitle={a ? t("payables:aging.asOf", { date: formatDate(a.asOf, lang) }) : ""} />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <Table stack aria-label={t("payables:aging.title")} data-testid="aging-table">
            <THead>
              <TR>
                <TH>{t("payables:fields.provider")}</TH>
                {AGING_BUCKETS.map((b) => (
                  <TH key={b} className="text-right">
                    {t(`payables:buckets.${b}`)}
                  </TH>
                ))}
                <TH className="text-right">{t("payables:aging.total")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {a?.providers.map((r) => (
                <TR key={r.provider.id} data-testid="aging-row">
                  <TD stack="primary">
                    <Link to={`/home/payables/statement/${r.provider.id}`} className="font-medium hover:underline">
                      {r.provider.name}
                    </Link>
                  </TD>
                  {AGING_BUCKETS.map((b) => (
                    <TD key={b} className="text-right tabular-nums" label={t(`payables:buckets.${b}`)} data-testid={`aging-${b}`}>
                      {formatMoney(r.buckets[b], lang)}
                    </TD>
                  ))}
                  <TD className="text-right font-semibold tabular-nums" label={t("payables:aging.total")} data-testid="aging-total">
                    {formatMoney(r.total, lang)}
                  </TD>
                  <TD className="text-right" stack="actions">
                    <Button variant="ghost" size="sm" asChild aria-label={t("payables:aging.statement", { name: r.provider.name })}>
                      <Link to={`/home/payables/statement/${r.provider.id}`}>
                        <FileText />
                      </Link>
                    </Button>
                  </TD>
                </TR>
              ))}
              <TableFallbackRows loading={aging.isLoading} empty={(a?.providers.length ?? 0) === 0} cols={8} className="py-10">
                {t("payables:aging.empty")}
              </TableFallbackRows>
              {a && a.providers.length > 0 ? (
                <TR className="font-semibold">
                  <TD stack="primary">{t("payables:aging.total")}</TD>
                  {AGING_BUCKETS.map((b) => (
                    <TD key={b} className="text-right tabular-nums" label={t(`payables:buckets.${b}`)}>
                      {formatMoney(a.totals[b], lang)}
                    </TD>
                  ))}
                  <TD className="text-right tabular-nums" label={t("payables:aging.total")} data-testid="aging-grand-total">
                    {formatMoney(a.total, lang)}
                  </TD>
                  <TD stack="actions" />
                </TR>
              ) : null}
            </TBody>
          </Table>
        </CardContent>
      </Card>
    </>
  );
}
