import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ENTRY_STATUSES, type EntryStatus, SOURCE_TYPES, type SourceType } from "../../../shared/accounting/rules";
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
import { EntryStatusBadge, num, useMoney } from "./shared";

/** Asientos: manual and automatic journal entries, filtered by status, source, dates and text (in the address). */
export function JournalEntriesPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const money = useMoney();
  const { can } = usePermissions();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams({ pageSize: 20, debounceMs: 300 });
  const status = (ENTRY_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as EntryStatus) : undefined;
  const sourceType = (SOURCE_TYPES as readonly string[]).includes(params.get("source") ?? "") ? (params.get("source") as SourceType) : undefined;
  const dateFrom = params.get("from") || undefined;
  const dateTo = params.get("to") || undefined;
  const list = useQuery({ ...trpc.journalEntry.getAll.queryOptions({ status, sourceType, dateFrom, dateTo, search, page, pageSize }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  return (
    <div className="grid gap-4">
      <ListHeader title={t("accounting:pages.entries")} subtitle={t("accounting:entries.subtitle")}>
        {can("accounting.create") ? <NewLink to="/home/accounting/entries/new" label={t("accounting:entries.new")} testId="new-entry" /> : null}
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch className="min-w-56" label={t("accounting:entries.search")} value={text} onValueChange={setText} data-testid="entry-search" />
            <NativeSelect className="w-full sm:w-44" aria-label={t("accounting:fields.status")} value={status ?? ""} onChange={(e) => update({ status: e.target.value, page: null })} data-testid="entry-filter-status">
              <option value="">{t("accounting:entries.allStatuses")}</option>
              {ENTRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`accounting:statuses.${s}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="w-full sm:w-56" aria-label={t("accounting:fields.source")} value={sourceType ?? ""} onChange={(e) => update({ source: e.target.value, page: null })} data-testid="entry-filter-source">
              <option value="">{t("accounting:entries.allSources")}</option>
              {SOURCE_TYPES.map((s) => (
                <option key={s} value={s}>
                  {t(`accounting:sources.${s}`)}
                </option>
              ))}
            </NativeSelect>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("accounting:period.from")}
              <Input type="date" className="w-40" value={dateFrom ?? ""} onChange={(e) => update({ from: e.target.value, page: null })} />
            </label>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("accounting:period.to")}
              <Input type="date" className="w-40" value={dateTo ?? ""} onChange={(e) => update({ to: e.target.value, page: null })} />
            </label>
          </div>
          <Table stack aria-label={t("accounting:pages.entries")}>
            <THead>
              <TR>
                <TH>{t("accounting:fields.number")}</TH>
                <TH>{t("accounting:fields.date")}</TH>
                <TH>{t("accounting:fields.reference")}</TH>
                <TH>{t("accounting:fields.description")}</TH>
                <TH>{t("accounting:fields.status")}</TH>
                <TH>{t("accounting:fields.source")}</TH>
                <TH className="text-right">{t("accounting:fields.total")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {rows.map((e) => (
                <TR key={e.id} data-testid="entry-row">
                  <TD className="whitespace-nowrap font-mono text-xs" stack="primary">
                    <Link to={`/home/accounting/entries/${e.id}`} className="hover:underline" data-testid="entry-number">
                      {e.number}
                    </Link>
                  </TD>
                  <TD label={t("accounting:fields.date")} className="whitespace-nowrap">
                    {formatDate(e.date, lang)}
                  </TD>
                  <TD label={t("accounting:fields.reference")}>{e.reference ?? "—"}</TD>
                  <TD label={t("accounting:fields.description")} className="min-w-48 break-words">
                    {e.description}
                  </TD>
                  <TD label={t("accounting:fields.status")}>
                    <EntryStatusBadge status={e.status} />
                  </TD>
                  <TD label={t("accounting:fields.source")}>{t(`accounting:sources.${e.sourceType}`)}</TD>
                  <TD className={num} label={t("accounting:fields.total")} data-testid="entry-total">
                    {money(e.total)}
                  </TD>
                  <TD className="text-right" stack="actions">
                    <Button variant="ghost" size="sm" asChild aria-label={t("accounting:entries.view", { number: e.number })}>
                      <Link to={`/home/accounting/entries/${e.id}`}>
                        <Eye />
                      </Link>
                    </Button>
                  </TD>
                </TR>
              ))}
              <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={8} className="py-10" testId="entries-empty">
                {t("accounting:entries.empty")}
              </TableFallbackRows>
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
    </div>
  );
}
