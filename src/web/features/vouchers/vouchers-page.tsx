import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Ban, ClipboardCopy, Download, History, MoreHorizontal, ShieldAlert, TicketX, TimerOff } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { VOUCHER_LIMITS, VOUCHER_STATUSES, type VoucherStatus } from "../../../shared/vouchers/schemas";
import { useTRPC } from "../../app/trpc";
import { ListHeader, ListSearch } from "../../components/list-page";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu";
import { NativeSelect } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton, } from "../../components/ui/skeleton";
import { TD, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate, formatDateTime } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { useListParams } from "../../lib/use-list-params";
import { RequirePermission } from "../shell/guards";
import { ExportDialog } from "./export-dialog";
import { formatVoucherValue, VoucherStatusBadge } from "./voucher-common";
import { CancelVoucherDialog, ReportVoucherDialog, VoucherHistorySheet, type VoucherTarget } from "./voucher-dialogs";
import { VoucherTable } from "./voucher-ui";

const LIST = { pageSize: VOUCHER_LIMITS.pageSize, debounceMs: 300 };

export function VouchersPage() {
  return (
    <RequirePermission permission="vouchers.view">
      <VouchersScreen />
    </RequirePermission>
  );
}

type Open = { kind: "cancel" | "report" | "history"; voucher: VoucherTarget } | { kind: "export" } | null;

