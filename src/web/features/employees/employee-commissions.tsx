import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderTree, Package, Plus, Search, X } from "lucide-react";
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

function ProductLinks({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const editable = can("employees.update");
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
  const [draft, setDraft] = React.useState(initial);
  const [pickerOpen, setPickerOpen] = React.useState(false);
  const dirty = !sameLinks(draft, initial);
  const invalid = draft.some((d) => percentError(d.percentage));

  const save = useMutation(
    trpc.employee.updateProducts.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.employee.getById.queryFilter({ id: employee.id }));
        await qc.invalidateQueries(trpc.employee.getByService.pathFilter());
        toast({ title: t("employees:toast.productsSaved"), variant: "success" });
      },
      onError: (error) => {
        if (errorCode(error) === "UNAUTHORIZED") return;
        toast({ variant: "destructive", title: t("employees:toast.productsError"), description: error.message || undefined });
      },
    }),
  );
  const onSave = () =>
    save.mutate({ employeeId: employee.id, products: draft.map((d) => ({ productId: d.id, commissionPercentage: d.percentage.trim() === "" ? null : d.percentage.trim() })) });

  return (
    <section className="grid content-start gap-3" aria-labelledby="employee-products-title" data-testid="product-links">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id="employee-products-title" className="flex items-center gap-2 font-semibold">
          <Package className="size-4 text-muted-foreground" />
          {t("employees:commissions.products")}
          <Badge variant="outline">{draft.length}</Badge>
        </h4>
        {editable ? (
          <Button variant="outline" size="sm" onClick={() => setPickerOpen(true)} data-testid="add-products">
            <Plus />
            {t("employees:commissions.addProducts")}
          </Button>
        ) : null}
      </div>
      <LinkList
        empty={t("employees:commissions.noProducts")}
        rows={draft.map((d) => ({
          id: d.id,
          title: d.name,
          subtitle: [d.sku, d.own ? productCommissionText(d.own, t) : null].filter(Boolean).join(" · "),
          badge: d.isDeleted ? t("employees:commissions.deleted") : undefined,
          percentage: d.percentage,
        }))}
        editable={editable}
        testId="product-link-row"
        onPercentage={(id, value) => setDraft((list) => list.map((d) => (d.id === id ? { ...d, percentage: value } : d)))}
        onRemove={(id) => setDraft((list) => list.filter((d) => d.id !== id))}
      />
      {editable ? (
        <SaveBar dirty={dirty} pending={save.isPending} disabled={invalid} onSave={onSave} onReset={() => setDraft(initial)} label={t("employees:commissions.saveProducts")} testId="save-products" />
      ) : null}
      <ProductPickerSheet
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        selectedIds={draft.map((d) => d.id)}
        onToggle={(p, checked) =>
          setDraft((list) =>
            checked
              ? list.some((d) => d.id === p.id)
                ? list
                : [...list, { id: p.id, name: p.name, sku: p.sku, own: null, isDeleted: false, percentage: "" }]
              : list.filter((d) => d.id !== p.id),
          )
        }
      />
    </section>
  );
}

