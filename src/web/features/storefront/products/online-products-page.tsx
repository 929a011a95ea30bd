import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Globe, Package, Pencil } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, ListFilter, ListHeader, ListSearch } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle, SheetContent } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { useListParams } from "../../../lib/use-list-params";

type Filter = "all" | "online" | "offline";
const LIST = { pageSize: 20, debounceMs: 300 };

/**
 * /home/storefront/products: the catalogue's products with their online settings. 'En línea' is a
 * switch on each row; the pencil opens a side sheet for the online price, the original ('before')
 * price, featured and brand; a selection can be published or removed in bulk. Searched and paged
 * on the server (ecommerce.findStoreProducts), so 10,000 products stay fast.
 */
export function OnlineProductsPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { params, search, text, setText, page, pageSize, update: updateList, setPage, setPageSize } = useListParams(LIST);
  const asked = params.get("online");
  const filter: Filter = asked === "online" || asked === "offline" ? asked : "all";
  const [selected, setSelected] = React.useState<Set<string>>(new Set());
  const [editing, setEditing] = React.useState<Row | null>(null);

  const list = useQuery(trpc.ecommerce.findStoreProducts.queryOptions({ search, filter, page, pageSize }));
  const rows = list.data?.data ?? [];
  type Row = (typeof rows)[number];
  const update = useMutation(
    trpc.ecommerce.updateStoreProduct.mutationOptions({
      onSuccess: () => qc.invalidateQueries(trpc.ecommerce.findStoreProducts.pathFilter()),
      onError: (e) => toast({ variant: "destructive", title: t("storefrontOrders:products.error"), description: e.message }),
    }),
  );
  const money = (v: string | null) => (v == null ? "—" : formatMoney(v, i18n.language));

  const bulk = (isOnline: boolean) => {
    const productIds = [...selected];
    update.mutate(
      { productIds, isOnline },
      {
        onSuccess: () => {
          setSelected(new Set());
          toast({ variant: "success", title: t(isOnline ? "storefrontOrders:products.published" : "storefrontOrders:products.unpublished", { count: productIds.length }) });
        },
      },
    );
  };
  const toggleRow = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.productId));

  return (
    <div className="grid gap-4">
      <ListHeader title={t("storefrontOrders:products.title")} subtitle={t("storefrontOrders:products.description")}>
        {selected.size > 0 ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => bulk(true)} disabled={update.isPending} data-testid="bulk-publish">
              <Globe />
              {t("storefrontOrders:products.publishSelected", { count: selected.size })}
            </Button>
            <Button variant="outline" onClick={() => bulk(false)} disabled={update.isPending}>
              {t("storefrontOrders:products.unpublishSelected", { count: selected.size })}
            </Button>
          </div>
        ) : null}
      </ListHeader>
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label={t("storefrontOrders:products.search")} value={text} onValueChange={setText} />
        <ListFilter
          id="online-filter"
          label={t("storefrontOrders:products.columns.online")}
          allLabel={t("storefrontOrders:products.filter.all")}
          value={filter === "all" ? null : filter}
          options={[
            { value: "online", label: t("storefrontOrders:products.filter.online") },
            { value: "offline", label: t("storefrontOrders:products.filter.offline") },
          ]}
          onValueChange={(v) => updateList({ online: v, page: null })}
        />
      </div>
      <Table stack aria-label={t("storefrontOrders:products.title")}>
        <THead>
          <TR>
            <TH className="w-10">
              <input
                type="checkbox"
                className="size-4"
                checked={allOnPage}
                onChange={(e) => {
                  for (const r of rows) toggleRow(r.productId, e.target.checked);
                }}
                aria-label={t("storefrontOrders:products.selectAll")}
              />
            </TH>
            <TH>{t("storefrontOrders:products.columns.name")}</TH>
            <TH className="text-right">{t("storefrontOrders:products.columns.price")}</TH>
            <TH>{t("storefrontOrders:products.columns.online")}</TH>
            <TH className="text-right">{t("storefrontOrders:products.columns.onlinePrice")}</TH>
            <TH className="text-right">{t("storefrontOrders:products.columns.originalPrice")}</TH>
            <TH>{t("storefrontOrders:products.columns.featured")}</TH>
            <TH>{t("storefrontOrders:products.columns.brand")}</TH>
            <TH className="w-12" />
          </TR>
        </THead>
        <TBody>
          {list.isLoading ? <SkeletonRows rows={5} cols={9} /> : null}
          {!list.isLoading && rows.length === 0 ? <EmptyTableRow cols={9} icon={Package} title={t("storefrontOrders:products.empty")} hint="" testId="online-products-empty" /> : null}
          {rows.map((r) => (
            <TR key={r.productId} data-testid="online-product-row">
              <TD stack="lead">
                <input type="checkbox" className="size-4" checked={selected.has(r.productId)} onChange={(e) => toggleRow(r.productId, e.target.checked)} aria-label={`${t("storefrontOrders:products.columns.select")} ${r.name}`} />
              </TD>
              <TD stack="primary">
                <span className="font-medium">{r.name}</span>
                <span className="block text-xs text-muted-foreground">
                  {r.sku}
                  {r.categoryName ? ` · ${r.categoryName}` : ""}
                </span>
              </TD>
              <TD label={t("storefrontOrders:products.columns.price")} className="text-right tabular-nums">
                {money(r.price)}
              </TD>
              <TD label={t("storefrontOrders:products.columns.online")}>
                <Switch
                  checked={r.isOnline}
                  disabled={update.isPending}
                  onCheckedChange={(v) => update.mutate({ productIds: [r.productId], isOnline: v })}
                  aria-label={`${t("storefrontOrders:products.columns.online")}: ${r.name}`}
                />
              </TD>
              <TD label={t("storefrontOrders:products.columns.onlinePrice")} className="text-right tabular-nums">
                {money(r.onlinePrice)}
              </TD>
              <TD label={t("storefrontOrders:products.columns.originalPrice")} className="text-right tabular-nums">
                {money(r.originalPrice)}
              </TD>
              <TD label={t("storefrontOrders:products.columns.featured")}>
                <Switch
                  checked={r.isFeatured}
                  disabled={update.isPending}
                  onCheckedChange={(v) => update.mutate({ productIds: [r.productId], isFeatured: v })}
                  aria-label={`${t("storefrontOrders:products.columns.featured")}: ${r.name}`}
                />
              </TD>
              <TD label={t("storefrontOrders:products.columns.brand")}>{r.brand ?? "—"}</TD>
              <TD stack="actions">
                <Button variant="ghost" size="icon" onClick={() => setEditing(r)} aria-label={t("storefrontOrders:products.edit", { name: r.name })}>
                  <Pencil />
                </Button>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <PaginationBar
        pagination={list.data?.pagination}
        onPage={setPage}
        onPageSize={setPageSize}
      />
      <Dialog open={!!editing} onOpenChange={(open) => !open && setEditing(null)}>
        {editing ? <EditSheet row={editing} onDone={() => setEditing(null)} save={update} money={money} /> : null}
      </Dialog>
    </div>
  );
}

interface EditRow {
  productId: string;
  name: string;
  price: string;
  onlinePrice: string | null;
  originalPrice: string | null;
  isFeatured: boolean;
  isOnline: boolean;
  brand: string | null;
}

function EditSheet({
  row,
  onDone,
  save,
  money,
}: {
  row: EditRow;
  onDone: () => void;
  save: { mutate: (input: { productIds: string[]; isOnline?: boolean; onlinePrice?: string | null; originalPrice?: string | null; isFeatured?: boolean; brand?: string | null }, opts?: { onSuccess?: () => void }) => void; isPending: boolean };
  money: (v: string | null) => string;
}) {
  const { t } = useTranslation();
  const [onlinePrice, setOnlinePrice] = React.useState(row.onlinePrice ?? "");
  const [originalPrice, setOriginalPrice] = React.useState(row.originalPrice ?? "");
  const [brand, setBrand] = React.useState(row.brand ?? "");
  const [isOnline, setIsOnline] = React.useState(row.isOnline);
  const [isFeatured, setIsFeatured] = React.useState(row.isFeatured);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { productIds: [row.productId], isOnline, isFeatured, onlinePrice: onlinePrice.trim() || null, originalPrice: originalPrice.trim() || null, brand: brand.trim() || null },
      {
        onSuccess: () => {
          toast({ variant: "success", title: t("storefrontOrders:products.saved") });
          onDone();
        },
      },
    );
  };
  return (
    <SheetContent closeLabel={t("storefrontOrders:products.cancel")}>
      <DialogHeader>
        <DialogTitle>{t("storefrontOrders:products.editTitle")}</DialogTitle>
        <DialogDescription>{row.name}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" onSubmit={submit}>
        <label className="flex items-center gap-3 text-sm font-medium">
          <Switch checked={isOnline} onCheckedChange={setIsOnline} />
          {t("storefrontOrders:products.columns.online")}
        </label>
        <div className="grid gap-1.5">
          <Label htmlFor="online-price">{t("storefrontOrders:products.columns.onlinePrice")}</Label>
          <Input id="online-price" inputMode="decimal" value={onlinePrice} onChange={(e) => setOnlinePrice(e.target.value)} aria-describedby="online-price-hint" />
          <p id="online-price-hint" className="text-xs text-muted-foreground">
            {t("storefrontOrders:products.onlinePriceHint", { price: money(row.price) })}
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="original-price">{t("storefrontOrders:products.columns.originalPrice")}</Label>
          <Input id="original-price" inputMode="decimal" value={originalPrice} onChange={(e) => setOriginalPrice(e.target.value)} aria-describedby="original-price-hint" />
          <p id="original-price-hint" className="text-xs text-muted-foreground">
            {t("storefrontOrders:products.originalPriceHint")}
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="brand">{t("storefrontOrders:products.columns.brand")}</Label>
          <Input id="brand" maxLength={100} value={brand} onChange={(e) => setBrand(e.target.value)} />
        </div>
        <label className="flex items-center gap-3 text-sm font-medium">
          <Switch checked={isFeatured} onCheckedChange={setIsFeatured} />
          {t("storefrontOrders:products.columns.featured")}
        </label>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t("storefrontOrders:products.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {t("storefrontOrders:products.save")}
          </Button>
        </DialogFooter>
      </form>
    </SheetContent>
  );
}