/** The vouchers of a batch: page of 20, search by code, status filter, the row menu, the export and the expiry check. */
function VouchersScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const batchId = useParams().batchId ?? "";
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (VOUCHER_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as VoucherStatus) : "all";
  const batch = useQuery(trpc.voucher.getBatch.queryOptions({ batchId }));
  const list = useQuery({ ...trpc.voucher.getVouchers.queryOptions({ batchId, page, pageSize, search, status }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const [open, setOpen] = React.useState<Open>(null);
  const close = () => setOpen(null);
  const b = batch.data;

  const checkExpired = useMutation(
    trpc.voucher.checkExpired.mutationOptions({
      meta: { silent: true },
      onSuccess: async (r) => {
        toast({ variant: "success", title: r.expired > 0 ? t("vouchers:list.expiredMarked", { count: r.expired }) : t("vouchers:list.noneExpired") });
        await qc.invalidateQueries(trpc.voucher.pathFilter());
      },
      onError: (e) => toast({ variant: "destructive", title: tMessage(e.message) ?? e.message }),
    }),
  );

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ variant: "success", title: t("vouchers:menu.copied"), description: code });
    } catch {
      toast({ variant: "destructive", title: t("vouchers:menu.copyFailed") });
    }
  };

  if (batch.error) return <p className="text-destructive" role="alert">{tMessage(batch.error.message) ?? batch.error.message}</p>;

  return (
    <div className="grid gap-4">
      <Link to="/home/vouchers" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" />
        {t("vouchers:list.back")}
      </Link>
      {b ? (
        <ListHeader
          title={`${b.batch_number} · ${b.name}`}
          subtitle={`${formatVoucherValue(b.value, b.type, lang)} · ${t("vouchers:batches.range", { from: formatDate(b.valid_from, lang), to: formatDate(b.expires_on, lang) })} · ${t("vouchers:batches.countsText", b.counts)}`}
        >
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => checkExpired.mutate()} disabled={checkExpired.isPending} data-testid="check-expired">
              <TimerOff />
              {t("vouchers:list.checkExpired")}
            </Button>
            <Button onClick={() => setOpen({ kind: "export" })} data-testid="open-export">
              <Download />
              {t("vouchers:list.export")}
            </Button>
          </div>
        </ListHeader>
      ) : (
        <Skeleton className="h-14 w-full max-w-xl" />
      )}
      <VoucherTable
        filters={
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch type="search" label={t("vouchers:list.search")} value={text} onValueChange={setText} data-testid="voucher-search" />
            <div className="grid gap-1">
              <Label htmlFor="voucher-status">{t("vouchers:list.statusFilter")}</Label>
              <NativeSelect id="voucher-status" className="h-10 w-44" value={status} onChange={(e) => update({ status: e.target.value === "all" ? null : e.target.value, page: null })}>
                <option value="all">{t("vouchers:list.all")}</option>
                {VOUCHER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`vouchers:status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
        }
        columns={[
          { label: t("vouchers:list.code") },
          { label: t("vouchers:list.amount"), className: "text-right" },
          { label: t("vouchers:list.balance"), className: "hidden text-right md:table-cell" },
          { label: t("vouchers:list.status") },
          { label: t("vouchers:list.validUntil"), className: "hidden sm:table-cell" },
          { label: t("vouchers:list.detail") },
        ]}
        loading={list.isLoading}
        empty={{ show: rows.length === 0, icon: TicketX, title: t("vouchers:list.empty"), hint: t("vouchers:list.emptyHint"), testId: "vouchers-empty" }}
        pagination={list.data?.pagination}
        onPage={setPage}
        onPageSize={setPageSize}
      >
        {rows.map((v) => {
          const target: VoucherTarget = { id: v.id, code: v.code, type: b?.type };
          const active = v.status === "active";
          return (
            <TR key={v.id} data-testid="voucher-row">
              <TD stack="primary" className="whitespace-nowrap font-mono font-medium" data-testid="voucher-code">
                {v.code}
              </TD>
              <TD className="text-right tabular-nums" label={t("vouchers:list.amount")}>
                {formatVoucherValue(v.amount, b?.type ?? "fixed", lang)}
              </TD>
              <TD className="hidden text-right tabular-nums md:table-cell" label={t("vouchers:list.balance")}>{formatVoucherValue(v.balance, b?.type ?? "fixed", lang)}</TD>
              <TD label={t("vouchers:list.status")}>
                <VoucherStatusBadge status={v.status} />
              </TD>
              <TD className="hidden whitespace-nowrap sm:table-cell" label={t("vouchers:list.validUntil")}>
                {formatDate(v.valid_until, lang)}
              </TD>
              <TD label={t("vouchers:list.detail")} className="text-sm" data-testid="voucher-detail">
                <VoucherDetail v={v} lang={lang} />
              </TD>
              <TD stack="actions" className="text-right">
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="ghost" size="icon" aria-label={t("vouchers:menu.label", { code: v.code })} data-testid="voucher-menu">
                      <MoreHorizontal />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => void copy(v.code)}>
                      <ClipboardCopy />
                      {t("vouchers:menu.copy")}
                    </DropdownMenuItem>
                    {active && can("vouchers.cancel") ? (
                      <DropdownMenuItem onSelect={() => setOpen({ kind: "cancel", voucher: target })} data-testid="menu-cancel">
                        <Ban />
                        {t("vouchers:menu.cancel")}
                      </DropdownMenuItem>
                    ) : null}
                    {active && can("vouchers.report") ? (
                      <DropdownMenuItem onSelect={() => setOpen({ kind: "report", voucher: target })} data-testid="menu-report">
                        <ShieldAlert />
                        {t("vouchers:menu.report")}
                      </DropdownMenuItem>
                    ) : null}
                    <DropdownMenuItem onSelect={() => setOpen({ kind: "history", voucher: target })} data-testid="menu-history">
                      <History />
                      {t("vouchers:menu.history")}
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </TD>
            </TR>
          );
        })}
      </VoucherTable>
      <Dialog open={open !== null} onOpenChange={(o) => !o && close()}>
        {open?.kind === "cancel" ? <CancelVoucherDialog target={open.voucher} onClose={close} /> : null}
        {open?.kind === "report" ? <ReportVoucherDialog target={open.voucher} onClose={close} /> : null}
        {open?.kind === "history" ? <VoucherHistorySheet target={open.voucher} /> : null}
        {open?.kind === "export" && b ? <ExportDialog batch={b} onClose={close} /> : null}
      </Dialog>
    </div>
  );
}

/** The used date and order, or the cancelled date, or the reported date, else a dash (spec 03 §4). */
function VoucherDetail({ v, lang }: { v: { used_at: Date | string | null; usedInOrder: { id: string; number: string | null } | null; cancelled_at: Date | string | null; reported_at: Date | string | null }; lang: string }) {
  const { t } = useTranslation();
  if (v.used_at)
    return (
      <span className="grid">
        <span>{t("vouchers:list.usedOn", { date: formatDateTime(v.used_at, lang) })}</span>
        {v.usedInOrder?.number ? (
          <Link to={`/home/invoices/${v.usedInOrder.id}`} className="text-xs text-muted-foreground underline-offset-2 hover:underline" data-testid="voucher-order">
            {t("vouchers:list.order", { number: v.usedInOrder.number })}
          </Link>
        ) : null}
      </span>
    );
  if (v.cancelled_at) return <span>{t("vouchers:list.cancelledOn", { date: formatDateTime(v.cancelled_at, lang) })}</span>;
  if (v.reported_at) return <span>{t("vouchers:list.reportedOn", { date: formatDateTime(v.reported_at, lang) })}</span>;
  return <span className="text-muted-foreground">—</span>;
}