function CategoryLinks({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const editable = can("employees.update");
  const initial = React.useMemo<DraftCategory[]>(
    () => employee.categories.map((c) => ({ id: c.categoryId, name: c.name, code: c.code, isActive: c.isActive, percentage: percentInput(c.commissionPercentage) })),
    [employee.categories],
  );
  const [draft, setDraft] = React.useState(initial);
  const [pickerOpen, setPickerOpen] = React.useState(false);
  const dirty = !sameLinks(draft, initial);
  const invalid = draft.some((d) => percentError(d.percentage));

  const save = useMutation(
    trpc.employee.updateCategories.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.employee.getById.queryFilter({ id: employee.id }));
        toast({ title: t("employees:toast.categoriesSaved"), variant: "success" });
      },
      onError: (error) => {
        if (errorCode(error) === "UNAUTHORIZED") return;
        toast({ variant: "destructive", title: t("employees:toast.categoriesError"), description: error.message || undefined });
      },
    }),
  );
  const onSave = () =>
    save.mutate({ employeeId: employee.id, categories: draft.map((d) => ({ categoryId: d.id, commissionPercentage: d.percentage.trim() === "" ? null : d.percentage.trim() })) });

  return (
    <section className="grid content-start gap-3" aria-labelledby="employee-categories-title" data-testid="category-links">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id="employee-categories-title" className="flex items-center gap-2 font-semibold">
          <FolderTree className="size-4 text-muted-foreground" />
          {t("employees:commissions.categories")}
          <Badge variant="outline">{draft.length}</Badge>
        </h4>
        {editable ? (
          <Button variant="outline" size="sm" onClick={() => setPickerOpen(true)} data-testid="add-categories">
            <Plus />
            {t("employees:commissions.addCategories")}
          </Button>
        ) : null}
      </div>
      <LinkList
        empty={t("employees:commissions.noCategories")}
        rows={draft.map((d) => ({ id: d.id, title: d.name, subtitle: d.code, badge: d.isActive ? undefined : t("employees:commissions.inactive"), percentage: d.percentage }))}
        editable={editable}
        testId="category-link-row"
        onPercentage={(id, value) => setDraft((list) => list.map((d) => (d.id === id ? { ...d, percentage: value } : d)))}
        onRemove={(id) => setDraft((list) => list.filter((d) => d.id !== id))}
      />
      {editable ? (
        <SaveBar dirty={dirty} pending={save.isPending} disabled={invalid} onSave={onSave} onReset={() => setDraft(initial)} label={t("employees:commissions.saveCategories")} testId="save-categories" />
      ) : null}
      <CategoryPickerSheet
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        selectedIds={draft.map((d) => d.id)}
        onToggle={(c, checked) =>
          setDraft((list) =>
            checked
              ? list.some((d) => d.id === c.id)
                ? list
                : [...list, { id: c.id, name: c.name, code: c.code, isActive: c.isActive, percentage: "" }]
              : list.filter((d) => d.id !== c.id),
          )
        }
      />
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

function SaveBar({
  dirty,
  pending,
  disabled,
  onSave,
  onReset,
  label,
  testId,
}: {
  dirty: boolean;
  pending: boolean;
  disabled: boolean;
  onSave: () => void;
  onReset: () => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {dirty ? <span className="mr-auto text-xs font-medium text-amber-600 dark:text-amber-400">{t("employees:commissions.unsaved")}</span> : null}
      {dirty ? (
        <Button variant="ghost" size="sm" onClick={onReset}>
          {t("common:actions.cancel")}
        </Button>
      ) : null}
      <Button size="sm" disabled={!dirty || disabled || pending} onClick={onSave} data-testid={testId}>
        {pending ? t("common:saving") : label}
      </Button>
    </div>
  );
}

type PickedProduct = { id: string; name: string; sku: string; price: string };

/** The product picker side panel: search (500 ms debounce) over product.getAll, 50 a page; ticking adds, unticking removes. */
function ProductPickerSheet({
  open,
  onOpenChange,
  selectedIds,
  onToggle,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedIds: string[];
  onToggle: (product: PickedProduct, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <SheetContent closeLabel={t("common:actions.close")} data-testid="product-picker">
          <DialogTitle>{t("employees:productPicker.title")}</DialogTitle>
          <DialogDescription>{t("employees:productPicker.description")}</DialogDescription>
          <ProductPickerBody selectedIds={selectedIds} onToggle={onToggle} />
          <PickerFooter count={selectedIds.length} label={t("employees:productPicker.done")} onDone={() => onOpenChange(false)} />
        </SheetContent>
      ) : null}
    </Dialog>
  );
}

