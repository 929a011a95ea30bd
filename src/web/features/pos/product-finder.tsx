import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { ScanBarcode, Search, Star } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../shared/money/format";
import type { AddItemInput, AlternateCodeUsage, CartProduct } from "../../../shared/pos/cart";
import { useTRPC } from "../../app/trpc";
import { Input } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { useDebounce } from "../../lib/use-debounce";
import { cn } from "../../lib/utils";

type ListedProduct = {
  id: string;
  name: string;
  sku: string;
  barcode: string | null;
  price: string;
  taxPercent: string | null;
  isTaxable: boolean;
  priceIncludesTax: boolean;
  variablePrice: boolean;
  imageUrl: string | null;
  categoryId: string | null;
};

export function toCartProduct(p: ListedProduct): CartProduct {
  return {
    id: p.id,
    name: p.name,
    price: p.price,
    tax_percent: p.taxPercent,
    is_taxable: p.isTaxable,
    price_includes_tax: p.priceIncludesTax,
    sku: p.sku,
    barcode: p.barcode,
    variable_price: p.variablePrice,
    category_id: p.categoryId,
  };
}

const FAVORITES = "__favorites__";

/**
 * The left side of the POS: a search box that a scanner can type into (an exact barcode, SKU or
 * supplier code adds the product at once on Enter), the search results with arrow keys, and
 * the category / favourites grid when nothing is typed.
 */
