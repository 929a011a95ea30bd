import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, ChefHat, Plus, Ruler, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { recipeUpsertInput } from "../../../shared/catalog/recipe";
import { type CostedLine, costLine, DEFAULT_PORTIONS, DEFAULT_YIELD, recipeTotals, SUGGESTED_MARGIN, type UnitDescriptor } from "../../../shared/catalog/recipe-cost";
import { errorCode, fieldErrors, useTRPC } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field, Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import { type IngredientProduct, IngredientSelectorSheet } from "./ingredient-selector-sheet";
import { formatUnitCost, useMoney, useUnitName } from "./recipe-format";
import { TabList, TabPanel } from "./recipe-tabs";

export interface RecipeManagerCardProps {
  /** The product whose recipe this is (it must exist; the card loads and saves its recipe). */
  productId: string;
  /** After 'Guardar Receta' succeeded, with the saved recipe as the server returned it. */
  onSaved?: (recipe: SavedRecipe) => void;
  /** After 'Cancelar' restored the last saved recipe. */
  onCancel?: () => void;
}

type TabKey = "ingredients" | "instructions" | "details" | "costs";

interface Line {
  key: string;
  product: IngredientProduct;
  quantity: string;
  unitId: string | null;
  preparationNotes: string;
  isOptional: boolean;
  /** The conversion warning this card appended to the notes (removed when the unit changes). */
  autoNote: string | null;
}

interface Draft {
  name: string;
  description: string;
  instructions: string[];
  prepTimeMinutes: string;
  cookTimeMinutes: string;
  totalTimeMinutes: string;
  yieldQuantity: string;
  yieldUnitId: string;
  portions: string;
  lines: Line[];
}

export interface SavedRecipe {
  id: string;
  productId: string;
  name: string;
  description: string | null;
  instructions: string[];
  prepTimeMinutes: number | null;
  cookTimeMinutes: number | null;
  totalTimeMinutes: number | null;
  yieldQuantity: string;
  yieldUnitId: string | null;
  portions: number;
  totalCost: string;
  costPerPortion: string;
  status: string;
  ingredients: {
    id: string;
    ingredientProductId: string;
    quantity: string;
    unitId: string | null;
    preparationNotes: string | null;
    isOptional: boolean;
    sortOrder: number;
    product: IngredientProduct;
  }[];
}

/**
 * One ingredient row, by the width of the card (container queries, so it fits wherever the card
 * is mounted): stacked on a phone, two lines on a tablet, one line from 56rem.
 */
const ROW_GRID = cn(
  "grid items-end gap-x-3 gap-y-2",
  "grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] [grid-template-areas:'product_optional_remove'_'qty_unit_unit'_'ucost_total_total']",
  "@xl:grid-cols-[6.5rem_9rem_minmax(0,1fr)_minmax(0,1fr)_auto_auto] @xl:[grid-template-areas:'product_product_product_product_optional_remove'_'qty_unit_ucost_total_._.']",
  "@4xl:grid-cols-[minmax(0,1.5fr)_6.5rem_9rem_minmax(10rem,1fr)_minmax(7.5rem,1fr)_4.5rem_2.75rem] @4xl:[grid-template-areas:'product_qty_unit_ucost_total_optional_remove']",
);

let lineCounter = 0;
const nextKey = () => `line-${++lineCounter}`;

/** '500.0000' -> '500'. */
const trimQuantity = (q: string) => (q.includes(".") ? q.replace(/\.?0+$/, "") : q);
const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

