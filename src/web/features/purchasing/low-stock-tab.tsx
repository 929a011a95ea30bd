import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { FilePlus2, X } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { type AppRouter, useTRPC, useTRPCClient } from "../../app/trpc";
import { ListHeader, ListSearch, TableFallbackRows } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { NativeSelect } from "../../components/ui/input";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { usePermissions } from "../../lib/permissions";
import { useListParams } from "../../lib/use-list-params";
import { cn } from "../../lib/utils";

type LowRow = inferRouterOutputs<AppRouter>["purchaseOrder"]["getLowStock"]["data"][number];
type Created = inferRouterOutputs<AppRouter>["purchaseOrder"]["createFromLowStock"]["orders"];

const rowKey = (r: { productId: string; warehouseId: string }) => `${r.productId}:${r.warehouseId}`;

/**
 * Stock bajo (issue 13 §4): products under their minimum per warehouse, with the suggested
 * quantity up to the maximum, the provider and last cost. Rows are chosen with their checkboxes
 * (Space toggles the focused one; the header's checkbox takes the whole page), a product without
 * a provider gets one from its row's picker, and 'Crear órdenes' turns the selection into draft
 * orders, one per provider and warehouse, in one idempotent call.
 */
export function LowStockTab() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const canCreate = can("purchase_orders.create");
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams({ pageSize: 20, debounceMs: 300 });
  const warehouseId = params.get("warehouse") || undefined;
  const providerId = params.get("provider") || undefined;
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const providers = useQuery({ ...trpc.provider.getAll.queryOptions({ page: 1, pageSize: 100, search: "" }), enabled: can("providers.view") });
  const list = useQuery({ ...trpc.purchaseOrder.getLowStock.queryOptions({ warehouseId, providerId, search, page, pageSize }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const activeProviders = (providers.data?.data ?? []).filter((p) => p.isActive !== false);

  /** The chosen rows (kept across pages and filters) and the provider picked for a row without one. */
  const [selected, setSelected] = React.useState<Map<string, LowRow>>(new Map());
  const [chosenProvider, setChosenProvider] = React.useState<Record<string, string>>({});
  const [created, setCreated] = React.useState<Created | null>(null);
  const clientKey = React.useRef(crypto.randomUUID());

  const toggle = (r: LowRow, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(rowKey(r), r);
      else next.delete(rowKey(r));
      return next;
    });
  const pageAll = rows.length > 0 && rows.every((r) => selected.has(rowKey(r)));
  const pageSome = rows.some((r) => selected.has(rowKey(r)));
  const togglePage = (on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of rows) on ? next.set(rowKey(r), r) : next.delete(rowKey(r));
      return next;
    });
  const headerBox = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    if (headerBox.current) headerBox.current.indeterminate = pageSome && !pageAll;
  }, [pageSome, pageAll]);

  const providerOf = (r: LowRow) => r.providerId ?? chosenProvider[rowKey(r)] ?? null;
  const chosen = [...selected.values()];
  const missing = chosen.filter((r) => !providerOf(r));

  const create = useMutation({
    mutationFn: () =>
      client.purchaseOrder.createFromLowStock.mutate({
        clientKey: clientKey.current,
        items: chosen.map((r) => ({ productId: r.productId, warehouseId: r.warehouseId, providerId: r.providerId ? null : (chosenProvider[rowKey(r)] ?? null) })),
      }),
    onSuccess: async ({ orders }) => {
      clientKey.current = crypto.randomUUID();
      setSelected(new Map());
      setCreated(orders);
      await qc.invalidateQueries({ queryKey: trpc.purchaseOrder.getAll.queryKey() });
      await qc.invalidateQueries({ queryKey: trpc.purchaseOrder.getLowStock.queryKey() });
      toast({ variant: "success", title: t("purchasing:lowStock.created", { count: orders.length, numbers: orders.map((o) => o.number).join(", ") }) });
    },
    onError: (e) => toast({ variant: "destructive", title: t("purchasing:toasts.createError"), description: e.message }),
    meta: { silent: true },
  });

  return (
    <>
      <ListHeader title={t("purchasing:lowStock.title")} subtitle={t("purchasing:lowStock.subtitle")} />
      {created ? (
        <Card data-testid="low-stock-created">
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle>{t("purchasing:lowStock.createdTitle")}</CardTitle>
            <Button variant="ghost" size="sm" onClick={() => setCreated(null)} aria-label={t("common:actions.close")}>
              <X />
            </Button>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              {created.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <Link to={`/home/purchase-orders/${o.id}`} className="font-mono font-medium text-primary hover:underline" aria-label={t("purchasing:lowStock.open", { number: o.number })}>
                    {o.number}
                  </Link>
                  <span>{o.providerName}</span>
                  <span className="text-muted-foreground">{o.warehouseName}</span>
                  <span className="ml-auto tabular-nums">{formatMoney(o.total, lang)}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch className="min-w-56" label={t("purchasing:lowStock.search")} value={text} onValueChange={setText} />
            <NativeSelect className="w-full sm:w-56" aria-label={t("purchasing:fields.provider")} value={providerId ?? ""} onChange={(e) => update({ provider: e.target.value, page: null })} data-testid="ls-filter-provider">
              <option value="">{t("purchasing:lowStock.allProviders")}</option>
              <option value="none">{t("purchasing:lowStock.noProvider")}</option>
              {providers.data?.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="w-full sm:w-48" aria-label={t("purchasing:fields.warehouse")} value={warehouseId ?? ""} onChange={(e) => update({ warehouse: e.target.value, page: null })} data-testid="ls-filter-warehouse">
              <option value="">{t("purchasing:list.allWarehouses")}</option>
              {warehouses.data?.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <p className="text-xs text-muted-foreground">{t("purchasing:lowStock.hint")}</p>
          <Table stack aria-label={t("purchasing:lowStock.title")}>
            <THead>
              <TR>
                {canCreate ? (
                  <TH className="w-10">
                    <input
                      ref={headerBox}
                      type="checkbox"
                      className="size-5 accent-[var(--color-primary)]"
                      aria-label={t("purchasing:lowStock.selectAll")}
                      checked={pageAll}
                      onChange={(e) => togglePage(e.target.checked)}
                      disabled={rows.length === 0}
                      data-testid="ls-select-page"
                    />
                  </TH>
                ) : null}
                <TH>{t("purchasing:lowStock.product")}</TH>
                <TH>{t("purchasing:fields.warehouse")}</TH>
                <TH className="text-right">{t("purchasing:lowStock.current")}</TH>
                <TH className="text-right">{t("purchasing:lowStock.min")}</TH>
                <TH className="text-right">{t("purchasing:lowStock.max")}</TH>
                <TH className="text-right">{t("purchasing:lowStock.suggested")}</TH>
                <TH>{t("purchasing:fields.provider")}</TH>
                <TH className="text-right">{t("purchasing:lowStock.lastCost")}</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((r) => {
                const k = rowKey(r);
                const on = selected.has(k);
                return (
                  <TR key={k} data-testid="ls-row" data-selected={on || undefined} className={cn(on && "bg-primary/5")}>
                    {canCreate ? (
                      <TD stack="lead" className="w-10">
                        {/* wrapped: a cell holding an input directly is widened like a field when the table stacks */}
                        <span className="flex">
                        <input
                          type="checkbox"
                          className="size-5 accent-[var(--color-primary)]"
                          checked={on}
                          onChange={(e) => toggle(r, e.target.checked)}
                          aria-label={t("purchasing:lowStock.selectRow", { product: r.name, warehouse: r.warehouseName })}
                          data-testid="ls-select"
                        />
                        </span>
                      </TD>
                    ) : null}
                    <TD stack="primary">
                      <span className="font-medium">{r.name}</span>
                      <span className="block font-mono text-xs text-muted-foreground">{r.sku}</span>
                    </TD>
                    <TD label={t("purchasing:fields.warehouse")}>{r.warehouseName}</TD>
                    <TD className="text-right tabular-nums text-destructive" label={t("purchasing:lowStock.current")}>
                      {formatQuantity(r.currentQuantity)}
                    </TD>
                    <TD className="text-right tabular-nums" label={t("purchasing:lowStock.min")}>
                      {formatQuantity(r.minStock)}
                    </TD>
                    <TD className="text-right tabular-nums" label={t("purchasing:lowStock.max")}>
                      {r.maxStock ? formatQuantity(r.maxStock) : "—"}
                    </TD>
                    <TD className="text-right font-medium tabular-nums" label={t("purchasing:lowStock.suggested")}>
                      {formatQuantity(r.suggestedQuantity)}
                    </TD>
                    <TD label={t("purchasing:fields.provider")}>
                      {r.providerName ? (
                        r.providerName
                      ) : canCreate ? (
                        <NativeSelect
                          className="w-full min-w-40"
                          aria-label={t("purchasing:lowStock.providerFor", { product: r.name })}
                          value={chosenProvider[k] ?? ""}
                          onChange={(e) => setChosenProvider((prev) => ({ ...prev, [k]: e.target.value }))}
                          data-testid="ls-choose-provider"
                        >
                          <option value="">{t("purchasing:lowStock.noProvider")}</option>
                          {activeProviders.map((p) => (
                            <option key={p.id} value={p.id}>
                              {p.name}
                            </option>
                          ))}
                        </NativeSelect>
                      ) : (
                        <span className="text-muted-foreground">{t("purchasing:lowStock.noProvider")}</span>
                      )}
                    </TD>
                    <TD className="text-right tabular-nums" label={t("purchasing:lowStock.lastCost")}>
                      {formatMoney(r.lastCost, lang)}
                    </TD>
                  </TR>
                );
              })}
              <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={canCreate ? 9 : 8} className="py-10">
                {t("purchasing:lowStock.empty")}
              </TableFallbackRows>
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
      {canCreate && selected.size > 0 ? (
        <div data-slot="form-actions" className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-2 border-t py-3" data-testid="ls-action-bar">
          <div className="mr-auto flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-medium" aria-live="polite">
              {t("purchasing:lowStock.selected", { count: selected.size })}
            </span>
            {missing.length > 0 ? (
              <span className="text-destructive" role="status">
                {t("purchasing:lowStock.needsProvider", { count: missing.length })}
              </span>
            ) : null}
          </div>
          <Button variant="outline" onClick={() => setSelected(new Map())}>
            {t("purchasing:lowStock.clear")}
          </Button>
          <Button onClick={() => create.mutate()} disabled={create.isPending || missing.length > 0} data-testid="ls-create">
            <FilePlus2 />
            {create.isPending ? t("purchasing:lowStock.creating") : t("purchasing:lowStock.create")}
          </Button>
        </div>
      ) : null}
    </>
  );
}
