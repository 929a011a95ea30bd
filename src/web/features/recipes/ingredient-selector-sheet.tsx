import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Loader2, Plus, Search } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { ALL_PRODUCTS_MIN_SEARCH, INGREDIENT_SEARCH_LIMIT } from "../../../shared/catalog/recipe";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { useDebounce } from "../../lib/use-debounce";
import { cn } from "../../lib/utils";
import { useMoney } from "./recipe-format";

/** What a recipe line needs of its product to compute its cost. */
export interface IngredientProduct {
  id: string;
  name: string;
  sku: string;
  costPrice: string;
  costPerUnitQuantity: string | null;
  costPerUnitId: string | null;
  unitOfMeasure: string;
}

export type IngredientSearchMode = "ingredients" | "all";

export interface IngredientSelectorSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the chosen product (its cost fields loaded); the sheet then closes. */
  onSelect: (product: IngredientProduct) => void;
  /** Products already in the recipe (marked in the list). */
  selectedIds?: ReadonlySet<string>;
  /** The recipe's own product, never offered as its ingredient. */
  excludeProductId?: string;
}

/**
 * The ingredient selector side sheet (spec 03 §2, §5): a search, the toggle 'Solo Ingredientes'
 * (product.getIngredients, products marked as recipe items, limit 100) / 'Todos los Productos'
 * (product.searchProducts, at least 2 characters), and a table of name, SKU and cost.
 */
export function IngredientSelectorSheet({ open, onOpenChange, onSelect, selectedIds, excludeProductId }: IngredientSelectorSheetProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <SheetContent closeLabel={t("common:actions.close")} className="max-w-xl" data-testid="ingredient-selector">
          <DialogTitle>{t("recipes:selector.title")}</DialogTitle>
          <DialogDescription>{t("recipes:selector.description")}</DialogDescription>
          <SelectorBody
            onSelect={(p) => {
              onSelect(p);
              onOpenChange(false);
            }}
            selectedIds={selectedIds}
            excludeProductId={excludeProductId}
          />
        </SheetContent>
      ) : null}
    </Dialog>
  );
}

function SelectorBody({ onSelect, selectedIds, excludeProductId }: Pick<IngredientSelectorSheetProps, "onSelect" | "selectedIds" | "excludeProductId">) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const money = useMoney();
  const [mode, setMode] = React.useState<IngredientSearchMode>("ingredients");
  const [search, setSearch] = React.useState("");
  const [picking, setPicking] = React.useState<string | null>(null);
  const term = useDebounce(search.trim(), 300);
  const tooShort = mode === "all" && term.length < ALL_PRODUCTS_MIN_SEARCH;

  const ingredients = useQuery(trpc.product.getIngredients.queryOptions({ search: term, limit: INGREDIENT_SEARCH_LIMIT }, { enabled: mode === "ingredients" }));
  const all = useQuery(trpc.product.searchProducts.queryOptions({ search: term, limit: INGREDIENT_SEARCH_LIMIT }, { enabled: mode === "all" && !tooShort }));
  const active = mode === "ingredients" ? ingredients : all;
  const rows = (active.data?.data ?? []).filter((p) => p.id !== excludeProductId);

  const pick = async (row: { id: string }) => {
    if (mode === "ingredients") {
      const p = ingredients.data?.data.find((x) => x.id === row.id);
      if (p) onSelect(p);
      return;
    }
    // The all-products search does not carry the cost unit fields: load the product.
    setPicking(row.id);
    try {
      const p = await qc.fetchQuery(trpc.product.getById.queryOptions({ id: row.id }));
      onSelect({ id: p.id, name: p.name, sku: p.sku, costPrice: p.costPrice, costPerUnitQuantity: p.costPerUnitQuantity, costPerUnitId: p.costPerUnitId, unitOfMeasure: p.unitOfMeasure });
    } catch {
      // The query cache already showed the server's message.
    } finally {
      setPicking(null);
    }
  };

  return (
    <div className="grid gap-3">
      <div className="relative">
        <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
        <Input
          className="pl-9"
          autoFocus
          placeholder={mode === "ingredients" ? t("recipes:selector.searchIngredients") : t("recipes:selector.search")}
          aria-label={mode === "ingredients" ? t("recipes:selector.searchIngredients") : t("recipes:selector.search")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="ingredient-search"
        />
      </div>
      <div className="inline-flex w-full rounded-[var(--radius-button)] border bg-muted/40 p-1" role="radiogroup" aria-label={t("recipes:selector.mode")}>
        {(["ingredients", "all"] as const).map((m) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented toggle of two buttons
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => setMode(m)}
            className={cn(
              "h-9 flex-1 cursor-pointer rounded-[var(--radius-button)] px-3 text-sm font-medium transition-colors",
              mode === m ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
            data-testid={`ingredient-mode-${m}`}
          >
            {m === "ingredients" ? t("recipes:selector.onlyIngredients") : t("recipes:selector.allProducts")}
          </button>
        ))}
      </div>
      {tooShort ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="ingredient-min-chars">
          {t("recipes:selector.minChars")}
        </p>
      ) : (
        <Table>
          <THead>
            <TR>
              <TH>{t("recipes:selector.columns.name")}</TH>
              <TH>{t("recipes:selector.columns.sku")}</TH>
              <TH className="text-right">{t("recipes:selector.columns.cost")}</TH>
              <TH className="w-12">
                <span className="sr-only">{t("recipes:selector.select")}</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {active.isLoading ? <SkeletonRows cols={4} /> : null}
            {rows.map((p) => {
              const added = selectedIds?.has(p.id) ?? false;
              return (
                <TR key={p.id} className="cursor-pointer" onClick={() => void pick(p)} data-testid="ingredient-option">
                  <TD className="font-medium">{p.name}</TD>
                  <TD className="text-muted-foreground">{p.sku}</TD>
                  <TD className="text-right tabular-nums">{money(p.costPrice)}</TD>
                  <TD className="text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-9"
                      aria-label={added ? t("recipes:selector.added") : t("recipes:selector.select")}
                      title={added ? t("recipes:selector.added") : t("recipes:selector.select")}
                      onClick={(e) => {
                        e.stopPropagation();
                        void pick(p);
                      }}
                      disabled={picking !== null}
                    >
                      {picking === p.id ? <Loader2 className="animate-spin" /> : added ? <Check className="text-success" /> : <Plus />}
                    </Button>
                  </TD>
                </TR>
              );
            })}
            {!active.isLoading && rows.length === 0 ? (
              <TR>
                <TD colSpan={4} className="py-8 text-center text-muted-foreground" data-testid="ingredient-empty">
                  {t("recipes:selector.empty")}
                </TD>
              </TR>
            ) : null}
          </TBody>
        </Table>
      )}
    </div>
  );
}
