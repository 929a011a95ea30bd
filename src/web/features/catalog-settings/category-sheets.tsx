import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import type * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { categoryFormSchema } from "../../../shared/catalog/category";
import { errorCode, fieldErrors, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { Button, type ButtonProps } from "../../components/ui/button";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";

/** A category as productCategory.getAll / create / update return it. */
export interface CategoryRow {
  id: string;
  code: string;
  name: string;
  description: string | null;
  isActive: boolean;
  subcategoryCount: number;
}

/** A subcategory as productSubCategory.getAll / create / update return it. */
export interface SubcategoryRow {
  id: string;
  categoryId: string;
  code: string;
  name: string;
  description: string | null;
  isActive: boolean;
}

type FormValues = z.input<typeof categoryFormSchema>;
type FormOutput = z.output<typeof categoryFormSchema>;

/** The permission that shows the category and subcategory quick-create buttons (spec 03 §6). */
export const CATEGORY_CREATE_PERMISSION = "product_categories.create";

/**
 * A permission-gated trigger: a skeleton while permissions load, nothing unless the user holds
 * the permission ('product_categories.create' by default), else an icon button labelled `label`.
 */
export function QuickCreateButton({
  label,
  permission = CATEGORY_CREATE_PERMISSION,
  className,
  children,
  ...props
}: Omit<ButtonProps, "children"> & { label: string; permission?: string; children?: React.ReactNode }) {
  const { can, isLoading } = usePermissions();
  if (isLoading) return <Skeleton className={cn("size-10 shrink-0", className)} />;
  if (!can(permission)) return null;
  return (
    <Button variant="outline" size={children ? "default" : "icon"} aria-label={label} title={label} className={cn("shrink-0", className)} {...props}>
      <Plus />
      {children}
    </Button>
  );
}

interface SheetProps<Row> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the created row; the panel then closes. */
  onCreated?: (row: Row) => void;
}

/**
 * Quick-create side panel for a category (code, name, description), for the product form.
 * Renders nothing unless the user holds 'product_categories.create'. Failure: the server's
 * message, or 'No se pudo crear la categoría'.
 */
export function CategoryQuickCreateSheet({ open, onOpenChange, onCreated }: SheetProps<CategoryRow>) {
  const { can } = usePermissions();
  if (!can(CATEGORY_CREATE_PERMISSION)) return null;
  return <CategorySheet open={open} onOpenChange={onOpenChange} onSaved={(row) => onCreated?.(row)} />;
}

/**
 * Quick-create side panel for a subcategory of `categoryId` (code, name, description).
 * Without a category it shows 'La categoría es requerida' and creates nothing.
 */
export function SubcategoryQuickCreateSheet({
  open,
  onOpenChange,
  onCreated,
  categoryId,
  categoryName,
}: SheetProps<SubcategoryRow> & { categoryId: string | null | undefined; categoryName?: string }) {
  const { can } = usePermissions();
  if (!can(CATEGORY_CREATE_PERMISSION)) return null;
  return <SubcategorySheet open={open} onOpenChange={onOpenChange} categoryId={categoryId} categoryName={categoryName} onSaved={(row) => onCreated?.(row)} />;
}

/** Create (no `category`) or edit a category in a side sheet. */
export function CategorySheet({ open, onOpenChange, category, onSaved }: { open: boolean; onOpenChange: (open: boolean) => void; category?: CategoryRow | null; onSaved?: (row: CategoryRow) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <CategoryForm kind="category" row={category ?? null} onClose={() => onOpenChange(false)} onSaved={onSaved as (row: CategoryRow | SubcategoryRow) => void} /> : null}
    </Dialog>
  );
}

/** Create (no `subcategory`) or edit a subcategory of `categoryId` in a side sheet. */
export function SubcategorySheet({
  open,
  onOpenChange,
  subcategory,
  categoryId,
  categoryName,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subcategory?: SubcategoryRow | null;
  categoryId: string | null | undefined;
  categoryName?: string;
  onSaved?: (row: SubcategoryRow) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <CategoryForm
          kind="subcategory"
          row={subcategory ?? null}
          categoryId={subcategory?.categoryId ?? categoryId ?? null}
          categoryName={categoryName}
          onClose={() => onOpenChange(false)}
          onSaved={onSaved as (row: CategoryRow | SubcategoryRow) => void}
        />
      ) : null}
    </Dialog>
  );
}

