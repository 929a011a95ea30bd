import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Gift, Plus } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { VOUCHER_LIMITS } from "../../../shared/vouchers/schemas";
import { useTRPC } from "../../app/trpc";
import { EmptyTableRow, ListHeader, ListSearch } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { PermissionButton } from "../../components/permission-button";
import { Card, CardContent } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDate } from "../../lib/dates";
import { useListParams } from "../../lib/use-list-params";
import { RequirePermission } from "../shell/guards";
import { NewBatchDialog } from "./new-batch-dialog";
import { formatVoucherValue } from "./voucher-common";

const LIST = { pageSize: VOUCHER_LIMITS.pageSize, debounceMs: 400 };

export function VoucherBatchesPage() {
  return (
    <RequirePermission permission="vouchers.view">
      <BatchesScreen />
    </RequirePermission>
  );
}

/** The batches view: each batch with its value, quantity, validity, counts by status and creator; 'Nuevo lote'. */
function BatchesScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { search, text, setText, page, pageSize, setPage, setPageSize } = useListParams(LIST);
  const [creating, setCreating] = React.useState(false);
  const list = useQuery({ ...trpc.voucher.getBatches.queryOptions({ page, pageSize, search }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  return (
    <div className="grid gap-4">
      <ListHeader title={t("vouchers:title")} subtitle={t("vouchers:subtitle")}>
        <PermissionButton permission="vouchers.generate" onClick={() => setCreating(true)} data-testid="new-batch">
          <Plus />
          {t("vouchers:batches.new")}
        </PermissionButton>
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <ListSearch type="search" label={t("vouchers:batches.search")} value={text} onValueChange={setText} data-testid="batch-search" />
          <Table stack aria-label={t("vouchers:title")}>
            <THead>
              <TR>
                <TH>{t("vouchers:batches.number")}</TH>
                <TH className="text-right">{t("vouchers:batches.value")}</TH>
                <TH className="text-right">{t("vouchers:batches.quantity")}</TH>
                <TH className="hidden md:table-cell">{t("vouchers:batches.validity")}</TH>
                <TH>{t("vouchers:batches.counts")}</TH>
                <TH className="hidden lg:table-cell">{t("vouchers:batches.createdBy")}</TH>
                <TH>
                  <span className="sr-only">{t("vouchers:list.actions")}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={7} /> : null}
              {rows.map((b) => (
                <TR key={b.id} data-testid="batch-row">
                  <TD stack="primary">
                    <Link to={`/home/vouchers/${b.id}`} className="font-medium hover:underline" data-testid="batch-link">
                      {b.batch_number}
                    </Link>
                    <div className="text-sm text-muted-foreground">{b.name}</div>
                  </TD>
                  <TD className="text-right tabular-nums" label={t("vouchers:batches.value")}>
                    {formatVoucherValue(b.value, b.type, lang)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("vouchers:batches.quantity")}>
                    {b.quantity.toLocaleString(lang === "en" ? "en-US" : "es-DO")}
                  </TD>
                  <TD className="hidden whitespace-nowrap md:table-cell" label={t("vouchers:batches.validity")}>{t("vouchers:batches.range", { from: formatDate(b.valid_from, lang), to: formatDate(b.expires_on, lang) })}</TD>
                  <TD label={t("vouchers:batches.counts")} data-testid="batch-counts">
                    {t("vouchers:batches.countsText", b.counts)}
                  </TD>
                  <TD className="hidden lg:table-cell">{b.created_by ?? "—"}</TD>
                  <TD stack="actions" className="text-right">
                    <Link to={`/home/vouchers/${b.id}`} className="text-sm font-medium text-primary hover:underline">
                      {t("vouchers:batches.open")}
                    </Link>
                  </TD>
                </TR>
              ))}
              {!list.isLoading && rows.length === 0 ? <EmptyTableRow cols={7} icon={Gift} title={t("vouchers:batches.empty")} hint={t("vouchers:batches.emptyHint")} testId="batches-empty" /> : null}
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating ? <NewBatchDialog onClose={() => setCreating(false)} /> : null}
      </Dialog>
    </div>
  );
}