function draftFrom(recipe: SavedRecipe | null | undefined, productName: string): Draft {
  if (!recipe) {
    return {
      name: productName,
      description: "",
      instructions: [""],
      prepTimeMinutes: "",
      cookTimeMinutes: "",
      totalTimeMinutes: "",
      yieldQuantity: DEFAULT_YIELD,
      yieldUnitId: "",
      portions: String(DEFAULT_PORTIONS),
      lines: [],
    };
  }
  return {
    name: recipe.name,
    description: recipe.description ?? "",
    instructions: recipe.instructions.length > 0 ? [...recipe.instructions] : [""],
    prepTimeMinutes: text(recipe.prepTimeMinutes),
    cookTimeMinutes: text(recipe.cookTimeMinutes),
    totalTimeMinutes: text(recipe.totalTimeMinutes),
    yieldQuantity: trimQuantity(recipe.yieldQuantity),
    yieldUnitId: recipe.yieldUnitId ?? "",
    portions: String(recipe.portions),
    lines: recipe.ingredients.map((i) => ({
      key: nextKey(),
      product: i.product,
      quantity: trimQuantity(i.quantity),
      unitId: i.unitId,
      preparationNotes: i.preparationNotes ?? "",
      isOptional: i.isOptional,
      autoNote: null,
    })),
  };
}

function appendNote(notes: string, note: string): string {
  if (notes.includes(note)) return notes;
  return notes.trim() ? `${notes.trim()} ${note}` : note;
}

function removeNote(notes: string, note: string | null): string {
  if (!note) return notes;
  return notes.replace(note, "").replace(/\s{2,}/g, " ").trim();
}

/** Which tab shows a field, so a validation message can bring it into view. */
function tabOf(path: string): TabKey {
  if (path.startsWith("ingredients")) return "ingredients";
  if (path.startsWith("instructions")) return "instructions";
  return "details";
}

/**
 * The recipe manager card (spec 03 §2, §5, §8, §9): tabs Ingredientes, Instrucciones, Detalles
 * and Costos, with Cancelar and Guardar Receta. Costs are computed live with the same rules
 * the server applies when it saves (src/shared/catalog/recipe-cost.ts).
 */
