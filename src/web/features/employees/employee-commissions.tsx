import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderTree, type LucideIcon, Package, Plus, Search, X } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { EMPLOYEE_PRODUCT_PICKER, optionalPercent } from "../../../shared/employees/employee";
import { errorCode, useTRPC } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { useDebounce } from "../../lib/use-debounce";
import { cn } from "../../lib/utils";
import { type Employee, percentInput, pesos, productCommissionText } from "./employee-format";

/** One link being edited: what the row shows, and the percentage as typed ('' = the product's own). */
interface DraftProduct {
  id: string;
  name: string;
  sku: string;
  /** The product's own commission; null for a product just picked (shown once saved). */
  own: { paysCommission: boolean; commissionType: string; commissionValue: string } | null;
  isDeleted: boolean;
  percentage: string;
}
interface DraftCategory {
  id: string;
  name: string;
  code: string;
  isActive: boolean;
  percentage: string;
}

/** The percentage's message key when it is not empty and not 0–100, else undefined. */
function percentError(value: string): string | undefined {
  const parsed = optionalPercent.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

const sameLinks = (a: { id: string; percentage: string }[], b: { id: string; percentage: string }[]) =>
  a.length === b.length && a.every((x, i) => x.id === b[i]?.id && (optionalPercent.safeParse(x.percentage).data ?? null) === (optionalPercent.safeParse(b[i]!.percentage).data ?? null));

/**
 * The commissions card of the employee page (spec 01 §2, §5): the linked products and categories
 * with their percentages (empty = the product's default), a product picker and a category
 * picker in side panels, each list saved through employee.updateProducts / updateCategories.
 */
export function CommissionsCard({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="commissions-card">
      <CardHeader>
        <CardTitle>{t("employees:commissions.title")}</CardTitle>
        <CardDescription>{t("employees:commissions.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 xl:grid-cols-2">
        <ProductLinks key={`p-${linksKey(employee.products.map((p) => [p.productId, p.commissionPercentage]))}`} employee={employee} />
        <CategoryLinks key={`c-${linksKey(employee.categories.map((c) => [c.categoryId, c.commissionPercentage]))}`} employee={employee} />
        <p className="text-xs text-muted-foreground xl:col-span-2">{t("employees:commissions.rule")}</p>
      </CardContent>
    </Card>
  );
}

/** Re-initialises a list's draft when the saved links change. */
function linksKey(pairs: [string, string | null][]): string {
  return pairs.map(([id, pct]) => `${id}:${pct ?? ""}`).join(",");
}

/** The toast and refresh of a saved list; a failed save says why (a lost session is handled elsewhere). */
function saveLinksOptions(savedTitle: string, errorTitle: string, refresh: () => Promise<unknown>) {
  return {
    meta: { silent: true },
    onSuccess: async () => {
      await refresh();
      toast({ title: savedTitle, variant: "success" });
    },
    onError: (error: { message: string }) => {
      if (errorCode(error) === "UNAUTHORIZED") return;
      toast({ variant: "destructive", title: errorTitle, description: error.message || undefined });
    },
  };
}

/** A typed percentage as saved: '' is the product's own commission (null). */
const savedPercentage = (value: string) => (value.trim() === "" ? null : value.trim());

function ProductLinks({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const initial = React.useMemo<DraftProduct[]>(
    () =>
      employee.products.map((p) => ({
        id: p.productId,
        name: p.name,
        sku: p.sku,
        own: { paysCommission: p.paysCommission, commissionType: p.commissionType, commissionValue: p.commissionValue },
        isDeleted: p.isDeleted,
        percentage: percentInput(p.commissionPercentage),
      })),
    [employee.products],
  );
  const save = useMutation(
    trpc.employee.updateProducts.mutationOptions(
      saveLinksOptions(t("employees:toast.productsSaved"), t("employees:toast.productsError"), async () => {
        await qc.invalidateQueries(trpc.employee.getById.queryFilter({ id: employee.id }));
        await qc.invalidateQueries(trpc.employee.getByService.pathFilter());
      }),
    ),
  );

  return (
    <LinkSection<DraftProduct, PickedProduct>
      initial={initial}
      icon={Package}
      title={t("employees:commissions.products")}
      addLabel={t("employees:commissions.addProducts")}
      emptyText={t("employees:commissions.noProducts")}
      saveLabel={t("employees:commissions.saveProducts")}
      ids={{ title: "employee-products-title", section: "product-links", add: "add-products", row: "product-link-row", save: "save-products" }}
      toRow={(d) => ({
        id: d.id,
        title: d.name,
        subtitle: [d.sku, d.own ? productCommissionText(d.own, t) : null].filter(Boolean).join(" · "),
        badge: d.isDeleted ? t("employees:commissions.deleted") : undefined,
        percentage: d.percentage,
      })}
      fromPicked={(p) => ({ id: p.id, name: p.name, sku: p.sku, own: null, isDeleted: false, percentage: "" })}
      saving={save.isPending}
      onSave={(draft) => save.mutate({ employeeId: employee.id, products: draft.map((d) => ({ productId: d.id, commissionPercentage: savedPercentage(d.percentage) })) })}
      picker={{
        testId: "product-picker",
        title: t("employees:productPicker.title"),
        description: t("employees:productPicker.description"),
        searchLabel: t("employees:productPicker.search"),
        searchTestId: "product-picker-search",
        doneLabel: t("employees:productPicker.done"),
        options: (search, selected, onToggle) => <ProductOptions search={search} selected={selected} onToggle={onToggle} />,
      }}
    />
  );
}

function CategoryLinks({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const initial = React.useMemo<DraftCategory[]>(
    () => employee.categories.map((c) => ({ id: c.categoryId, name: c.name, code: c.code, isActive: c.isActive, percentage: percentInput(c.commissionPercentage) })),
    [employee.categories],
  );
  const save = useMutation(
    trpc.employee.updateCategories.mutationOptions(
      saveLinksOptions(t("employees:toast.categoriesSaved"), t("employees:toast.categoriesError"), () => qc.invalidateQueries(trpc.employee.getById.queryFilter({ id: employee.id }))),
    ),
  );

  return (
    <LinkSection<DraftCategory, PickedCategory>
      initial={initial}
      icon={FolderTree}
      title={t("employees:commissions.categories")}
      addLabel={t("employees:commissions.addCategories")}
      emptyText={t("employees:commissions.noCategories")}
      saveLabel={t("employees:commissions.saveCategories")}
      ids={{ title: "employee-categories-title", section: "category-links", add: "add-categories", row: "category-link-row", save: "save-categories" }}
      toRow={(d) => ({ id: d.id, title: d.name, subtitle: d.code, badge: d.isActive ? undefined : t("employees:commissions.inactive"), percentage: d.percentage })}
      fromPicked={(c) => ({ id: c.id, name: c.name, code: c.code, isActive: c.isActive, percentage: "" })}
      saving={save.isPending}
      onSave={(draft) => save.mutate({ employeeId: employee.id, categories: draft.map((d) => ({ categoryId: d.id, commissionPercentage: savedPercentage(d.percentage) })) })}
      picker={{
        testId: "category-picker",
        title: t("employees:categoryPicker.title"),
        description: t("employees:categoryPicker.description"),
        searchLabel: t("employees:categoryPicker.search"),
        searchTestId: "category-picker-search",
        doneLabel: t("employees:categoryPicker.done"),
        options: (search, selected, onToggle) => <CategoryOptions search={search} selected={selected} onToggle={onToggle} />,
      }}
    />
  );
}

/** What a picker side panel shows around its options. */
interface PickerTexts {
  testId: string;
  title: string;
  description: string;
  searchLabel: string;
  searchTestId: string;
  doneLabel: string;
}

/**
 * One list of links (products or categories): its heading with the count and 'add', the links
 * with their percentages (a draft until saved), the save bar and the picker that adds and removes.
 */
function LinkSection<D extends { id: string; percentage: string }, P extends { id: string }>({
  initial,
  icon: Icon,
  title,
  addLabel,
  emptyText,
  saveLabel,
  ids,
  toRow,
  fromPicked,
  saving,
  onSave,
  picker,
}: {
  initial: D[];
  icon: LucideIcon;
  title: string;
  addLabel: string;
  emptyText: string;
  saveLabel: string;
  /** The heading's element id and the testids of the section, the add button, each row and the save button. */
  ids: { title: string; section: string; add: string; row: string; save: string };
  toRow: (draft: D) => LinkRow;
  /** A link just picked in the panel (no percentage yet). */
  fromPicked: (picked: P) => D;
  saving: boolean;
  onSave: (draft: D[]) => void;
  picker: PickerTexts & { options: (search: string, selected: Set<string>, onToggle: (picked: P, checked: boolean) => void) => React.ReactNode };
}) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const editable = can("employees.update");
  const [draft, setDraft] = React.useState(initial);
  const [pickerOpen, setPickerOpen] = React.useState(false);
  const dirty = !sameLinks(draft, initial);
  const invalid = draft.some((d) => percentError(d.percentage));
  const { options, ...pickerTexts } = picker;
  const onToggle = (picked: P, checked: boolean) =>
    setDraft((list) => (checked ? (list.some((d) => d.id === picked.id) ? list : [...list, fromPicked(picked)]) : list.filter((d) => d.id !== picked.id)));

  return (
    <section className="grid content-start gap-3" aria-labelledby={ids.title} data-testid={ids.section}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={ids.title} className="flex items-center gap-2 font-semibold">
          <Icon className="size-4 text-muted-foreground" />
          {title}
          <Badge variant="outline">{draft.length}</Badge>
        </h4>
        {editable ? (
          <Button variant="outline" size="sm" onClick={() => setPickerOpen(true)} data-testid={ids.add}>
            <Plus />
            {addLabel}
          </Button>
        ) : null}
      </div>
      <LinkList
        empty={emptyText}
        rows={draft.map(toRow)}
        editable={editable}
        testId={ids.row}
        onPercentage={(id, value) => setDraft((list) => list.map((d) => (d.id === id ? { ...d, percentage: value } : d)))}
        onRemove={(id) => setDraft((list) => list.filter((d) => d.id !== id))}
      />
      {editable ? (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {dirty ? <span className="mr-auto text-xs font-medium text-amber-600 dark:text-amber-400">{t("employees:commissions.unsaved")}</span> : null}
          {dirty ? (
            <Button variant="ghost" size="sm" onClick={() => setDraft(initial)}>
              {t("common:actions.cancel")}
            </Button>
          ) : null}
          <Button size="sm" disabled={!dirty || invalid || saving} onClick={() => onSave(draft)} data-testid={ids.save}>
            {saving ? t("common:saving") : saveLabel}
          </Button>
        </div>
      ) : null}
      <PickerSheet open={pickerOpen} onOpenChange={setPickerOpen} legend={title} count={draft.length} {...pickerTexts}>
        {(search) => options(search, new Set(draft.map((d) => d.id)), onToggle)}
      </PickerSheet>
    </section>
  );
}

interface LinkRow {
  id: string;
  title: string;
  subtitle: string;
  badge?: string;
  percentage: string;
}

function LinkList({
  rows,
  empty,
  editable,
  testId,
  onPercentage,
  onRemove,
}: {
  rows: LinkRow[];
  empty: string;
  editable: boolean;
  testId: string;
  onPercentage: (id: string, value: string) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid divide-y rounded-md border">
      {rows.map((r) => {
        const error = tMessage(percentError(r.percentage));
        const inputId = `link-${r.id}`;
        return (
          <li key={r.id} className="flex flex-wrap items-center gap-3 p-3" data-testid={testId}>
            <div className="min-w-40 flex-1">
              <div className="flex items-center gap-2 font-medium">
                {r.title}
                {r.badge ? <Badge variant="outline">{r.badge}</Badge> : null}
              </div>
              <div className="text-xs text-muted-foreground">{r.subtitle}</div>
            </div>
            <div className="grid gap-1">
              <label htmlFor={inputId} className="sr-only">
                {`${t("employees:commissions.percentage")}: ${r.title}`}
              </label>
              <div className="flex items-center gap-1">
                <Input
                  id={inputId}
                  className="h-10 w-28 text-right tabular-nums"
                  inputMode="decimal"
                  value={r.percentage}
                  disabled={!editable}
                  placeholder={t("employees:commissions.productDefault")}
                  aria-invalid={!!error}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(e) => onPercentage(r.id, e.target.value)}
                  data-testid="link-percentage"
                />
                <span className="text-sm text-muted-foreground">%</span>
              </div>
              {error ? (
                <p id={`${inputId}-error`} role="alert" className="max-w-40 text-xs text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
            {editable ? (
              <Button variant="ghost" size="icon" onClick={() => onRemove(r.id)} aria-label={`${t("employees:commissions.remove")}: ${r.title}`} title={t("employees:commissions.remove")}>
                <X />
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

type PickedProduct = { id: string; name: string; sku: string; price: string };
type PickedCategory = { id: string; name: string; code: string; isActive: boolean };

/**
 * A picker side panel: a search box (500 ms debounce) over the options, ticking adds, unticking
 * removes; `children` draws the options for the debounced search.
 */
function PickerSheet({
  open,
  onOpenChange,
  testId,
  title,
  description,
  searchLabel,
  searchTestId,
  legend,
  doneLabel,
  count,
  children,
}: PickerTexts & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  legend: string;
  count: number;
  children: (search: string) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <SheetContent closeLabel={t("common:actions.close")} data-testid={testId}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          <PickerSearch label={searchLabel} testId={searchTestId} legend={legend}>
            {children}
          </PickerSearch>
          <div className="flex items-center justify-between gap-2 border-t pt-3">
            <span className="text-sm text-muted-foreground" data-testid="picker-count">
              {t("employees:productPicker.selected", { count })}
            </span>
            <Button onClick={() => onOpenChange(false)} data-testid="picker-done">
              {doneLabel}
            </Button>
          </div>
        </SheetContent>
      ) : null}
    </Dialog>
  );
}

/** The picker's search box and the options below it (a fresh search each time the panel opens). */
function PickerSearch({ label, testId, legend, children }: { label: string; testId: string; legend: string; children: (search: string) => React.ReactNode }) {
  const [search, setSearch] = React.useState("");
  const debounced = useDebounce(search.trim(), EMPLOYEE_PRODUCT_PICKER.debounceMs);
  return (
    <>
      <div className="relative">
        <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
        <Input className="pl-9" type="search" autoFocus value={search} onChange={(e) => setSearch(e.target.value)} placeholder={label} aria-label={label} data-testid={testId} />
      </div>
      <fieldset className="grid min-w-0 flex-1 content-start gap-1 overflow-y-auto">
        <legend className="sr-only">{legend}</legend>
        {children(debounced)}
      </fieldset>
    </>
  );
}

/** The products of product.getAll for the search, 50 a page, and how many more there are. */
function ProductOptions({ search, selected, onToggle }: { search: string; selected: Set<string>; onToggle: (product: PickedProduct, checked: boolean) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const list = useQuery({
    ...trpc.product.getAll.queryOptions({ search, page: 1, pageSize: EMPLOYEE_PRODUCT_PICKER.pageSize }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  // A search counts only up to 50: past it the total reads 'más de 50'.
  const capped = list.data?.pagination.capped ?? false;
  return (
    <OptionList
      loading={list.isLoading}
      options={rows.map((p) => ({ value: p, title: p.name, subtitle: `${p.sku} · ${pesos(p.price)}` }))}
      selected={selected}
      onToggle={onToggle}
      testId="product-option"
      emptyIcon={Package}
      emptyText={t("employees:productPicker.empty")}
    >
      {capped || total > rows.length ? (
        <p className="pt-2 text-center text-xs text-muted-foreground">{t(capped ? "employees:productPicker.moreThan" : "employees:productPicker.more", { shown: rows.length, total })}</p>
      ) : null}
    </OptionList>
  );
}

/** The active categories (productCategory.getAll), searched by name or code. */
function CategoryOptions({ search, selected, onToggle }: { search: string; selected: Set<string>; onToggle: (category: PickedCategory, checked: boolean) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.productCategory.getAll.queryOptions(search ? { search } : {}), placeholderData: keepPreviousData });
  return (
    <OptionList
      loading={list.isLoading}
      options={(list.data ?? []).map((c) => ({ value: c, title: c.name, subtitle: c.code }))}
      selected={selected}
      onToggle={onToggle}
      testId="category-option"
      emptyIcon={FolderTree}
      emptyText={t("employees:categoryPicker.empty")}
    />
  );
}

/** Skeletons while loading, then one tickable row per option, or what is missing when there are none. */
function OptionList<P extends { id: string }>({
  loading,
  options,
  selected,
  onToggle,
  testId,
  emptyIcon: EmptyIcon,
  emptyText,
  children,
}: {
  loading: boolean;
  options: { value: P; title: string; subtitle: string }[];
  selected: Set<string>;
  onToggle: (value: P, checked: boolean) => void;
  testId: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  children?: React.ReactNode;
}) {
  return (
    <>
      {loading
        ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-14 w-full" />)
        : options.map((o) => (
            <OptionRow
              key={o.value.id}
              id={o.value.id}
              checked={selected.has(o.value.id)}
              onChange={(checked) => onToggle(o.value, checked)}
              title={o.title}
              subtitle={o.subtitle}
              testId={testId}
            />
          ))}
      {!loading && options.length === 0 ? (
        <div className="grid justify-items-center gap-2 py-10 text-center text-sm text-muted-foreground">
          <EmptyIcon className="size-8" />
          {emptyText}
        </div>
      ) : null}
      {children}
    </>
  );
}

function OptionRow({ id, checked, onChange, title, subtitle, testId }: { id: string; checked: boolean; onChange: (checked: boolean) => void; title: string; subtitle: string; testId: string }) {
  const inputId = `pick-${id}`;
  return (
    <label
      htmlFor={inputId}
      className={cn("flex min-h-14 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm hover:bg-accent", checked && "border-primary bg-accent/60")}
      data-testid={testId}
    >
      <input id={inputId} type="checkbox" className="size-5 shrink-0 accent-[var(--color-primary)]" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-medium">{title}</span>
        <span className="truncate text-xs text-muted-foreground">{subtitle}</span>
      </span>
    </label>
  );
}
