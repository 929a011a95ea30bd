import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Package, Search, Tags } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { PROMOTION_PICKER_PAGE_SIZE } from "../../../shared/promotions/schemas";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { useDebounce } from "../../lib/use-debounce";
import { cn } from "../../lib/utils";

export interface ChosenProduct {
  id: string;
  name: string;
  sku: string | null;
}
export interface ChosenCategory {
  id: string;
  name: string;
}

/** A ticked row of a picker: the whole row toggles, Space or Enter on its checkbox too. */
function OptionRow({ checked, onToggle, title, detail, testId }: { checked: boolean; onToggle: () => void; title: string; detail?: string | null; testId: string }) {
  return (
    <label className={cn("flex min-h-12 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm hover:bg-accent", checked && "border-primary bg-accent/50")} data-testid={testId}>
      <input type="checkbox" className="size-4 shrink-0 accent-[var(--color-primary)]" checked={checked} onChange={onToggle} />
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-medium">{title}</span>
        {detail ? <span className="truncate text-xs text-muted-foreground">{detail}</span> : null}
      </span>
    </label>
  );
}

/** What a picker sheet shows around its rows: the sheet, its search, the empty state and the 'Listo' bar. */
function PickerSheet<T extends { id: string }>({
  testId,
  title,
  description,
  searchLabel,
  searchTestId,
  search,
  onSearch,
  rows,
  loading,
  chosenCount,
  onPickFirst,
  renderRow,
  emptyIcon: EmptyIcon,
  emptyText,
  doneTestId,
  onDone,
}: {
  testId: string;
  title: string;
  description: string;
  searchLabel: string;
  searchTestId?: string;
  search: string;
  onSearch: (text: string) => void;
  rows: T[];
  loading: boolean;
  chosenCount: number;
  onPickFirst: (first: T) => void;
  renderRow: (row: T) => React.ReactNode;
  emptyIcon: typeof Package;
  emptyText: string;
  doneTestId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      <div className="relative">
        <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
        <Input
          className="pl-9"
          type="search"
          autoFocus
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              const first = rows[0];
              if (first) onPickFirst(first);
            }
          }}
          placeholder={searchLabel}
          aria-label={searchLabel}
          data-testid={searchTestId}
        />
      </div>
      <div className="grid gap-1">
        {loading ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-12 w-full" />) : rows.map(renderRow)}
        {!loading && rows.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-10 text-center text-sm text-muted-foreground">
            <EmptyIcon className="size-8" />
            {emptyText}
          </div>
        ) : null}
      </div>
      <div className="sticky bottom-0 flex items-center justify-between gap-2 border-t bg-background pt-3">
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {t("promotions:picker.selected", { count: chosenCount })}
        </span>
        <Button type="button" onClick={onDone} data-testid={doneTestId}>
          {t("promotions:picker.done")}
        </Button>
      </div>
    </SheetContent>
  );
}

/** Ticks or unticks one choice of a picker. */
function toggler<C extends { id: string }>(chosen: C[], onChange: (next: C[]) => void) {
  const ids = new Set(chosen.map((c) => c.id));
  return { ids, toggle: (c: C) => onChange(ids.has(c.id) ? chosen.filter((x) => x.id !== c.id) : [...chosen, c]) };
}

/**
 * The product picker sheet (spec 03 'Promotion form with products and categories picker sheets'):
 * a search (debounced 300 ms) over product.getAll, page size 50, with a checkbox per product.
 */
export function ProductPickerSheet({ open, onOpenChange, chosen, onChange }: { open: boolean; onOpenChange: (open: boolean) => void; chosen: ChosenProduct[]; onChange: (next: ChosenProduct[]) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <ProductPicker chosen={chosen} onChange={onChange} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function ProductPicker({ chosen, onChange, onDone }: { chosen: ChosenProduct[]; onChange: (next: ChosenProduct[]) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [search, setSearch] = React.useState("");
  const debounced = useDebounce(search.trim(), 300);
  const list = useQuery({ ...trpc.product.getAll.queryOptions({ search: debounced, page: 1, pageSize: PROMOTION_PICKER_PAGE_SIZE }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const { ids, toggle } = toggler(chosen, onChange);

  return (
    <PickerSheet
      testId="promotion-product-picker"
      title={t("promotions:picker.productsTitle")}
      description={t("promotions:picker.productsDescription")}
      searchLabel={t("promotions:picker.searchProducts")}
      searchTestId="promotion-product-search"
      search={search}
      onSearch={setSearch}
      rows={rows}
      loading={list.isLoading}
      chosenCount={chosen.length}
      onPickFirst={(first) => toggle({ id: first.id, name: first.name, sku: first.sku })}
      renderRow={(p) => (
        <OptionRow
          key={p.id}
          checked={ids.has(p.id)}
          onToggle={() => toggle({ id: p.id, name: p.name, sku: p.sku })}
          title={p.name}
          detail={[p.sku, p.categoryName].filter(Boolean).join(" · ")}
          testId="promotion-product-option"
        />
      )}
      emptyIcon={Package}
      emptyText={t("promotions:picker.noProducts")}
      doneTestId="promotion-picker-done"
      onDone={onDone}
    />
  );
}

/** The category picker sheet: the tenant's active categories, filtered as you type. */
export function CategoryPickerSheet({ open, onOpenChange, chosen, onChange }: { open: boolean; onOpenChange: (open: boolean) => void; chosen: ChosenCategory[]; onChange: (next: ChosenCategory[]) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <CategoryPicker chosen={chosen} onChange={onChange} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function CategoryPicker({ chosen, onChange, onDone }: { chosen: ChosenCategory[]; onChange: (next: ChosenCategory[]) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [search, setSearch] = React.useState("");
  const list = useQuery(trpc.productCategory.getAll.queryOptions({}));
  const needle = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter((c) => !needle || c.name.toLowerCase().includes(needle) || (c.code ?? "").toLowerCase().includes(needle));
  const { ids, toggle } = toggler(chosen, onChange);

  return (
    <PickerSheet
      testId="promotion-category-picker"
      title={t("promotions:picker.categoriesTitle")}
      description={t("promotions:picker.categoriesDescription")}
      searchLabel={t("promotions:picker.searchCategories")}
      search={search}
      onSearch={setSearch}
      rows={rows}
      loading={list.isLoading}
      chosenCount={chosen.length}
      onPickFirst={(first) => toggle({ id: first.id, name: first.name })}
      renderRow={(c) => <OptionRow key={c.id} checked={ids.has(c.id)} onToggle={() => toggle({ id: c.id, name: c.name })} title={c.name} detail={c.code} testId="promotion-category-option" />}
      emptyIcon={Tags}
      emptyText={t("promotions:picker.noCategories")}
      doneTestId="promotion-category-done"
      onDone={onDone}
    />
  );
}
