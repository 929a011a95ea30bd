import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArchiveRestore, Boxes, FileDown, FileUp, Pencil, Plus, RefreshCw, Star, Tag, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PRODUCT_TYPES } from "../../../shared/catalog/product";
import { formatMoney, formatQuantity } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { ListSearch, TableFallbackRows } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { usePermissions } from "../../lib/permissions";
import { useDebounce } from "../../lib/use-debounce";
import { cn } from "../../lib/utils";
import { useProductExport } from "../product-import/export";
import { ProductImportDialog } from "../product-import/import-dialog";
import { ProductLabelsDialog } from "../product-import/labels-dialog";
import { AdjustInventoryDialog } from "./adjust-inventory-dialog";

type TypeFilter = "all" | (typeof PRODUCT_TYPES)[number];

export function ProductsPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [search, setSearch] = React.useState("");
  const [type, setType] = React.useState<TypeFilter>("all");
  const [scheduleableOnly, setScheduleableOnly] = React.useState(false);
  const [showDeleted, setShowDeleted] = React.useState(false);
  const [favoritesOnly, setFavoritesOnly] = React.useState(false);
  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState(20);
  const [importing, setImporting] = React.useState(false);
  const [labelsOpen, setLabelsOpen] = React.useState(false);
  const [adjusting, setAdjusting] = React.useState<{ id: string; name: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = React.useState<{ id: string; name: string } | null>(null);
  const debounced = useDebounce(search, 300);
  const filters = {
    search: debounced,
    productType: type === "all" ? undefined : type,
    isScheduleable: scheduleableOnly ? true : undefined,
    showDeleted,
    favoritesOnly,
  };
  React.useEffect(() => setPage(1), [debounced, type, scheduleableOnly, showDeleted, favoritesOnly]);
  const list = useQuery({ ...trpc.product.getAll.queryOptions({ ...filters, page, pageSize }), placeholderData: keepPreviousData });
  const invalidate = () => qc.invalidateQueries({ queryKey: trpc.product.getAll.queryKey() });
  const onError = () => undefined;
  const favorite = useMutation(trpc.product.setFavorite.mutationOptions({ onSuccess: invalidate, onError }));
  const remove = useMutation(
    trpc.product.delete.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        setConfirmDelete(null);
        toast({ title: t("products:list.deleted"), variant: "success" });
      },
    }),
  );
  const restore = useMutation(
    trpc.product.restore.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        toast({ title: t("products:list.restored"), variant: "success" });
      },
    }),
  );
  const exporter = useProductExport();
  const rows = list.data?.data ?? [];

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="flex-1 text-2xl font-bold">{t("products:list.title")}</h1>
        <Button variant="outline" onClick={() => void list.refetch()} aria-label={t("products:list.refresh")}>
          <RefreshCw className={cn(list.isFetching && "animate-spin")} />
        </Button>
        {can("products.import") ? (
          <Button variant="outline" onClick={() => setImporting(true)}>
            <FileUp />
            {t("products:list.import")}
          </Button>
        ) : null}
        {can("products.export") ? (
          <Button variant="outline" disabled={exporter.isExporting} onClick={() => void exporter.exportNow(filters)}>
            <FileDown />
            {exporter.isExporting ? t("products:list.exporting", { progress: exporter.progress }) : t("products:list.export")}
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => setLabelsOpen(true)} disabled={rows.length === 0}>
          <Tag />
          {t("products:list.labels")}
        </Button>
        {can("products.create") ? (
          <Button onClick={() => void navigate("/home/products/new")} data-testid="new-product">
            <Plus />
            {t("products:list.new")}
          </Button>
        ) : null}
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-center gap-3">
            <ListSearch className="min-w-64" label={t("products:list.search")} value={search} onValueChange={setSearch} />
            <fieldset className="flex flex-wrap gap-1" aria-label={t("products:fields.productType")}>
              {(["all", ...PRODUCT_TYPES] as TypeFilter[]).map((value) => (
                <Button key={value} size="sm" variant={type === value ? "default" : "outline"} onClick={() => setType(value)} aria-pressed={type === value}>
                  {t(`products:types.${value}`)}
                </Button>
              ))}
            </fieldset>
            <FilterSwitch id="f-scheduleable" label={t("products:list.scheduleable")} checked={scheduleableOnly} onChange={setScheduleableOnly} />
            <FilterSwitch id="f-favorites" label={t("products:list.favorites")} checked={favoritesOnly} onChange={setFavoritesOnly} />
            <FilterSwitch id="f-deleted" label={t("products:list.showDeleted")} checked={showDeleted} onChange={setShowDeleted} />
          </div>
          <Table stack aria-label={t("products:list.title")}>
            <THead>
              <TR>
                <TH className="w-10" />
                <TH>{t("products:fields.name")}</TH>
                <TH>{t("products:fields.sku")}</TH>
                <TH>{t("products:fields.category")}</TH>
                <TH>{t("products:fields.productType")}</TH>
                <TH className="text-right">{t("products:fields.price")}</TH>
                <TH className="text-right">{t("products:list.stock")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {rows.map((p) => (
                <TR key={p.id} data-testid="product-row" className={cn(p.deletedAt && "opacity-60")}>
                  <TD stack="lead">
                    <button
                      type="button"
                      aria-label={p.isFavorite ? t("products:list.unfavorite") : t("products:list.favorite")}
                      aria-pressed={p.isFavorite}
                      disabled={!can("products.update")}
                      onClick={() => favorite.mutate({ id: p.id, isFavorite: !p.isFavorite })}
                    >
                      <Star className={cn("size-4", p.isFavorite ? "fill-warning text-warning" : "text-muted-foreground")} />
                    </button>
                  </TD>
                  <TD className="font-medium" stack="primary">
                    <Link to={`/home/products/${p.id}`} className="hover:underline">
                      {p.name}
                    </Link>
                    {p.deletedAt ? (
                      <Badge variant="destructive" className="ml-2">
                        {t("products:list.deletedBadge")}
                      </Badge>
                    ) : null}
                  </TD>
                  <TD className="font-mono text-xs">{p.sku}</TD>
                  <TD>{p.categoryName ?? "—"}</TD>
                  <TD stack="hide">{t(`products:types.${p.productType}`)}</TD>
                  <TD className="text-right tabular-nums" label={t("products:fields.price")}>
                    {p.variablePrice ? t("products:list.variable") : formatMoney(p.price, i18n.language)}
                  </TD>
                  <TD className="text-right tabular-nums" label={t("products:list.stock")}>
                    {p.productType === "product" ? formatQuantity(p.stock) : "—"}
                  </TD>
                  <TD className="whitespace-nowrap text-right" stack="actions">
                    {can("products.update") && !p.deletedAt ? (
                      <Button variant="ghost" size="sm" asChild aria-label={t("common:actions.edit")}>
                        <Link to={`/home/products/${p.id}`}>
                          <Pencil />
                        </Link>
                      </Button>
                    ) : null}
                    {can("products.adjust_inventory") && !p.deletedAt && p.productType === "product" ? (
                      <Button variant="ghost" size="sm" onClick={() => setAdjusting({ id: p.id, name: p.name })} aria-label={t("products:adjust.title")}>
                        <Boxes />
                      </Button>
                    ) : null}
                    {can("products.delete") ? (
                      p.deletedAt ? (
                        <Button variant="ghost" size="sm" onClick={() => restore.mutate({ id: p.id })} aria-label={t("products:list.restore")}>
                          <ArchiveRestore />
                        </Button>
                      ) : (
                        <Button variant="ghost" size="sm" onClick={() => setConfirmDelete({ id: p.id, name: p.name })} aria-label={t("products:list.delete")}>
                          <Trash2 />
                        </Button>
                      )
                    ) : null}
                  </TD>
                </TR>
              ))}
              <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={8} className="py-10">
                {t("products:list.empty")}
              </TableFallbackRows>
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>

      <Dialog open={confirmDelete !== null} onOpenChange={(open) => !open && setConfirmDelete(null)}>
        <DialogContent closeLabel={t("common:actions.close")}>
          <DialogHeader>
            <DialogTitle>{t("products:list.confirmDeleteTitle", { name: confirmDelete?.name })}</DialogTitle>
            <DialogDescription>{t("products:list.confirmDeleteBody")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmDelete(null)}>
              {t("common:actions.cancel")}
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => confirmDelete && remove.mutate({ id: confirmDelete.id })} data-testid="confirm-delete">
              {t("products:list.delete")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {adjusting ? <AdjustInventoryDialog product={adjusting} onDone={() => setAdjusting(null)} /> : null}
      <ProductImportDialog open={importing} onOpenChange={setImporting} onImported={() => void invalidate()} />
      <ProductLabelsDialog
        open={labelsOpen}
        onOpenChange={setLabelsOpen}
        products={rows.filter((p) => !p.deletedAt).map((p) => ({ id: p.id, name: p.name, sku: p.sku, barcode: p.barcode, price: p.price }))}
      />
    </div>
  );
}

function FilterSwitch({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}
