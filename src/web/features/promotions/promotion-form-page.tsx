import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Package, SearchX, Tags, X } from "lucide-react";
import * as React from "react";
import { type FieldPath, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import {
  addCalendarDays,
  isPercentPromotion,
  M,
  PROMOTION_DEFAULT_DAYS,
  PROMOTION_TYPES,
  type PromotionFormValues,
  type PromotionInput,
  promotionInput,
} from "../../../shared/promotions/schemas";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { RequirePermission } from "../shell/guards";
import type { Promotion } from "./promotion-format";
import { CategoryPickerSheet, type ChosenCategory, type ChosenProduct, ProductPickerSheet } from "./promotion-pickers";

type FieldName = FieldPath<PromotionFormValues>;
const LIST_PATH = "/home/promotions";

/** /home/promotions/new and /home/promotions/:id: the promotion form (spec 03 §2, §3, §5). */
export function PromotionFormPage() {
  const { id } = useParams();
  return (
    <RequirePermission permission={id ? "promotions.update" : "promotions.create"}>
      {id ? <EditPromotion id={id} /> : <PromotionForm promotion={null} />}
    </RequirePermission>
  );
}

function EditPromotion({ id }: { id: string }) {
  const trpc = useTRPC();
  const promotion = useQuery({ ...trpc.promotion.getById.queryOptions({ id }), meta: { silent: true }, retry: false });
  if (promotion.isLoading)
    return (
      <div className="grid gap-4">
        <Skeleton className="h-9 w-64" />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    );
  if (!promotion.data) return <PromotionNotFound />;
  return <PromotionForm key={promotion.data.id} promotion={promotion.data} />;
}

function PromotionNotFound() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-10 max-w-lg" data-testid="promotion-not-found">
      <CardHeader className="items-center text-center">
        <SearchX className="size-10 text-muted-foreground" />
        <CardTitle>{t("promotions:notFound")}</CardTitle>
        <CardDescription>{t("promotions:notFoundHint")}</CardDescription>
        <Button asChild variant="outline" className="mt-2">
          <Link to={LIST_PATH}>{t("promotions:title")}</Link>
        </Button>
      </CardHeader>
    </Card>
  );
}

/** A new promotion starts today and ends 30 days later (spec 03 §9), active, 10 %. */
function valuesOf(p: Promotion | null): PromotionFormValues {
  const today = todayInSantoDomingo();
  return {
    name: p?.name ?? "",
    code: p?.code ?? "",
    type: (p?.type as PromotionFormValues["type"]) ?? "percentage_discount",
    discount: p && p.type !== "buy_x_get_y" ? p.discount : "",
    param1: p?.param1 === null || p?.param1 === undefined ? "" : String(p.param1),
    param2: p?.param2 === null || p?.param2 === undefined ? "" : String(p.param2),
    startDate: p?.startDate ?? today,
    endDate: p?.endDate ?? addCalendarDays(today, PROMOTION_DEFAULT_DAYS),
    isActive: p?.isActive ?? true,
    stackable: p?.stackable ?? false,
    productIds: p?.productIds ?? [],
    categoryIds: p?.categoryIds ?? [],
  };
}

