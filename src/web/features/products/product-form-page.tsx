import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ImageUp, Plus, Save, Trash2, Truck, X } from "lucide-react";
import * as React from "react";
import { type Control, type FieldPath, useFieldArray, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import type { z } from "zod";
import { COMMISSION_TYPES, PRODUCT_DEFAULTS, PRODUCT_TYPES, PRODUCT_UNITS, productCreateInput } from "../../../shared/catalog/product";
import { formatQuantity } from "../../../shared/money/format";
import { IMAGE_EXTENSIONS } from "../../../shared/platform/uploads";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { FormActionBar } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { CategoryQuickCreateSheet, SubcategoryQuickCreateSheet } from "../catalog-settings/category-sheets";
import { ProviderPickerSheet, ProviderQuickCreateSheet } from "../providers/provider-sheets";
import { RecipeManagerCard } from "../recipes/recipe-manager-card";
import { AccessDenied } from "../shell/guards";

type FormValues = z.input<typeof productCreateInput>;

const EMPTY: FormValues = {
  name: "",
  productType: PRODUCT_DEFAULTS.productType,
  sku: "",
  barcode: "",
  description: "",
  keywords: "",
  price: "",
  price2: PRODUCT_DEFAULTS.price2,
  price3: PRODUCT_DEFAULTS.price3,
  variablePrice: false,
  costPrice: "0",
  costPerUnitQuantity: "",
  costPerUnitId: "none",
  categoryId: "none",
  subCategoryId: "none",
  providerId: "none",
  imageUrl: "",
  isTaxable: PRODUCT_DEFAULTS.isTaxable,
  priceIncludesTax: PRODUCT_DEFAULTS.priceIncludesTax,
  taxPercent: "18",
  isScheduleable: false,
  defaultDuration: null,
  bufferTime: null,
  maxAdvanceBookingDays: null,
  minAdvanceBookingHours: null,
  requiresOTP: false,
  otpExpiration: PRODUCT_DEFAULTS.otpExpiration,
  eligibleForRewards: PRODUCT_DEFAULTS.eligibleForRewards,
  paysCommission: false,
  commissionType: PRODUCT_DEFAULTS.commissionType,
  commissionValue: PRODUCT_DEFAULTS.commissionValue,
  availableForPos: PRODUCT_DEFAULTS.availableForPos,
  unitOfMeasure: PRODUCT_DEFAULTS.unitOfMeasure,
  isRecipeItem: false,
  hasRecipe: false,
  recipeYieldQuantity: "",
  warehouseQuantities: [],
  alternativeCodes: [],
  maxDiscounts: [],
};

/** /home/products/new and /home/products/:id — every section of the spec's product form. */
export function ProductFormPage() {
  const { id } = useParams();
  const isNew = !id || id === "new";
  const { can, isLoading } = usePermissions();
  if (isLoading) return <Skeleton className="h-96 w-full" />;
  if (!can(isNew ? "products.create" : "products.view")) return <AccessDenied />;
  return <ProductForm key={id ?? "new"} productId={isNew ? null : id!} />;
}

function ProductForm({ productId }: { productId: string | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const existing = useQuery({ ...trpc.product.getById.queryOptions({ id: productId ?? "" }), enabled: !!productId });
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const methods = useQuery(trpc.paymentMethod.getAll.queryOptions());
  const categories = useQuery(trpc.productCategory.getAll.queryOptions({}));
  const providerList = useQuery(trpc.provider.getAll.queryOptions({ page: 1, pageSize: 100, search: "" }));
  const units = useQuery(trpc.unitOfMeasure.getAll.queryOptions());
  const form = useForm<FormValues>({ resolver: zodResolver(productCreateInput), defaultValues: EMPTY });
  const [uploading, setUploading] = React.useState(false);
  const [sheet, setSheet] = React.useState<"category" | "subcategory" | "provider" | "pickProvider" | null>(null);
  const providerId = useWatch({ control: form.control, name: "providerId" });
  // The chosen supplier's name: from the first page when it is there, else read by id.
  const listedProvider = providerList.data?.data.find((p: { id: string }) => p.id === providerId);
  const chosenProvider = useQuery({ ...trpc.provider.getById.queryOptions({ id: providerId ?? "" }), enabled: !!providerId && providerId !== "none" && !listedProvider && providerList.isSuccess });
  const providerName = listedProvider?.name ?? chosenProvider.data?.name;
  const readOnly = !!productId && !can("products.update");

  // Existing product: load it into the form once.
  React.useEffect(() => {
    const p = existing.data;
    if (!p) return;
    form.reset({
      ...EMPTY,
      name: p.name,
      productType: p.productType as FormValues["productType"],
      sku: p.sku,
      barcode: p.barcode ?? "",
      description: p.description ?? "",
      keywords: p.keywords ?? "",
      price: p.price,
      price2: p.price2,
      price3: p.price3,
      variablePrice: p.variablePrice,
      costPrice: p.costPrice,
      costPerUnitQuantity: p.costPerUnitQuantity ?? "",
      costPerUnitId: p.costPerUnitId ?? "none",
      categoryId: p.categoryId ?? "none",
      subCategoryId: p.subcategoryId ?? "none",
      providerId: p.providerId ?? "none",
      imageUrl: p.imageUrl ?? "",
      isTaxable: p.isTaxable,
      priceIncludesTax: p.priceIncludesTax,
      taxPercent: p.taxPercent ?? "",
      isScheduleable: p.isScheduleable,
      defaultDuration: p.defaultDuration,
      bufferTime: p.bufferTime,
      maxAdvanceBookingDays: p.maxAdvanceBookingDays,
      minAdvanceBookingHours: p.minAdvanceBookingHours,
      requiresOTP: p.requiresOtp,
      otpExpiration: p.otpExpiration,
      eligibleForRewards: p.eligibleForRewards,
      paysCommission: p.paysCommission,
      commissionType: p.commissionType as FormValues["commissionType"],
      commissionValue: p.commissionValue,
      availableForPos: p.availableForPos,
      unitOfMeasure: p.unitOfMeasure as FormValues["unitOfMeasure"],
      isRecipeItem: p.isRecipeItem,
      hasRecipe: p.hasRecipe,
      recipeYieldQuantity: p.recipeYieldQuantity ?? "",
      warehouseQuantities: p.warehouseQuantities.map((w) => ({
        warehouseId: w.warehouseId,
        initialQuantity: w.initialQuantity,
        currentQuantity: w.currentQuantity,
        minStock: w.minStock ?? "",
        maxStock: w.maxStock ?? "",
      })),
      alternativeCodes: p.alternativeCodes.map((c) => ({ id: c.id, providerId: c.providerId ?? "none", sku: c.sku ?? "", barcode: c.barcode ?? "", description: c.description ?? "" })),
      maxDiscounts: p.maxDiscounts.map((d) => ({ id: d.id, paymentMethodId: d.paymentMethodId, isFullPayment: d.isFullPayment, maxDiscountPercent: d.maxDiscountPercent })),
    });
  }, [existing.data]);

  const onSaved = async (savedId: string, created: boolean) => {
    await qc.invalidateQueries({ queryKey: trpc.product.getAll.queryKey() });
    await qc.invalidateQueries({ queryKey: trpc.product.getById.queryKey({ id: savedId }) });
    toast({ title: created ? t("products:form.created") : t("products:form.updated"), variant: "success" });
    if (created) void navigate(`/home/products/${savedId}`, { replace: true });
  };
  const onError = (error: unknown) => {
    for (const [field, message] of Object.entries(fieldErrors(error))) form.setError(field as FieldPath<FormValues>, { message });
  };
  const create = useMutation(trpc.product.create.mutationOptions({ onSuccess: (r) => onSaved(r.id, true), onError, meta: { fallback: "products:form.saveError" } }));
  const update = useMutation(trpc.product.update.mutationOptions({ onSuccess: (r) => onSaved(r.id, false), onError }));

  const onSubmit = form.handleSubmit(
    (values) => {
      const parsed = productCreateInput.parse(values);
      // Only warehouse rows with some non-zero quantity or limit are sent.
      const warehouseQuantities = parsed.warehouseQuantities.filter((w) => Number(w.initialQuantity) !== 0 || w.minStock || w.maxStock || (productId && existing.data?.warehouseQuantities.some((e) => e.warehouseId === w.warehouseId)));
      const payload = { ...parsed, warehouseQuantities };
      if (productId) update.mutate({ ...payload, id: productId });
      else create.mutate(payload);
    },
    () => toast({ variant: "destructive", title: t("products:form.saveError"), description: t("products:form.checkFields") }),
  );

  const uploadImage = async (file: File) => {
    setUploading(true);
    try {
      const res = await fetch(`/api/upload?filename=${encodeURIComponent(`products/${Date.now()}-${file.name}`)}`, {
        method: "POST",
        headers: { "content-type": file.type || "application/octet-stream" },
        body: file,
      });
      const json = (await res.json()) as { url?: string; message?: string };
      if (!res.ok || !json.url) throw new Error(json.message);
      form.setValue("imageUrl", json.url, { shouldDirty: true });
      toast({ title: t("products:form.imageUploaded"), variant: "success" });
    } catch (e) {
      toast({ variant: "destructive", title: t("products:form.imageError"), description: (e as Error).message });
    } finally {
      setUploading(false);
    }
  };

  const w = useWatch({ control: form.control });
  const errors = form.formState.errors;
  const err = (name: FieldPath<FormValues>) => {
    const parts = name.split(".");
    let node: unknown = errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return tMessage((node as { message?: string } | undefined)?.message);
  };
  const text = (name: FieldPath<FormValues>, opts: { type?: string; required?: boolean; disabled?: boolean; hint?: string; inputMode?: "decimal" | "numeric" } = {}) => (
    <Field label={t(`products:fields.${name}`)} htmlFor={`p-${name}`} error={err(name)} required={opts.required} hint={opts.hint}>
      <Input id={`p-${name}`} type={opts.type ?? "text"} inputMode={opts.inputMode} disabled={opts.disabled || readOnly} {...form.register(name)} aria-invalid={!!err(name)} />
    </Field>
  );
  const toggle = (name: FieldPath<FormValues>, onChange?: (v: boolean) => void) => (
    <div className="flex items-center justify-between gap-3 rounded-md border p-3">
      <label htmlFor={`p-${name}`} className="text-sm font-medium">
        {t(`products:fields.${name}`)}
      </label>
      <Switch
        id={`p-${name}`}
        disabled={readOnly}
        checked={!!form.watch(name)}
        onCheckedChange={(v) => {
          form.setValue(name, v as never, { shouldDirty: true });
          onChange?.(v);
        }}
      />
    </div>
  );

  const subcategories = useQuery({
    ...trpc.productSubCategory.getAll.queryOptions({ categoryId: w.categoryId && w.categoryId !== "none" ? w.categoryId : "" }),
    enabled: !!w.categoryId && w.categoryId !== "none",
  });
  const isService = w.productType === "service" || w.isScheduleable;

  if (productId && existing.isLoading) return <Skeleton className="h-96 w-full" />;
  const saving = create.isPending || update.isPending;

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate("/home/products")} aria-label={t("products:form.back")}>
          <ArrowLeft />
        </Button>
        <h1 className="min-w-0 flex-1 text-2xl font-bold">{productId ? (existing.data?.name ?? "") : t("products:form.newTitle")}</h1>
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("products:sections.general")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{text("name", { required: true })}</div>
            <Field label={t("products:fields.productType")} htmlFor="p-productType">
              <NativeSelect id="p-productType" disabled={readOnly} {...form.register("productType")}>
                {PRODUCT_TYPES.map((v) => (
                  <option key={v} value={v}>
                    {t(`products:types.${v}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t("products:fields.unitOfMeasure")} htmlFor="p-unitOfMeasure">
              <NativeSelect id="p-unitOfMeasure" disabled={readOnly} {...form.register("unitOfMeasure")}>
                {PRODUCT_UNITS.map((v) => (
                  <option key={v} value={v}>
                    {t(`products:units.${v}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {text("sku", { required: true })}
            {text("barcode")}
            <div className="sm:col-span-2">{text("description")}</div>
            <div className="sm:col-span-2">{text("keywords", { hint: t("products:form.keywordsHint") })}</div>
            {toggle("availableForPos")}
            {toggle("eligibleForRewards")}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("products:sections.image")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {w.imageUrl ? (
              <img src={w.imageUrl} alt={w.name ?? ""} className="aspect-square w-full rounded-md border object-cover" />
            ) : (
              <div className="flex aspect-square w-full items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">{t("products:form.noImage")}</div>
            )}
            {!readOnly ? (
              <label className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-[var(--radius-button)] border px-3 py-2 text-sm font-medium hover:bg-accent">
                <ImageUp className="size-4" />
                {uploading ? t("common:loading") : t("products:form.uploadImage")}
                <input type="file" accept={IMAGE_EXTENSIONS.join(",")} className="sr-only" onChange={(e) => e.target.files?.[0] && void uploadImage(e.target.files[0])} />
              </label>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("products:sections.classification")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <Field label={t("products:fields.category")} htmlFor="p-categoryId">
                  <NativeSelect
                    id="p-categoryId"
                    disabled={readOnly}
                    {...form.register("categoryId", { onChange: () => form.setValue("subCategoryId", "none") })}
                  >
                    <option value="none">{t("products:form.none")}</option>
                    {(categories.data ?? []).map((c: { id: string; name: string }) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
              </div>
              <QuickCreate permission="product_categories.create" onClick={() => setSheet("category")} label={t("products:form.newCategory")} />
            </div>
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <Field label={t("products:fields.subCategory")} htmlFor="p-subCategoryId" error={err("subCategoryId")}>
                  <NativeSelect id="p-subCategoryId" disabled={readOnly || !w.categoryId || w.categoryId === "none"} {...form.register("subCategoryId")}>
                    <option value="none">{t("products:form.none")}</option>
                    {(subcategories.data ?? []).map((s: { id: string; name: string }) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
              </div>
              {w.categoryId && w.categoryId !== "none" ? (
                <QuickCreate permission="product_categories.create" onClick={() => setSheet("subcategory")} label={t("products:form.newSubcategory")} />
              ) : null}
            </div>
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <Field label={t("products:fields.provider")} htmlFor="p-providerId">
                  {/* The picker sheet searches every supplier (the select offered only the first 100). */}
                  <div className="flex gap-1">
                    <Button id="p-providerId" type="button" variant="outline" className="flex-1 justify-start" disabled={readOnly} onClick={() => setSheet("pickProvider")} data-testid="product-provider">
                      <Truck />
                      <span className={providerId && providerId !== "none" ? "truncate" : "truncate text-muted-foreground"}>{providerId && providerId !== "none" ? (providerName ?? "…") : t("products:form.chooseProvider")}</span>
                    </Button>
                    {providerId && providerId !== "none" && !readOnly ? (
                      <Button type="button" variant="ghost" size="icon" aria-label={t("products:form.clearProvider")} onClick={() => form.setValue("providerId", "none", { shouldDirty: true })}>
                        <X />
                      </Button>
                    ) : null}
                  </div>
                </Field>
              </div>
              <QuickCreate permission="providers.create" onClick={() => setSheet("provider")} label={t("products:form.newProvider")} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("products:sections.prices")}</CardTitle>
            <CardDescription>{t("products:form.pricesHint")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            <div className="sm:col-span-3">
              {toggle("variablePrice", (on) => {
                if (on) for (const k of ["price", "price2", "price3"] as const) form.setValue(k, "");
              })}
            </div>
            {text("price", { required: !w.variablePrice, disabled: !!w.variablePrice, inputMode: "decimal" })}
            {text("price2", { required: !w.variablePrice, disabled: !!w.variablePrice, inputMode: "decimal" })}
            {text("price3", { required: !w.variablePrice, disabled: !!w.variablePrice, inputMode: "decimal" })}
            {text("costPrice", { inputMode: "decimal" })}
            {text("costPerUnitQuantity", { inputMode: "decimal", hint: t("products:form.costPerUnitHint") })}
            <Field label={t("products:fields.costPerUnitId")} htmlFor="p-costPerUnitId">
              <NativeSelect id="p-costPerUnitId" disabled={readOnly} {...form.register("costPerUnitId")}>
                <option value="none">{t("products:form.none")}</option>
                {(units.data ?? []).map((u: { id: string; name: string; symbol: string }) => (
                  <option key={u.id} value={u.id}>
                    {u.name} ({u.symbol})
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("products:sections.taxes")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {toggle("isTaxable")}
            {toggle("priceIncludesTax")}
            {w.isTaxable ? text("taxPercent", { inputMode: "decimal", hint: t("products:form.taxHint") }) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("products:sections.commission")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{toggle("paysCommission")}</div>
            {w.paysCommission ? (
              <>
                <Field label={t("products:fields.commissionType")} htmlFor="p-commissionType">
                  <NativeSelect id="p-commissionType" disabled={readOnly} {...form.register("commissionType")}>
                    {COMMISSION_TYPES.map((v) => (
                      <option key={v} value={v}>
                        {t(`products:commissionTypes.${v}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                {text("commissionValue", { inputMode: "decimal" })}
              </>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <StockSection control={form.control} warehouses={warehouses.data ?? []} isNew={!productId} readOnly={readOnly} register={form.register} />

      <div className="grid gap-4 lg:grid-cols-2">
        <AlternativeCodes control={form.control} register={form.register} providers={providerList.data?.data ?? []} readOnly={readOnly} />
        <MaxDiscounts control={form.control} register={form.register} methods={methods.data ?? []} readOnly={readOnly} errorOf={err} />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("products:sections.restaurant")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {toggle("isRecipeItem")}
            {toggle("hasRecipe")}
            {w.hasRecipe ? text("recipeYieldQuantity", { inputMode: "decimal" }) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("products:sections.service")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{toggle("isScheduleable")}</div>
            {isService ? (
              <>
                {text("defaultDuration", { type: "number", hint: t("products:form.placeholderMinutes", { n: 60 }) })}
                {text("bufferTime", { type: "number", hint: t("products:form.placeholderMinutes", { n: 15 }) })}
                {text("maxAdvanceBookingDays", { type: "number", hint: t("products:form.placeholderDays", { n: 90 }) })}
                {text("minAdvanceBookingHours", { type: "number", hint: t("products:form.placeholderHours", { n: 24 }) })}
              </>
            ) : null}
            {toggle("requiresOTP")}
            {w.requiresOTP ? text("otpExpiration", { type: "number", hint: t("products:form.otpHint") }) : null}
          </CardContent>
        </Card>
      </div>

      {productId && w.hasRecipe ? <RecipeManagerCard productId={productId} /> : null}
      {!productId && w.hasRecipe ? <p className="text-sm text-muted-foreground">{t("products:form.recipeAfterSave")}</p> : null}

      {!readOnly ? (
        <FormActionBar>
          <Button type="submit" disabled={saving || uploading} data-testid="save-product">
            <Save />
            {saving ? t("common:saving") : t("common:actions.save")}
          </Button>
        </FormActionBar>
      ) : null}

      <CategoryQuickCreateSheet
        open={sheet === "category"}
        onOpenChange={(open: boolean) => !open && setSheet(null)}
        onCreated={(row: { id: string }) => {
          void categories.refetch().then(() => form.setValue("categoryId", row.id));
          setSheet(null);
        }}
      />
      {w.categoryId && w.categoryId !== "none" ? (
        <SubcategoryQuickCreateSheet
          open={sheet === "subcategory"}
          categoryId={w.categoryId}
          onOpenChange={(open: boolean) => !open && setSheet(null)}
          onCreated={(row: { id: string }) => {
            void subcategories.refetch().then(() => form.setValue("subCategoryId", row.id));
            setSheet(null);
          }}
        />
      ) : null}
      <ProviderPickerSheet
        open={sheet === "pickProvider"}
        onOpenChange={(open: boolean) => !open && setSheet(null)}
        selectedId={providerId && providerId !== "none" ? providerId : null}
        onSelect={(p) => form.setValue("providerId", p.id, { shouldDirty: true })}
      />
      <ProviderQuickCreateSheet
        open={sheet === "provider"}
        onOpenChange={(open: boolean) => !open && setSheet(null)}
        onCreated={(row: { id: string }) => {
          void providerList.refetch().then(() => form.setValue("providerId", row.id));
          setSheet(null);
        }}
      />
    </form>
  );
}

function QuickCreate({ permission, onClick, label }: { permission: string; onClick: () => void; label: string }) {
  const { can } = usePermissions();
  if (!can(permission)) return null;
  return (
    <Button variant="outline" size="icon" onClick={onClick} aria-label={label} title={label}>
      <Plus />
    </Button>
  );
}

type Register = ReturnType<typeof useForm<FormValues>>["register"];

function StockSection({ control, warehouses, isNew, readOnly, register }: { control: Control<FormValues>; warehouses: { id: string; name: string }[]; isNew: boolean; readOnly: boolean; register: Register }) {
  const { t } = useTranslation();
  const { fields, append } = useFieldArray({ control, name: "warehouseQuantities" });
  // Every warehouse gets a row; those left at zero are not sent.
  React.useEffect(() => {
    for (const w of warehouses) {
      if (!fields.some((f) => f.warehouseId === w.id)) append({ warehouseId: w.id, initialQuantity: "0", minStock: "", maxStock: "" }, { shouldFocus: false });
    }
  }, [warehouses, fields.length]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("products:sections.inventory")}</CardTitle>
        <CardDescription>{isNew ? t("products:form.stockHintNew") : t("products:form.stockHintEdit")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Table stack aria-label={t("products:sections.inventory")}>
          <THead>
            <TR>
              <TH>{t("products:fields.warehouse")}</TH>
              <TH>{isNew ? t("products:fields.initialQuantity") : t("products:fields.currentQuantity")}</TH>
              <TH>{t("products:fields.minStock")}</TH>
              <TH>{t("products:fields.maxStock")}</TH>
            </TR>
          </THead>
          <TBody>
            {fields.map((f, i) => {
              const name = warehouses.find((w) => w.id === f.warehouseId)?.name ?? "";
              return (
                <TR key={f.id} data-testid="stock-row">
                  <TD className="font-medium" stack="primary">
                    {name}
                  </TD>
                  <TD label={isNew ? t("products:fields.initialQuantity") : t("products:fields.currentQuantity")}>
                    {isNew || !f.currentQuantity ? (
                      <Input inputMode="decimal" aria-label={t("products:form.initialIn", { warehouse: name })} disabled={readOnly} {...register(`warehouseQuantities.${i}.initialQuantity`)} />
                    ) : (
                      <span className="tabular-nums">{formatQuantity(f.currentQuantity)}</span>
                    )}
                  </TD>
                  <TD label={t("products:fields.minStock")}>
                    <Input inputMode="decimal" aria-label={t("products:form.minIn", { warehouse: name })} disabled={readOnly} {...register(`warehouseQuantities.${i}.minStock`)} />
                  </TD>
                  <TD label={t("products:fields.maxStock")}>
                    <Input inputMode="decimal" aria-label={t("products:form.maxIn", { warehouse: name })} disabled={readOnly} {...register(`warehouseQuantities.${i}.maxStock`)} />
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function AlternativeCodes({ control, register, providers, readOnly }: { control: Control<FormValues>; register: Register; providers: { id: string; name: string }[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: "alternativeCodes" });
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between">
        <CardTitle>{t("products:sections.alternativeCodes")}</CardTitle>
        {!readOnly ? (
          <Button variant="outline" size="sm" onClick={() => append({ providerId: "none", barcode: "", sku: "", description: "" })}>
            <Plus />
            {t("products:form.addCode")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {fields.length === 0 ? <p className="text-sm text-muted-foreground">{t("products:form.noAlternativeCodes")}</p> : null}
        {fields.map((f, i) => (
          <div key={f.id} className="grid grid-cols-2 gap-2 rounded-md border p-3 sm:grid-cols-4" data-testid="alt-code-row">
            <NativeSelect aria-label={t("products:fields.provider")} disabled={readOnly} {...register(`alternativeCodes.${i}.providerId`)}>
              <option value="none">{t("products:form.none")}</option>
              {providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
            <Input placeholder={t("products:fields.barcode")} aria-label={t("products:fields.barcode")} disabled={readOnly} {...register(`alternativeCodes.${i}.barcode`)} />
            <Input placeholder={t("products:fields.sku")} aria-label={t("products:fields.sku")} disabled={readOnly} {...register(`alternativeCodes.${i}.sku`)} />
            <div className="flex gap-2">
              <Input placeholder={t("products:fields.description")} aria-label={t("products:fields.description")} disabled={readOnly} {...register(`alternativeCodes.${i}.description`)} />
              {!readOnly ? (
                <Button variant="ghost" size="icon" onClick={() => remove(i)} aria-label={t("products:form.remove")}>
                  <Trash2 />
                </Button>
              ) : null}
            </div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function MaxDiscounts({
  control,
  register,
  methods,
  readOnly,
  errorOf,
}: { control: Control<FormValues>; register: Register; methods: { id: string; name: string }[]; readOnly: boolean; errorOf: (name: FieldPath<FormValues>) => string | undefined }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: "maxDiscounts" });
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between">
        <CardTitle>{t("products:sections.maxDiscounts")}</CardTitle>
        {!readOnly && methods.length > 0 ? (
          <Button variant="outline" size="sm" onClick={() => append({ paymentMethodId: methods[0]!.id, isFullPayment: false, maxDiscountPercent: "" })} data-testid="add-discount">
            <Plus />
            {t("products:form.addDiscount")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {fields.length === 0 ? <p className="text-sm text-muted-foreground">{t("products:form.noDiscounts")}</p> : null}
        {fields.map((f, i) => (
          <div key={f.id} className="grid grid-cols-2 items-start gap-2 rounded-md border p-3 sm:grid-cols-4" data-testid="discount-row">
            <NativeSelect aria-label={t("products:fields.paymentMethod")} disabled={readOnly} {...register(`maxDiscounts.${i}.paymentMethodId`)}>
              {methods.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </NativeSelect>
            <label className="flex h-10 items-center gap-2 text-sm">
              <input type="checkbox" disabled={readOnly} {...register(`maxDiscounts.${i}.isFullPayment`)} />
              {t("products:fields.isFullPayment")}
            </label>
            <div>
              <Input inputMode="decimal" placeholder="%" aria-label={t("products:fields.maxDiscountPercent")} disabled={readOnly} {...register(`maxDiscounts.${i}.maxDiscountPercent`)} />
              {errorOf(`maxDiscounts.${i}.maxDiscountPercent` as FieldPath<FormValues>) ? (
                <p className="text-xs text-destructive">{errorOf(`maxDiscounts.${i}.maxDiscountPercent` as FieldPath<FormValues>)}</p>
              ) : null}
            </div>
            {!readOnly ? (
              <Button variant="ghost" size="icon" onClick={() => remove(i)} aria-label={t("products:form.remove")}>
                <Trash2 />
              </Button>
            ) : null}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