export function ProductFinder({ searchRef, onAdd, lang }: { searchRef: React.RefObject<HTMLInputElement | null>; onAdd: (input: AddItemInput) => void; lang: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [text, setText] = React.useState("");
  const [highlight, setHighlight] = React.useState(0);
  const [category, setCategory] = React.useState<string>(FAVORITES);
  const search = useDebounce(text.trim(), 200);

  const results = useQuery({
    ...trpc.product.searchProducts.queryOptions({ search, limit: 20 }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
  const categories = useQuery(trpc.productCategory.getAll.queryOptions());
  const grid = useQuery({
    ...trpc.product.getAll.queryOptions({
      page: 1,
      pageSize: 48,
      favoritesOnly: category === FAVORITES,
      ...(category !== FAVORITES ? { categoryId: category } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const favoritesEmpty = category === FAVORITES && grid.data && grid.data.data.length === 0;
  const allProducts = useQuery({ ...trpc.product.getAll.queryOptions({ page: 1, pageSize: 48 }), enabled: !!favoritesEmpty });
  const gridRows = (favoritesEmpty ? allProducts.data?.data : grid.data?.data) ?? [];

  const list = text.trim() && results.data ? results.data.data : [];

  /** Adds the product; `clear` empties the search (not after a lookup: the field may hold the next scan by then). */
  function add(product: ListedProduct, alternate?: { id: string; sku: string | null; barcode: string | null; description: string | null; providerId: string | null } | null, clear = true) {
    const usages: AlternateCodeUsage[] = alternate ? [{ id: alternate.id, sku: alternate.sku, barcode: alternate.barcode, description: alternate.description, quantity: "1", providerId: alternate.providerId }] : [];
    onAdd({ product: toCartProduct(product), quantity: 1, alternateCodeUsages: usages });
    if (clear) setText("");
    setHighlight(0);
    searchRef.current?.focus();
  }

  /** Enter: a scanned code adds at once (even before the debounced search answers); else the highlighted result. */
  async function onEnter() {
    const code = text.trim();
    if (!code) return;
    const current = results.data && search === code ? results.data : null;
    if (current?.exactMatch && current.data[0]) return add(current.data[0], current.alternateCode);
    if (current && list[highlight]) return add(list[highlight]!);
    // Not answered yet (a scanner types and presses Enter at once): the code leaves the field now, so
    // the next scan, even of the same code, types into an empty field and its own Enter counts.
    setText((current) => (current.trim() === code ? "" : current));
    const giveBack = () => setText((current) => current || code);
    try {
      const answer = await qc.fetchQuery(trpc.product.searchProducts.queryOptions({ search: code, limit: 20 }));
      if (answer.exactMatch && answer.data[0]) return add(answer.data[0], answer.alternateCode, false);
      if (answer.data.length === 1) return add(answer.data[0]!, null, false);
      // Several matches: the code goes back so the list shows; none: back to be corrected.
      giveBack();
      if (answer.data.length === 0) toast({ title: t("pos:finder.notFound", { code }), variant: "destructive" });
    } catch (e) {
      giveBack();
      toast({ title: (e as Error).message, variant: "destructive" });
    }
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setHighlight((h) => Math.min(h + 1, Math.max(list.length - 1, 0)));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (e.key === "Enter") {
      e.preventDefault();
      void onEnter();
    } else if (e.key === "Escape" && text) {
      e.stopPropagation();
      setText("");
    }
  }

  return (
    <div className="flex h-full min-h-0 flex-col gap-3">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          ref={searchRef}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setHighlight(0);
          }}
          onKeyDown={onKeyDown}
          aria-label={t("pos:search")}
          placeholder={t("pos:searchPlaceholder")}
          title={t("pos:searchPlaceholder")}
          className="h-12 pr-20 pl-10 text-base"
          autoComplete="off"
          role="combobox"
          aria-expanded={list.length > 0}
          aria-controls="pos-search-results"
        />
        <span className="absolute top-1/2 right-3 flex -translate-y-1/2 items-center gap-1 text-xs text-muted-foreground">
          <ScanBarcode className="size-4" aria-hidden /> F2
        </span>
      </div>

      {text.trim() ? (
        <ul id="pos-search-results" aria-label={t("pos:finder.results")} className="min-h-0 flex-1 overflow-auto rounded-md border">
          {results.isFetching && list.length === 0 ? (
            <li className="p-3">
              <Skeleton className="h-6 w-full" />
            </li>
          ) : null}
          {!results.isFetching && search === text.trim() && list.length === 0 ? <li className="p-4 text-sm text-muted-foreground">{t("pos:finder.noResults")}</li> : null}
          {list.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => add(p)}
                onMouseEnter={() => setHighlight(i)}
                title={[p.name, p.sku, p.barcode].filter(Boolean).join(" · ")}
                className={cn("flex min-h-11 w-full items-center justify-between gap-3 border-b px-3 py-2 text-left last:border-b-0", i === highlight && "bg-accent text-accent-foreground")}
                aria-current={i === highlight ? "true" : undefined}
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{p.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {p.sku}
                    {p.barcode ? ` · ${p.barcode}` : ""}
                  </span>
                </span>
                <span className="tabular-nums font-semibold">{formatMoney(p.price, lang)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <>
          <div className="flex flex-wrap gap-2" role="tablist" aria-label={t("pos:finder.categories")}>
            <CategoryChip active={category === FAVORITES} onClick={() => setCategory(FAVORITES)}>
              <Star className="size-4" aria-hidden /> {t("pos:finder.favorites")}
            </CategoryChip>
            {(categories.data ?? []).map((c) => (
              <CategoryChip key={c.id} active={category === c.id} onClick={() => setCategory(c.id)}>
                {c.name}
              </CategoryChip>
            ))}
          </div>
          {favoritesEmpty ? <p className="text-xs text-muted-foreground">{t("pos:finder.noFavorites")}</p> : null}
          <div className="grid min-h-0 flex-1 auto-rows-min grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-2 overflow-auto pb-2">
            {grid.isLoading ? Array.from({ length: 8 }, (_, i) => <Skeleton key={i} className="h-24" />) : null}
            {gridRows.map((p) => (
              <button
                key={p.id}
                type="button"
                onClick={() => add(p)}
                title={p.name}
                className="flex min-h-24 flex-col justify-between rounded-md border bg-card p-3 text-left shadow-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="line-clamp-2 text-sm font-medium">{p.name}</span>
                <span className="mt-2 tabular-nums text-sm font-semibold">{p.variablePrice ? t("pos:finder.variablePrice") : formatMoney(p.price, lang)}</span>
              </button>
            ))}
            {!grid.isLoading && gridRows.length === 0 ? <p className="col-span-full p-4 text-sm text-muted-foreground">{t("pos:finder.emptyCategory")}</p> : null}
          </div>
        </>
      )}
    </div>
  );
}

function CategoryChip({ active, onClick, children }: { active: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      onClick={onClick}
      className={cn("inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm", active ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent")}
    >
      {children}
    </button>
  );
}