function PromotionForm({ promotion }: { promotion: Promotion | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<PromotionFormValues, unknown, PromotionInput>({ resolver: zodResolver(promotionInput), defaultValues: valuesOf(promotion) });
  const [products, setProducts] = React.useState<ChosenProduct[]>(promotion?.products ?? []);
  const [categories, setCategories] = React.useState<ChosenCategory[]>(promotion?.categories ?? []);
  const [picker, setPicker] = React.useState<"products" | "categories" | null>(null);
  const type = form.watch("type");
  const goBack = () => void navigate(LIST_PATH);

  React.useEffect(() => form.setValue("productIds", products.map((p) => p.id), { shouldDirty: true }), [products]);
  React.useEffect(() => form.setValue("categoryIds", categories.map((c) => c.id), { shouldDirty: true }), [categories]);

  const onSaved = async (saved: Promotion, message: string) => {
    await qc.invalidateQueries(trpc.promotion.pathFilter());
    toast({ title: message, description: saved.name, variant: "success" });
    void navigate(LIST_PATH);
  };
  const onError = (error: { message: string }) => {
    const fields = fieldErrors(error);
    for (const [field, message] of Object.entries(fields)) form.setError(field as FieldName, { message });
    // The two server-only rules: a start before today and a code already used.
    if (error.message === t(M.startBeforeToday)) form.setError("startDate", { message: error.message });
    else if (error.message === t(M.codeTaken, { code: String(form.getValues("code") ?? "").trim() })) form.setError("code", { message: error.message });
    toast({ variant: "destructive", title: t("promotions:errors.saving"), description: error.message || t("promotions:errors.generic") });
  };
  const create = useMutation(trpc.promotion.create.mutationOptions({ meta: { silent: true }, onSuccess: (p) => onSaved(p, t("promotions:toast.created")), onError }));
  const update = useMutation(trpc.promotion.update.mutationOptions({ meta: { silent: true }, onSuccess: (p) => onSaved(p, t("promotions:toast.updated")), onError }));
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    // Start not before today (spec 03 §5); an existing promotion may keep the start it has.
    if (values.startDate < todayInSantoDomingo() && values.startDate !== promotion?.startDate) {
      form.setError("startDate", { message: M.startBeforeToday }, { shouldFocus: true });
      return;
    }
    if (promotion) update.mutate({ ...values, id: promotion.id });
    else create.mutate(values);
  });

  const percent = isPercentPromotion(type);
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="promotion-form">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="icon" onClick={goBack} aria-label={t("promotions:actions.back")} title={t("promotions:actions.back")}>
          <ArrowLeft />
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">{promotion ? t("promotions:edit") : t("promotions:new")}</h1>
          {promotion ? <p className="text-sm text-muted-foreground">{promotion.name}</p> : null}
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("promotions:sections.general")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
              <TextField form={form} name="name" label={t("promotions:fields.name")} required autoFocus={!promotion} />
              <TextField form={form} name="code" label={t("promotions:fields.code")} required className="font-mono uppercase" />
            </div>
            <SwitchField form={form} name="isActive" label={t("promotions:fields.isActive")} />
            <SwitchField form={form} name="stackable" label={t("promotions:fields.stackable")} hint={t("promotions:hints.stackable")} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("promotions:sections.rule")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Field label={t("promotions:fields.type")} htmlFor="promotion-type" required error={tMessage(form.formState.errors.type?.message)}>
              <NativeSelect id="promotion-type" {...form.register("type")} data-testid="promotion-type">
                {PROMOTION_TYPES.map((v) => (
                  <option key={v} value={v}>
                    {t(`promotions:types.${v}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {type === "buy_x_get_y" ? (
              <>
                <div className="grid items-start gap-4 sm:grid-cols-2">
                  <TextField form={form} name="param1" label={t("promotions:fields.buyX")} required type="number" min={1} step={1} inputMode="numeric" className="text-right tabular-nums" />
                  <TextField form={form} name="param2" label={t("promotions:fields.getY")} required type="number" min={1} step={1} inputMode="numeric" className="text-right tabular-nums" />
                </div>
                <p className="text-xs text-muted-foreground">{t("promotions:hints.buyXGetY")}</p>
              </>
            ) : (
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <TextField
                  form={form}
                  name="discount"
                  label={percent ? t("promotions:fields.discountPercent") : t("promotions:fields.discountAmount")}
                  required
                  inputMode="decimal"
                  className="text-right tabular-nums"
                  hint={type === "second_unit_discount" ? t("promotions:hints.secondUnit") : undefined}
                />
                {type === "bundle_discount" ? (
                  <TextField form={form} name="param1" label={t("promotions:fields.bundleUnits")} type="number" min={1} step={1} inputMode="numeric" placeholder="2" className="text-right tabular-nums" hint={t("promotions:hints.bundle")} />
                ) : null}
              </div>
            )}
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <TextField form={form} name="startDate" label={t("promotions:fields.startDate")} required type="date" min={promotion ? undefined : todayInSantoDomingo()} />
              <TextField form={form} name="endDate" label={t("promotions:fields.endDate")} required type="date" min={String(form.watch("startDate") ?? "") || undefined} />
            </div>
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("promotions:sections.appliesTo")}</CardTitle>
            <CardDescription>{t("promotions:hints.appliesTo")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <ChipGroup
              title={t("promotions:fields.products")}
              icon={Package}
              items={products.map((p) => ({ id: p.id, label: p.name, detail: p.sku }))}
              onRemove={(id) => setProducts((list) => list.filter((p) => p.id !== id))}
              addLabel={t("promotions:picker.addProducts")}
              onAdd={() => setPicker("products")}
              emptyText={t("promotions:picker.noProductsChosen")}
              testId="promotion-products"
            />
            <ChipGroup
              title={t("promotions:fields.categories")}
              icon={Tags}
              items={categories.map((c) => ({ id: c.id, label: c.name }))}
              onRemove={(id) => setCategories((list) => list.filter((c) => c.id !== id))}
              addLabel={t("promotions:picker.addCategories")}
              onAdd={() => setPicker("categories")}
              emptyText={t("promotions:picker.noCategoriesChosen")}
              testId="promotion-categories"
            />
          </CardContent>
        </Card>
      </div>

      <FormActions pending={pending} onCancel={goBack} testId="save-promotion" />

      <ProductPickerSheet open={picker === "products"} onOpenChange={(open) => setPicker(open ? "products" : null)} chosen={products} onChange={setProducts} />
      <CategoryPickerSheet open={picker === "categories"} onOpenChange={(open) => setPicker(open ? "categories" : null)} chosen={categories} onChange={setCategories} />
    </form>
  );
}

function ChipGroup({
  title,
  icon: Icon,
  items,
  onRemove,
  addLabel,
  onAdd,
  emptyText,
  testId,
}: {
  title: string;
  icon: React.ComponentType<{ className?: string }>;
  items: { id: string; label: string; detail?: string | null }[];
  onRemove: (id: string) => void;
  addLabel: string;
  onAdd: () => void;
  emptyText: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="grid content-start gap-2 rounded-md border p-3" data-testid={testId} aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 text-sm font-medium">
          <Icon className="size-4 text-muted-foreground" />
          {title}
          <Badge variant="secondary">{items.length}</Badge>
        </h3>
        <Button type="button" variant="outline" size="sm" onClick={onAdd} data-testid={`${testId}-add`}>
          {addLabel}
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item.id} className="flex max-w-full items-center gap-1 rounded-full border bg-muted/40 py-1 pl-3 pr-1 text-sm" data-testid="promotion-chip">
              <span className="truncate">{item.label}</span>
              {item.detail ? <span className="hidden font-mono text-xs text-muted-foreground sm:inline">{item.detail}</span> : null}
              <button
                type="button"
                onClick={() => onRemove(item.id)}
                className="grid size-6 place-items-center rounded-full hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={t("promotions:picker.remove", { name: item.label })}
                title={t("promotions:picker.remove", { name: item.label })}
              >
                <X className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type FormApi = UseFormReturn<PromotionFormValues, unknown, PromotionInput>;
type TextName = "name" | "code" | "discount" | "param1" | "param2" | "startDate" | "endDate";

function TextField({ form, name, label, required, hint, ...input }: { form: FormApi; name: TextName; label: string; required?: boolean; hint?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "form">) {
  const error = form.formState.errors[name]?.message;
  const id = `promotion-${name}`;
  return (
    <Field label={label} htmlFor={id} error={tMessage(error)} required={required} hint={hint}>
      <Input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} autoComplete="off" {...input} {...form.register(name)} />
    </Field>
  );
}

function SwitchField({ form, name, label, hint }: { form: FormApi; name: "isActive" | "stackable"; label: string; hint?: string }) {
  const id = `promotion-${name}`;
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border p-3">
      <label htmlFor={id} className="grid gap-1 text-sm">
        <span className="font-medium">{label}</span>
        {hint ? <span className="text-muted-foreground">{hint}</span> : null}
      </label>
      <Switch id={id} checked={form.watch(name) ?? false} onCheckedChange={(v) => form.setValue(name, v, { shouldDirty: true })} />
    </div>
  );
}