export function RecipeManagerCard({ productId, onSaved, onCancel }: RecipeManagerCardProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const money = useMoney();
  const unitName = useUnitName();
  const idPrefix = React.useId();

  const recipe = useQuery(trpc.recipe.getByProductId.queryOptions({ productId }, { retry: 1 }));
  const product = useQuery(trpc.product.getById.queryOptions({ id: productId }));
  const units = useQuery(trpc.unitOfMeasure.getAll.queryOptions());
  const unitList: UnitDescriptor[] = units.data ?? [];
  const unitById = React.useMemo(() => new Map(unitList.map((u) => [u.id, u])), [unitList]);

  const [tab, setTab] = React.useState<TabKey>("ingredients");
  const [draft, setDraft] = React.useState<Draft | null>(null);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [selectorOpen, setSelectorOpen] = React.useState(false);

  const productName = product.data?.name ?? "";
  const ready = recipe.isSuccess && (recipe.data !== null || !product.isLoading);
  React.useEffect(() => {
    if (draft === null && ready) setDraft(draftFrom(recipe.data as SavedRecipe | null, productName));
  }, [draft, ready, recipe.data, productName]);

  const seed = useMutation(
    trpc.unitOfMeasure.seedUnits.mutationOptions({
      meta: { silent: true },
      onSuccess: async (result) => {
        await qc.invalidateQueries(trpc.unitOfMeasure.pathFilter());
        toast({ variant: "success", title: result.message });
      },
      onError: (error) => {
        if (errorCode(error) === "UNAUTHORIZED") return;
        toast({ variant: "destructive", title: t("recipes:units.seedError"), description: error.message });
      },
    }),
  );

  const upsert = useMutation(
    trpc.recipe.upsert.mutationOptions({
      onSuccess: async (saved) => {
        qc.setQueryData(trpc.recipe.getByProductId.queryKey({ productId }), saved);
        setDraft(draftFrom(saved as SavedRecipe, productName));
        setErrors({});
        toast({ variant: "success", title: t("recipes:toasts.saved"), description: t("recipes:toasts.savedDescription") });
        // The product now has a recipe and its yield.
        await qc.invalidateQueries({ queryKey: trpc.product.getById.queryKey({ id: productId }) });
        onSaved?.(saved as SavedRecipe);
      },
      // The server's message is shown as a destructive toast by the query client; fields are marked here.
      onError: (error) => setErrors(fieldErrors(error)),
    }),
  );

  const sourceOf = (p: IngredientProduct) => ({
    costPrice: p.costPrice,
    costPerUnitQuantity: p.costPerUnitQuantity,
    costPerUnit: p.costPerUnitId ? (unitById.get(p.costPerUnitId) ?? null) : null,
    unitOfMeasure: p.unitOfMeasure,
  });
  const costOf = (line: Line): CostedLine => costLine(sourceOf(line.product), line.unitId ? (unitById.get(line.unitId) ?? null) : null, line.quantity);

  if (recipe.isError) {
    return (
      <Card data-testid="recipe-manager-card">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ChefHat className="size-5" />
            {t("recipes:title")}
          </CardTitle>
          <CardDescription>{t("recipes:loadError")}</CardDescription>
        </CardHeader>
        <CardFooter>
          <Button variant="outline" onClick={() => void recipe.refetch()}>
            {t("recipes:actions.retry")}
          </Button>
        </CardFooter>
      </Card>
    );
  }

  if (!draft) {
    return (
      <Card data-testid="recipe-manager-card" aria-busy="true">
        <CardHeader>
          <Skeleton className="h-6 w-40" />
        </CardHeader>
        <CardContent className="grid gap-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </CardContent>
      </Card>
    );
  }

  const update = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const updateLine = (key: string, patch: Partial<Line>) => setDraft((d) => (d ? { ...d, lines: d.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) } : d));
  const clearError = (...paths: string[]) => {
    if (paths.some((p) => errors[p])) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !paths.includes(k))));
  };

  const conversionNote = (c: CostedLine) => t("recipes:ingredients.noConversionNote", { from: unitName(c.from), to: unitName(c.to) });
  const warnConversion = (c: CostedLine) =>
    toast({ variant: "destructive", title: t("recipes:toasts.noConversionTitle"), description: t("recipes:toasts.noConversion", { from: unitName(c.from), to: unitName(c.to) }) });

  const addIngredient = (p: IngredientProduct) => {
    const unitId = p.costPerUnitId ?? unitList.find((u) => u.code === p.unitOfMeasure)?.id ?? null;
    const line: Line = { key: nextKey(), product: p, quantity: "1", unitId, preparationNotes: "", isOptional: false, autoNote: null };
    const cost = costOf(line);
    if (cost.warning === "no_cost_unit") {
      toast({ title: t("recipes:toasts.costWarningTitle"), description: t("recipes:toasts.costWarning", { name: p.name }) });
    } else if (cost.warning === "no_conversion") {
      line.autoNote = conversionNote(cost);
      line.preparationNotes = line.autoNote;
      warnConversion(cost);
    }
    setDraft((d) => (d ? { ...d, lines: [...d.lines, line] } : d));
    clearError("ingredients");
    setTab("ingredients");
  };

  const changeUnit = (line: Line, unitId: string | null) => {
    const next: Line = { ...line, unitId, preparationNotes: removeNote(line.preparationNotes, line.autoNote), autoNote: null };
    const cost = costOf(next);
    if (cost.warning === "no_conversion") {
      next.autoNote = conversionNote(cost);
      next.preparationNotes = appendNote(next.preparationNotes, next.autoNote);
      warnConversion(cost);
    }
    updateLine(line.key, next);
  };

  const removeLine = (key: string) => setDraft((d) => (d ? { ...d, lines: d.lines.filter((l) => l.key !== key) } : d));

  const costed = draft.lines.map((l) => ({ line: l, cost: costOf(l) }));
  const totals = recipeTotals(
    costed.map((c) => c.cost),
    draft.portions,
  );
  const canSave = can("products.update");
  const saveDisabled = draft.lines.length === 0 || upsert.isPending || !canSave;
  const noUnits = units.isSuccess && unitList.length === 0;

  const save = () => {
    const input = {
      productId,
      name: draft.name,
      description: draft.description,
      instructions: draft.instructions,
      prepTimeMinutes: draft.prepTimeMinutes,
      cookTimeMinutes: draft.cookTimeMinutes,
      totalTimeMinutes: draft.totalTimeMinutes,
      yieldQuantity: draft.yieldQuantity,
      yieldUnitId: draft.yieldUnitId || null,
      portions: draft.portions,
      ingredients: draft.lines.map((l, index) => ({
        ingredientProductId: l.product.id,
        quantity: l.quantity,
        unitId: l.unitId,
        preparationNotes: l.preparationNotes,
        isOptional: l.isOptional,
        sortOrder: index,
      })),
    };
    const parsed = recipeUpsertInput.safeParse(input);
    if (!parsed.success) {
      const found = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), tMessage(i.message) ?? i.message]));
      setErrors(found);
      const first = parsed.error.issues[0]!;
      setTab(tabOf(first.path.join(".")));
      toast({ variant: "destructive", title: t("recipes:toasts.invalidTitle"), description: tMessage(first.message) });
      return;
    }
    upsert.mutate(input);
  };

  const cancel = () => {
    setDraft(draftFrom(recipe.data as SavedRecipe | null, productName));
    setErrors({});
    onCancel?.();
  };

  const selectedIds = new Set(draft.lines.map((l) => l.product.id));
  const unitOptions = <UnitOptions units={unitList} />;

  return (
    <Card data-testid="recipe-manager-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <ChefHat className="size-5 text-primary" />
            {t("recipes:title")}
          </CardTitle>
          <CardDescription>{t("recipes:description")}</CardDescription>
        </div>
        {recipe.data ? <Badge variant="success">{t("recipes:status.active")}</Badge> : <Badge variant="outline">{t("recipes:status.new")}</Badge>}
      </CardHeader>

      <CardContent className="grid gap-4">
        {noUnits ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-warning bg-warning/10 p-4" role="status" data-testid="recipe-units-banner">
            <div className="flex items-start gap-3">
              <Ruler className="mt-0.5 size-5 shrink-0 text-warning" />
              <div className="grid gap-1">
                <p className="font-semibold">{t("recipes:units.bannerTitle")}</p>
                <p className="text-sm text-muted-foreground">{t("recipes:units.banner")}</p>
              </div>
            </div>
            <Button onClick={() => seed.mutate()} disabled={seed.isPending} data-testid="recipe-load-units">
              {seed.isPending ? t("recipes:units.loading") : t("recipes:units.load")}
            </Button>
          </div>
        ) : null}

        <TabList<TabKey>
          idPrefix={idPrefix}
          label={t("recipes:title")}
          value={tab}
          onChange={setTab}
          tabs={[
            {
              key: "ingredients",
              label: t("recipes:tabs.ingredients"),
              badge: draft.lines.length ? (
                <Badge variant="secondary" className="px-1.5">
                  {draft.lines.length}
                </Badge>
              ) : undefined,
            },
            { key: "instructions", label: t("recipes:tabs.instructions") },
            { key: "details", label: t("recipes:tabs.details") },
            { key: "costs", label: t("recipes:tabs.costs") },
          ]}
        />

        <TabPanel idPrefix={idPrefix} tabKey="ingredients" active={tab === "ingredients"} className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">{t("recipes:ingredients.hint")}</p>
            <Button variant="outline" onClick={() => setSelectorOpen(true)} data-testid="recipe-add-ingredient">
              <Plus />
              {t("recipes:actions.addIngredient")}
            </Button>
          </div>
          {draft.lines.length === 0 ? (
            <div className="grid place-items-center gap-1 rounded-md border border-dashed p-8 text-center" data-testid="recipe-ingredients-empty">
              <p className="font-medium">{t("recipes:ingredients.empty")}</p>
              <p className="text-sm text-muted-foreground">{t("recipes:ingredients.emptyHint")}</p>
              {errors.ingredients ? (
                <p className="text-sm text-destructive" role="alert">
                  {errors.ingredients}
                </p>
              ) : null}
            </div>
          ) : (
            <div className="@container grid gap-2">
              <div className={cn(ROW_GRID, "hidden px-3 text-xs font-medium text-muted-foreground @4xl:grid")} aria-hidden="true">
                <span className="[grid-area:product]">{t("recipes:ingredients.columns.product")}</span>
                <span className="[grid-area:qty]">{t("recipes:ingredients.columns.quantity")}</span>
                <span className="[grid-area:unit]">{t("recipes:ingredients.columns.unit")}</span>
                <span className="text-right [grid-area:ucost]">{t("recipes:ingredients.columns.unitCost")}</span>
                <span className="text-right [grid-area:total]">{t("recipes:ingredients.columns.total")}</span>
                <span className="text-center [grid-area:optional]">{t("recipes:ingredients.columns.optional")}</span>
                <span className="[grid-area:remove]" />
              </div>
              {costed.map(({ line, cost }, index) => {
                const qtyError = errors[`ingredients.${index}.quantity`];
                const warning =
                  cost.warning === "no_cost_unit"
                    ? t("recipes:ingredients.warningNoCostUnit")
                    : cost.warning === "no_conversion"
                      ? t("recipes:toasts.noConversion", { from: unitName(cost.from), to: unitName(cost.to) })
                      : null;
                return (
                  <div key={line.key} className="grid gap-2 rounded-md border p-3" data-testid="recipe-ingredient-row">
                    <div className={ROW_GRID}>
                      <div className="min-w-0 self-center [grid-area:product]">
                        <p className="truncate font-medium" title={line.product.name}>
                          {line.product.name}
                        </p>
                        <p className="truncate text-xs text-muted-foreground">{line.product.sku}</p>
                      </div>
                      <div className="grid gap-1 [grid-area:qty]">
                        <Label htmlFor={`${line.key}-qty`} className="text-xs text-muted-foreground @4xl:sr-only">
                          {t("recipes:ingredients.columns.quantity")}
                        </Label>
                        <Input
                          id={`${line.key}-qty`}
                          inputMode="decimal"
                          className="text-right tabular-nums"
                          value={line.quantity}
                          aria-invalid={!!qtyError}
                          aria-describedby={qtyError ? `${line.key}-qty-error` : undefined}
                          onChange={(e) => {
                            updateLine(line.key, { quantity: e.target.value });
                            clearError(`ingredients.${index}.quantity`);
                          }}
                          data-testid="recipe-ingredient-quantity"
                        />
                      </div>
                      <div className="grid gap-1 [grid-area:unit]">
                        <Label htmlFor={`${line.key}-unit`} className="text-xs text-muted-foreground @4xl:sr-only">
                          {t("recipes:ingredients.columns.unit")}
                        </Label>
                        <NativeSelect id={`${line.key}-unit`} value={line.unitId ?? ""} onChange={(e) => changeUnit(line, e.target.value || null)} data-testid="recipe-ingredient-unit">
                          <option value="">{t("recipes:ingredients.noUnit")}</option>
                          {unitOptions}
                        </NativeSelect>
                      </div>
                      <div className="grid gap-1 text-left [grid-area:ucost] @xl:text-right @4xl:self-center">
                        <span className="text-xs text-muted-foreground @4xl:sr-only">{t("recipes:ingredients.columns.unitCost")}</span>
                        <span className="inline-flex h-10 items-center justify-start gap-1 tabular-nums @xl:justify-end" data-testid="recipe-ingredient-unit-cost">
                          {warning ? (
                            <span role="img" title={warning} aria-label={warning} data-testid="recipe-ingredient-warning">
                              <AlertTriangle className="size-4 shrink-0 text-warning" />
                            </span>
                          ) : null}
                          {formatUnitCost(cost.unitCost)}
                        </span>
                      </div>
                      <div className="grid gap-1 text-right [grid-area:total] @4xl:self-center">
                        <span className="text-xs text-muted-foreground @4xl:sr-only">{t("recipes:ingredients.columns.total")}</span>
                        <span className="inline-flex h-10 items-center justify-end font-semibold tabular-nums" data-testid="recipe-ingredient-total">
                          {money(cost.totalCost)}
                        </span>
                      </div>
                      <div className="flex items-center justify-end gap-2 self-center [grid-area:optional] @xl:justify-start @4xl:justify-center">
                        <Switch
                          id={`${line.key}-optional`}
                          checked={line.isOptional}
                          onCheckedChange={(v) => updateLine(line.key, { isOptional: v })}
                          aria-label={t("recipes:ingredients.columns.optional")}
                        />
                        <Label htmlFor={`${line.key}-optional`} className="text-xs text-muted-foreground @4xl:sr-only">
                          {t("recipes:ingredients.columns.optional")}
                        </Label>
                      </div>
                      <div className="flex justify-end self-center [grid-area:remove]">
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-destructive hover:text-destructive"
                          aria-label={t("recipes:actions.removeIngredient", { name: line.product.name })}
                          title={t("recipes:actions.removeIngredient", { name: line.product.name })}
                          onClick={() => removeLine(line.key)}
                          data-testid="recipe-ingredient-remove"
                        >
                          <Trash2 />
                        </Button>
                      </div>
                    </div>
                    {qtyError ? (
                      <p className="text-xs text-destructive" role="alert" id={`${line.key}-qty-error`}>
                        {qtyError}
                      </p>
                    ) : null}
                    <div className="grid gap-1">
                      <Label htmlFor={`${line.key}-notes`} className="sr-only">
                        {t("recipes:ingredients.columns.notes")}
                      </Label>
                      <Input
                        id={`${line.key}-notes`}
                        className="h-9"
                        placeholder={t("recipes:ingredients.notesPlaceholder")}
                        value={line.preparationNotes}
                        maxLength={1000}
                        onChange={(e) => updateLine(line.key, { preparationNotes: e.target.value })}
                        data-testid="recipe-ingredient-notes"
                      />
                    </div>
                  </div>
                );
              })}
              <div className="flex justify-end gap-2 px-3 text-sm">
                <span className="text-muted-foreground">{t("recipes:costs.totalCost")}</span>
                <span className="font-semibold tabular-nums" data-testid="recipe-ingredients-total">
                  {money(totals.totalCost)}
                </span>
              </div>
            </div>
          )}
        </TabPanel>

        <TabPanel idPrefix={idPrefix} tabKey="instructions" active={tab === "instructions"} className="grid gap-3">
          <ol className="grid gap-3">
            {draft.instructions.map((step, index) => {
              const id = `${idPrefix}-step-${index}`;
              const error = errors[`instructions.${index}`];
              return (
                <li key={index} className="grid gap-1.5" data-testid="recipe-step">
                  <div className="flex items-center justify-between">
                    <Label htmlFor={id}>{t("recipes:instructions.step", { n: index + 1 })}</Label>
                    {draft.instructions.length > 1 ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive hover:text-destructive"
                        onClick={() => update({ instructions: draft.instructions.filter((_, i) => i !== index) })}
                        aria-label={t("recipes:actions.removeStep", { n: index + 1 })}
                        data-testid="recipe-step-remove"
                      >
                        <Trash2 />
                      </Button>
                    ) : null}
                  </div>
                  <Textarea
                    id={id}
                    value={step}
                    maxLength={2000}
                    placeholder={t("recipes:instructions.placeholder")}
                    aria-invalid={!!error}
                    onChange={(e) => update({ instructions: draft.instructions.map((s, i) => (i === index ? e.target.value : s)) })}
                  />
                  {error ? (
                    <p className="text-xs text-destructive" role="alert">
                      {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <div>
            <Button variant="outline" onClick={() => update({ instructions: [...draft.instructions, ""] })} data-testid="recipe-step-add">
              <Plus />
              {t("recipes:actions.addStep")}
            </Button>
          </div>
        </TabPanel>

        <TabPanel idPrefix={idPrefix} tabKey="details" active={tab === "details"} className="grid gap-4">
          <Field label={t("recipes:details.name")} htmlFor={`${idPrefix}-name`} error={errors.name} required>
            <Input
              id={`${idPrefix}-name`}
              value={draft.name}
              maxLength={200}
              aria-invalid={!!errors.name}
              onChange={(e) => {
                update({ name: e.target.value });
                clearError("name");
              }}
            />
          </Field>
          <Field label={t("recipes:details.description")} htmlFor={`${idPrefix}-description`} error={errors.description}>
            <Textarea id={`${idPrefix}-description`} value={draft.description} maxLength={2000} onChange={(e) => update({ description: e.target.value })} />
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <Field label={t("recipes:details.prepTime")} htmlFor={`${idPrefix}-prep`} error={errors.prepTimeMinutes}>
              <Input
                id={`${idPrefix}-prep`}
                inputMode="numeric"
                value={draft.prepTimeMinutes}
                aria-invalid={!!errors.prepTimeMinutes}
                onChange={(e) => {
                  update({ prepTimeMinutes: e.target.value });
                  clearError("prepTimeMinutes");
                }}
              />
            </Field>
            <Field label={t("recipes:details.cookTime")} htmlFor={`${idPrefix}-cook`} error={errors.cookTimeMinutes}>
              <Input
                id={`${idPrefix}-cook`}
                inputMode="numeric"
                value={draft.cookTimeMinutes}
                aria-invalid={!!errors.cookTimeMinutes}
                onChange={(e) => {
                  update({ cookTimeMinutes: e.target.value });
                  clearError("cookTimeMinutes");
                }}
              />
            </Field>
            <Field label={t("recipes:details.totalTime")} htmlFor={`${idPrefix}-total`} error={errors.totalTimeMinutes} hint={t("recipes:details.totalTimeHint")}>
              <Input
                id={`${idPrefix}-total`}
                inputMode="numeric"
                value={draft.totalTimeMinutes}
                placeholder={draft.prepTimeMinutes || draft.cookTimeMinutes ? String((Number(draft.prepTimeMinutes) || 0) + (Number(draft.cookTimeMinutes) || 0)) : ""}
                aria-invalid={!!errors.totalTimeMinutes}
                onChange={(e) => {
                  update({ totalTimeMinutes: e.target.value });
                  clearError("totalTimeMinutes");
                }}
              />
            </Field>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <Field label={t("recipes:details.yieldQuantity")} htmlFor={`${idPrefix}-yield`} error={errors.yieldQuantity}>
              <Input
                id={`${idPrefix}-yield`}
                inputMode="decimal"
                value={draft.yieldQuantity}
                aria-invalid={!!errors.yieldQuantity}
                onChange={(e) => {
                  update({ yieldQuantity: e.target.value });
                  clearError("yieldQuantity");
                }}
              />
            </Field>
            <Field label={t("recipes:details.yieldUnit")} htmlFor={`${idPrefix}-yield-unit`}>
              <NativeSelect id={`${idPrefix}-yield-unit`} value={draft.yieldUnitId} onChange={(e) => update({ yieldUnitId: e.target.value })}>
                <option value="">{t("recipes:ingredients.noUnit")}</option>
                {unitOptions}
              </NativeSelect>
            </Field>
            <Field label={t("recipes:details.portions")} htmlFor={`${idPrefix}-portions`} error={errors.portions} hint={t("recipes:details.portionsHint")}>
              <Input
                id={`${idPrefix}-portions`}
                inputMode="numeric"
                value={draft.portions}
                aria-invalid={!!errors.portions}
                onChange={(e) => {
                  update({ portions: e.target.value });
                  clearError("portions");
                }}
                data-testid="recipe-portions"
              />
            </Field>
          </div>
        </TabPanel>

        <TabPanel idPrefix={idPrefix} tabKey="costs" active={tab === "costs"} className="grid gap-4">
          <dl className="grid gap-3 sm:grid-cols-3">
            <Stat label={t("recipes:costs.totalCost")} value={money(totals.totalCost)} testId="recipe-total-cost" />
            <Stat label={t("recipes:costs.costPerPortion")} value={money(totals.costPerPortion)} hint={t("recipes:costs.portions", { count: Number(draft.portions) || DEFAULT_PORTIONS })} testId="recipe-cost-per-portion" />
            <Stat
              label={t("recipes:costs.suggestedPrice")}
              value={money(totals.suggestedPrice)}
              hint={t("recipes:costs.marginHint", { margin: Number(SUGGESTED_MARGIN) * 100 })}
              testId="recipe-suggested-price"
              highlight
            />
          </dl>
          {costed.length > 0 ? (
            <div className="overflow-x-auto rounded-md border">
              <table className="w-full text-sm">
                <thead className="border-b bg-muted/50 text-muted-foreground">
                  <tr>
                    <th className="h-9 px-3 text-left font-medium">{t("recipes:ingredients.columns.product")}</th>
                    <th className="h-9 px-3 text-right font-medium">{t("recipes:ingredients.columns.quantity")}</th>
                    <th className="h-9 px-3 text-right font-medium">{t("recipes:ingredients.columns.unitCost")}</th>
                    <th className="h-9 px-3 text-right font-medium">{t("recipes:ingredients.columns.total")}</th>
                  </tr>
                </thead>
                <tbody>
                  {costed.map(({ line, cost }) => (
                    <tr key={line.key} className="border-b last:border-0">
                      <td className="px-3 py-2">
                        {line.product.name}
                        {line.isOptional ? <span className="ml-2 text-xs text-muted-foreground">({t("recipes:ingredients.optional")})</span> : null}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {line.quantity} {line.unitId ? unitName(unitById.get(line.unitId)) : ""}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatUnitCost(cost.unitCost)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{money(cost.totalCost)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t("recipes:ingredients.empty")}</p>
          )}
          <p className="text-xs text-muted-foreground">{t("recipes:costs.formula")}</p>
        </TabPanel>
      </CardContent>

      <CardFooter className="flex-wrap justify-between gap-3 border-t pt-5">
        <p className="text-sm text-muted-foreground">
          {t("recipes:costs.summary", { total: money(totals.totalCost), perPortion: money(totals.costPerPortion) })}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" onClick={cancel} disabled={upsert.isPending} data-testid="recipe-cancel">
            {t("recipes:actions.cancel")}
          </Button>
          <Button onClick={save} disabled={saveDisabled} title={draft.lines.length === 0 ? t("recipes:ingredients.empty") : undefined} data-testid="recipe-save">
            {upsert.isPending ? t("recipes:actions.saving") : t("recipes:actions.save")}
          </Button>
        </div>
      </CardFooter>

      <IngredientSelectorSheet open={selectorOpen} onOpenChange={setSelectorOpen} onSelect={addIngredient} selectedIds={selectedIds} excludeProductId={productId} />
    </Card>
  );
}

function Stat({ label, value, hint, testId, highlight }: { label: string; value: string; hint?: string; testId: string; highlight?: boolean }) {
  return (
    <div className={cn("grid gap-1 rounded-md border p-4", highlight && "border-primary/40 bg-primary/5")}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn("text-2xl font-semibold tabular-nums", highlight && "text-primary")} data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

function Textarea({ className, ...props }: React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      rows={3}
      className={cn(
        "flex min-h-20 w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive",
        className,
      )}
      {...props}
    />
  );
}

/** The tenant's units grouped by dimension, names in the user's language. */
function UnitOptions({ units }: { units: UnitDescriptor[] }) {
  const { t } = useTranslation();
  const unitName = useUnitName();
  const dimensions = [...new Set(units.map((u) => u.dimension))];
  return (
    <>
      {dimensions.map((d) => (
        <optgroup key={d} label={t(`units:dimensions.${d}`, { defaultValue: d })}>
          {units
            .filter((u) => u.dimension === d)
            .map((u) => (
              <option key={u.id} value={u.id}>
                {unitName(u)}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}
