import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatMoney } from "../../../shared/money/format";
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from "../../../shared/purchasing/status";
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
import { LowStockTab } from "./low-stock-tab";
import { NotificationsTab } from "./notifications-tab";
import { PurchaseSettingsTab } from "./purchase-settings-tab";
import { PurchaseStatusBadge } from "./status-badge";

const TABS = ["orders", "low-stock", "notifications", "settings"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = { orders: "orders", "low-stock": "lowStock", notifications: "notifications", settings: "settings" };

/**
 * Purchase orders (spec 03: tabs orders, low stock, notifications, plus configuration). The tab
 * is in the address (?tab=…); low stock and notifications are issue 13 §4.
 */
export function PurchaseOrdersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get("tab") ?? "") ? (params.get("tab") as Tab) : "orders";
  return (
    <div className="grid gap-4">
      <nav className="flex flex-wrap gap-2 border-b pb-2" aria-label={t("purchasing:title")}>
        {TABS.map((key) => (
          <Link
            key={key}
            to={key === "orders" ? "/home/purchase-orders" : `/home/purchase-orders?tab=${key}`}
            aria-current={tab === key ? "page" : undefined}
            className={cn("rounded-[var(--radius-button)] px-3 py-2 text-sm font-medium hover:bg-accent", tab === key && "bg-primary text-primary-foreground hover:bg-primary")}
            data-testid={`po-tab-${key}`}
          >
            {t(`purchasing:tabs.${TAB_LABEL[key]}`)}
          </Link>
        ))}
      </nav>
      {tab === "orders" ? <OrdersTab /> : null}
      {tab === "low-stock" ? <LowStockTab /> : null}
      {tab === "notifications" ? <NotificationsTab /> : null}
      {tab === "settings" ? <PurchaseSettingsTab /> : null}
    </div>
  );
}

function OrdersTab() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { can } = usePermissions();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams({ pageSize: 20, debounceMs: 300 });
  const status = (PURCHASE_ORDER_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as PurchaseOrderStatus) : undefined;
  const providerId = params.get("provider") || undefined;
  const warehouseId = params.get("warehouse") || undefined;
  const dateFrom = params.get("from") || undefined;
  const dateTo = params.get("to") || undefined;
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const providers = useQuery({ ...trpc.provider.getAll.queryOptions({ page: 1, pageSize: 100, search: "" }), enabled: can("providers.view") });
  const list = useQuery({
    ...trpc.purchaseOrder.getAll.queryOptions({ status, providerId, warehouseId, dateFrom, dateTo, search, page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  return (
    <>
      <ListHeader title={t("purchasing:title")} subtitle={t("purchasing:list.subtitle")}>
        {can("purchase_orders.create") ? <NewLink to="/home/purchase-orders/new" label={t("purchasing:list.new")} testId="new-purchase-order" /> : null}
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch className="min-w-56" label={t("purchasing:list.search")} value={text} onValueChange={setText} />
            <NativeSelect className="w-full sm:w-52" aria-label={t("purchasing:fields.status")} value={status ?? ""} onChange={(e) => update({ status: e.target.value, page: null })} data-testid="po-filter-status">
              <option value="">{t("purchasing:list.allStatuses")}</option>
              {PURCHASE_ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`purchasing:statuses.${s}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="w-full sm:w-56" aria-label={t("purchasing:fields.provider")} value={providerId ?? ""} onChange={(e) => update({ provider: e.target.value, page: null })}>
              <option value="">{t("purchasing:list.allProviders")}</option>
              {providers.data?.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="w-full sm:w-48" aria-label={t("purchasing:fields.warehouse")} value={warehouseId ?? ""} onChange={(e) => update({ warehouse: e.target.value, page: null })}>
              <option value="">{t("purchasing:list.allWarehouses")}</option>
              {warehouses.data?.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </NativeSelect>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("purchasing:fields.from")}
              <Input type="date" className="w-40" value={dateFrom ?? ""} onChange={(e) => update({ from: e.target.value, page: null })} />
            </label>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("purchasing:fields.to")}
              <Input type="date" className="w-40" value={dateTo ?? ""} onChange={(e) => update({ to: e.target.value, page: null })} />
            </label>
          </div>
          <Table stack aria-label={t("purchasing:title")}>
            <THead>
              <TR>
                <TH>{t("purchasing:fields.number")}</TH>
                <TH>{t("purchasing:fields.orderDate")}</TH>
                <TH>{t("purchasing:fields.provider")}</TH>
                <TH>{t("purchasing:fields.warehouse")}</TH>
                <TH>{t("purchasing:fields.expectedDate")}</TH>
                <TH className="text-right">{t("purchasing:fields.total")}</TH>
                <TH>{t("purchasing:fields.status")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {rows.map((o) => (
                <TR key={o.id} data-testid="po-row">
                  <TD className="font-mono text-xs" stack="primary">
                    <Link to={`/home/purchase-orders/${o.id}`} className="hover:underline">
                      {o.number}
                    </Link>
                  </TD>
                  <TD label={t("purchasing:fields.orderDate")}>{formatDate(o.orderDate, lang)}</TD>
                  <TD label={t("purchasing:fields.provider")}>{o.providerName}</TD>
                  <TD label={t("purchasing:fields.warehouse")}>{o.warehouseName}</TD>
                  <TD label={t("purchasing:fields.expectedDate")}>{o.expectedDate ? formatDate(o.expectedDate, lang) : "—"}</TD>
                  <TD className="text-right tabular-nums" label={t("purchasing:fields.total")}>
                    {formatMoney(o.total, lang)}
                  </TD>
                  <TD label={t("purchasing:fields.status")}>
                    <PurchaseStatusBadge status={o.status} />
                  </TD>
                  <TD className="text-right" stack="actions">
                    <Button variant="ghost" size="sm" asChild aria-label={t("purchasing:list.view", { number: o.number })}>
                      <Link to={`/home/purchase-orders/${o.id}`}>
                        <Eye />
                      </Link>
                    </Button>
                  </TD>
                </TR>
              ))}
              <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={8} className="py-10">
                {t("purchasing:list.empty")}
              </TableFallbackRows>
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
    </>
  );
}
