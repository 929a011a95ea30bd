import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Gift, Plus } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { VOUCHER_LIMITS } from "../../../shared/vouchers/schemas";
import { useTRPC } from "../../app/trpc";
import { ListHeader, ListSearch } from "../../components/list-page";
import { PermissionButton } from "../../components/permission-button";
import { Dialog } from "../../components/ui/dialog";
import { TD, TR } from "../../components/ui/table";
import { formatDate } from "../../lib/dates";
import { useListParams } from "../../lib/use-list-params";
import { RequirePermission } from "../shell/guards";
import { NewBatchDialog } from "./new-batch-dialog";
import { formatVoucherValue } from "./voucher-common";
import { VoucherTable } from "./voucher-ui";

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
      <VoucherTable
        filters={<ListSearch type="search" label={t("vouchers:batches.search")} value={text} onValueChange={setText} data-testid="batch-search" />}
        columns={[
          { label: t("vouchers:batches.number") },
          { label: t("vouchers:batches.value"), className: "text-right" },
          { label: t("vouchers:batches.quantity"), className: "text-right" },
          { label: t("vouchers:batches.validity"), className: "hidden md:table-cell" },
          { label: t("vouchers:batches.counts") },
          { label: t("vouchers:batches.createdBy"), className: "hidden lg:table-cell" },
        ]}
        loading={list.isLoading}
        empty={{ show: rows.length === 0, icon: Gift, title: t("vouchers:batches.empty"), hint: t("vouchers:batches.emptyHint"), testId: "batches-empty" }}
        pagination={list.data?.pagination}
        onPage={setPage}
        onPageSize={setPageSize}
      >
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
      </VoucherTable>
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating ? <NewBatchDialog onClose={() => setCreating(false)} /> : null}
      </Dialog>
    </div>
  );
}