function CategoryForm({
  kind,
  row,
  categoryId,
  categoryName,
  onClose,
  onSaved,
}: {
  kind: "category" | "subcategory";
  row: CategoryRow | SubcategoryRow | null;
  categoryId?: string | null;
  categoryName?: string;
  onClose: () => void;
  onSaved?: (row: CategoryRow | SubcategoryRow) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const isSub = kind === "subcategory";
  const prefix = isSub ? "subcategory" : "category";
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: { code: row?.code ?? "", name: row?.name ?? "", description: row?.description ?? "" },
  });

  const onSuccess = async (saved: CategoryRow | SubcategoryRow) => {
    await Promise.all([qc.invalidateQueries(trpc.productCategory.pathFilter()), qc.invalidateQueries(trpc.productSubCategory.pathFilter())]);
    const title = isSub ? (row ? t("categories:subUpdated") : t("categories:subCreated")) : row ? t("categories:updated") : t("categories:created");
    toast({ title, description: saved.name, variant: "success" });
    onSaved?.(saved);
    onClose();
  };
  const onError = (error: { message: string }) => {
    for (const [field, message] of Object.entries(fieldErrors(error))) {
      if (field === "name" || field === "code" || field === "description") form.setError(field, { message });
    }
    const code = errorCode(error);
    if (code === "CONFLICT") form.setError("code", { message: error.message });
    if (code === "UNAUTHORIZED") return;
    const fallback = isSub ? (row ? t("categories:updateSubError") : t("categories:createSubError")) : row ? t("categories:updateError") : t("categories:createError");
    // The server's message, or 'No se pudo crear la categoría' / '… la subcategoría' (spec 03 §8).
    toast({ variant: "destructive", title: fallback, description: error.message || undefined });
  };
  const meta = { silent: true };
  const createCategory = useMutation(trpc.productCategory.create.mutationOptions({ meta, onSuccess, onError }));
  const updateCategory = useMutation(trpc.productCategory.update.mutationOptions({ meta, onSuccess, onError }));
  const createSub = useMutation(trpc.productSubCategory.create.mutationOptions({ meta, onSuccess, onError }));
  const updateSub = useMutation(trpc.productSubCategory.update.mutationOptions({ meta, onSuccess, onError }));
  const pending = createCategory.isPending || updateCategory.isPending || createSub.isPending || updateSub.isPending;

  const submit = form.handleSubmit((v) => {
    const values = { name: v.name, code: v.code, description: v.description ?? null };
    if (!isSub) {
      if (row) updateCategory.mutate({ id: row.id, ...values });
      else createCategory.mutate(values);
      return;
    }
    if (row) updateSub.mutate({ id: row.id, ...values });
    else if (categoryId) createSub.mutate({ ...values, categoryId });
  });

  const errors = form.formState.errors;
  const missingCategory = isSub && !row && !categoryId;
  const title = isSub ? (row ? t("categories:editSub") : t("categories:newSub")) : row ? t("categories:edit") : t("categories:new");
  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid={`${prefix}-sheet`}>
      <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
      <DialogDescription>
        {isSub && categoryName ? t("categories:inCategory", { name: categoryName }) : isSub ? t("categories:subFormHint") : t("categories:formHint")}
      </DialogDescription>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          // The sheet is portalled, but React events still bubble to a surrounding form (the product form).
          e.stopPropagation();
          void submit(e);
        }}
      >
        {missingCategory ? (
          <p className="rounded-md border border-destructive p-3 text-sm text-destructive" role="alert" data-testid="subcategory-missing-category">
            {t("errors:categoryRequired")}. {t("categories:selectCategoryFirst")}
          </p>
        ) : null}
        <Field label={t("categories:fields.code")} htmlFor={`${prefix}-code`} error={tMessage(errors.code?.message)} required>
          <Input id={`${prefix}-code`} autoFocus autoComplete="off" className="uppercase" {...form.register("code")} aria-invalid={!!errors.code} />
        </Field>
        <Field label={t("categories:fields.name")} htmlFor={`${prefix}-name`} error={tMessage(errors.name?.message)} required>
          <Input id={`${prefix}-name`} autoComplete="off" {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
        <Field label={t("categories:fields.description")} htmlFor={`${prefix}-description`} error={tMessage(errors.description?.message)}>
          <Input id={`${prefix}-description`} autoComplete="off" {...form.register("description")} aria-invalid={!!errors.description} />
        </Field>
        <FormActions pending={pending} disabled={missingCategory} onCancel={onClose} testId={`save-${prefix}`} />
      </form>
    </SheetContent>
  );
}