function ProductPickerBody({ selectedIds, onToggle }: { selectedIds: string[]; onToggle: (product: PickedProduct, checked: boolean) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [search, setSearch] = React.useState("");
  const debounced = useDebounce(search.trim(), EMPLOYEE_PRODUCT_PICKER.debounceMs);
  const list = useQuery({
    ...trpc.product.getAll.queryOptions({ search: debounced, page: 1, pageSize: EMPLOYEE_PRODUCT_PICKER.pageSize }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const selected = new Set(selectedIds);
  return (
    <>
      <SearchBox value={search} onChange={setSearch} label={t("employees:productPicker.search")} testId="product-picker-search" />
      <fieldset className="grid min-w-0 flex-1 content-start gap-1 overflow-y-auto">
        <legend className="sr-only">{t("employees:commissions.products")}</legend>
        {list.isLoading
          ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-14 w-full" />)
          : rows.map((p) => (
              <OptionRow
                key={p.id}
                id={p.id}
                checked={selected.has(p.id)}
                onChange={(checked) => onToggle(p, checked)}
                title={p.name}
                subtitle={`${p.sku} · ${pesos(p.price)}`}
                testId="product-option"
              />
            ))}
        {!list.isLoading && rows.length === 0 ? <EmptyOptions icon={<Package className="size-8" />} text={t("employees:productPicker.empty")} /> : null}
        {total > rows.length ? <p className="pt-2 text-center text-xs text-muted-foreground">{t("employees:productPicker.more", { shown: rows.length, total })}</p> : null}
      </fieldset>
    </>
  );
}

type PickedCategory = { id: string; name: string; code: string; isActive: boolean };

/** The category picker side panel: the active categories (productCategory.getAll), searched by name or code. */
function CategoryPickerSheet({
  open,
  onOpenChange,
  selectedIds,
  onToggle,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedIds: string[];
  onToggle: (category: PickedCategory, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <SheetContent closeLabel={t("common:actions.close")} data-testid="category-picker">
          <DialogTitle>{t("employees:categoryPicker.title")}</DialogTitle>
          <DialogDescription>{t("employees:categoryPicker.description")}</DialogDescription>
          <CategoryPickerBody selectedIds={selectedIds} onToggle={onToggle} />
          <PickerFooter count={selectedIds.length} label={t("employees:categoryPicker.done")} onDone={() => onOpenChange(false)} />
        </SheetContent>
      ) : null}
    </Dialog>
  );
}

function CategoryPickerBody({ selectedIds, onToggle }: { selectedIds: string[]; onToggle: (category: PickedCategory, checked: boolean) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [search, setSearch] = React.useState("");
  const debounced = useDebounce(search.trim(), EMPLOYEE_PRODUCT_PICKER.debounceMs);
  const list = useQuery({ ...trpc.productCategory.getAll.queryOptions(debounced ? { search: debounced } : {}), placeholderData: keepPreviousData });
  const rows = list.data ?? [];
  const selected = new Set(selectedIds);
  return (
    <>
      <SearchBox value={search} onChange={setSearch} label={t("employees:categoryPicker.search")} testId="category-picker-search" />
      <fieldset className="grid min-w-0 flex-1 content-start gap-1 overflow-y-auto">
        <legend className="sr-only">{t("employees:commissions.categories")}</legend>
        {list.isLoading
          ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-14 w-full" />)
          : rows.map((c) => (
              <OptionRow key={c.id} id={c.id} checked={selected.has(c.id)} onChange={(checked) => onToggle(c, checked)} title={c.name} subtitle={c.code} testId="category-option" />
            ))}
        {!list.isLoading && rows.length === 0 ? <EmptyOptions icon={<FolderTree className="size-8" />} text={t("employees:categoryPicker.empty")} /> : null}
      </fieldset>
    </>
  );
}

function SearchBox({ value, onChange, label, testId }: { value: string; onChange: (value: string) => void; label: string; testId: string }) {
  return (
    <div className="relative">
      <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
      <Input className="pl-9" type="search" autoFocus value={value} onChange={(e) => onChange(e.target.value)} placeholder={label} aria-label={label} data-testid={testId} />
    </div>
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

function EmptyOptions({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <div className="grid justify-items-center gap-2 py-10 text-center text-sm text-muted-foreground">
      {icon}
      {text}
    </div>
  );
}

function PickerFooter({ count, label, onDone }: { count: number; label: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-2 border-t pt-3">
      <span className="text-sm text-muted-foreground" data-testid="picker-count">
        {t("employees:productPicker.selected", { count })}
      </span>
      <Button onClick={onDone} data-testid="picker-done">
        {label}
      </Button>
    </div>
  );
}
