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
  const ids = new Set(chosen.map((c) => c.id));
  const toggle = (p: ChosenProduct) => onChange(ids.has(p.id) ? chosen.filter((c) => c.id !== p.id) : [...chosen, p]);

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="promotion-product-picker">
      <DialogTitle>{t("promotions:picker.productsTitle")}</DialogTitle>
      <DialogDescription>{t("promotions:picker.productsDescription")}</DialogDescription>
      <div className="relative">
        <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
        <Input
          className="pl-9"
          type="search"
          autoFocus
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              const first = rows[0];
              if (first) toggle({ id: first.id, name: first.name, sku: first.sku });
            }
          }}
          placeholder={t("promotions:picker.searchProducts")}
          aria-label={t("promotions:picker.searchProducts")}
          data-testid="promotion-product-search"
        />
      </div>
      <div className="grid gap-1">
        {list.isLoading
          ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-12 w-full" />)
          : rows.map((p) => (
              <OptionRow
                key={p.id}
                checked={ids.has(p.id)}
                onToggle={() => toggle({ id: p.id, name: p.name, sku: p.sku })}
                title={p.name}
                detail={[p.sku, p.categoryName].filter(Boolean).join(" · ")}
                testId="promotion-product-option"
              />
            ))}
        {!list.isLoading && rows.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-10 text-center text-sm text-muted-foreground">
            <Package className="size-8" />
            {t("promotions:picker.noProducts")}
          </div>
        ) : null}
      </div>
      <div className="sticky bottom-0 flex items-center justify-between gap-2 border-t bg-background pt-3">
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {t("promotions:picker.selected", { count: chosen.length })}
        </span>
        <Button type="button" onClick={onDone} data-testid="promotion-picker-done">
          {t("promotions:picker.done")}
        </Button>
      </div>
    </SheetContent>
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
  const ids = new Set(chosen.map((c) => c.id));
  const toggle = (c: ChosenCategory) => onChange(ids.has(c.id) ? chosen.filter((x) => x.id !== c.id) : [...chosen, c]);

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="promotion-category-picker">
      <DialogTitle>{t("promotions:picker.categoriesTitle")}</DialogTitle>
      <DialogDescription>{t("promotions:picker.categoriesDescription")}</DialogDescription>
      <div className="relative">
        <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
        <Input
          className="pl-9"
          type="search"
          autoFocus
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              const first = rows[0];
              if (first) toggle({ id: first.id, name: first.name });
            }
          }}
          placeholder={t("promotions:picker.searchCategories")}
          aria-label={t("promotions:picker.searchCategories")}
        />
      </div>
      <div className="grid gap-1">
        {list.isLoading
          ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-12 w-full" />)
          : rows.map((c) => <OptionRow key={c.id} checked={ids.has(c.id)} onToggle={() => toggle({ id: c.id, name: c.name })} title={c.name} detail={c.code} testId="promotion-category-option" />)}
        {!list.isLoading && rows.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-10 text-center text-sm text-muted-foreground">
            <Tags className="size-8" />
            {t("promotions:picker.noCategories")}
          </div>
        ) : null}
      </div>
      <div className="sticky bottom-0 flex items-center justify-between gap-2 border-t bg-background pt-3">
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {t("promotions:picker.selected", { count: chosen.length })}
        </span>
        <Button type="button" onClick={onDone} data-testid="promotion-category-done">
          {t("promotions:picker.done")}
        </Button>
      </div>
    </SheetContent>
  );
}
