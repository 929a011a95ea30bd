import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ReceiptText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { CREDIT_NOTE_STATUSES, type CreditNoteStatus } from "../../../shared/credit-notes/rules";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { EmptyTableRow, ListHeader, ListSearch } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Card, CardContent } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDate } from "../../lib/dates";
import { useListParams } from "../../lib/use-list-params";
import { RequirePermission } from "../shell/guards";
import { CreditNoteStatusBadge } from "./credit-note-status";

const LIST = { pageSize: 20, debounceMs: 400 };

export function CreditNotesPage() {
  return (
    <RequirePermission permission="credit_notes.view">
      <CreditNotesScreen />
    </RequirePermission>
  );
}

function CreditNotesScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (CREDIT_NOTE_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as CreditNoteStatus) : undefined;
  const list = useQuery({ ...trpc.creditNote.getAll.queryOptions({ page, pageSize, search, status }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  return (
    <div className="grid gap-4">
      <ListHeader title={t("creditNotes:title")} subtitle={t("creditNotes:subtitle")}>
        <Link to="/home/invoices" className="text-sm font-medium text-primary hover:underline">
          {t("invoices:title")}
        </Link>
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch type="search" label={t("creditNotes:search")} value={text} onValueChange={setText} data-testid="credit-note-search" />
            <div className="grid gap-1">
              <Label htmlFor="cn-status">{t("creditNotes:fields.status")}</Label>
              <select id="cn-status" className="h-10 rounded-[var(--radius-button)] border bg-background px-2 text-sm" value={status ?? ""} onChange={(e) => update({ status: e.target.value || null, page: null })}>
                <option value="">{t("invoices:filter.all")}</option>
                {CREDIT_NOTE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`creditNotes:status.${s}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Table stack aria-label={t("creditNotes:title")}>
            <THead>
              <TR>
                <TH>{t("creditNotes:fields.number")}</TH>
                <TH className="hidden md:table-cell">{t("creditNotes:fields.date")}</TH>
                <TH>{t("creditNotes:fields.customer")}</TH>
                <TH className="hidden lg:table-cell">{t("creditNotes:fields.invoice")}</TH>
                <TH className="text-right">{t("creditNotes:fields.total")}</TH>
                <TH className="hidden text-right sm:table-cell">{t("creditNotes:fields.available")}</TH>
                <TH>{t("creditNotes:fields.status")}</TH>
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={7} /> : null}
              {rows.map((r) => (
                <TR key={r.id} className="cursor-pointer" data-testid="credit-note-row" onClick={() => void navigate(`/home/credit-notes/${r.id}`)}>
                  <TD stack="primary">
                    <Link to={`/home/credit-notes/${r.id}`} className="font-medium hover:underline" onClick={(e) => e.stopPropagation()}>
                      {r.number}
                    </Link>
                    <div className="font-mono text-xs text-muted-foreground">{r.ncf}</div>
                  </TD>
                  <TD className="hidden whitespace-nowrap md:table-cell">{formatDate(r.date, lang)}</TD>
                  <TD>
                    {r.customer.name}
                    <div className="text-xs text-muted-foreground">{r.createdBy}</div>
                  </TD>
                  <TD className="hidden lg:table-cell">{r.order.number}</TD>
                  <TD className="text-right tabular-nums" label={t("creditNotes:fields.total")}>
                    {formatMoney(r.total, lang)}
                  </TD>
                  <TD className="hidden text-right tabular-nums sm:table-cell" label={t("creditNotes:fields.available")}>
                    {formatMoney(r.available, lang)}
                  </TD>
                  <TD>
                    <CreditNoteStatusBadge status={r.status as CreditNoteStatus} />
                  </TD>
                </TR>
              ))}
              {!list.isLoading && rows.length === 0 ? <EmptyTableRow cols={7} icon={ReceiptText} title={t("creditNotes:empty")} hint={t("creditNotes:emptyHint")} testId="credit-notes-empty" /> : null}
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
    </div>
  );
}
