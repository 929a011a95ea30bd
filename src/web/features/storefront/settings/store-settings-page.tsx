import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Star, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import type { StoreSettings, UpdateStoreSettingsInput } from "../../../../shared/storefront/content";
import { useTRPC } from "../../../app/trpc";
import { ListHeader } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";

type Form = Omit<UpdateStoreSettingsInput, "testimonials" | "delivery_fee"> & {
  delivery_fee: string;
  testimonials: { id: string; name: string; rating: number; text: string }[];
};

function formOf(s: StoreSettings): Form {
  return {
    store_name: s.store_name,
    description: s.description ?? "",
    email: s.email ?? "",
    phone: s.phone ?? "",
    address: s.address ?? "",
    notify_email: s.notify_email ?? "",
    primary_color: s.primary_color ?? "",
    testimonials: s.testimonials,
    allow_delivery: s.allow_delivery,
    allow_pickup: s.allow_pickup,
    delivery_fee: s.delivery_fee,
    warehouse_id: s.warehouse_id,
  };
}

/** /home/storefront/settings: the store's public data, delivery, the online orders' warehouse and the testimonials. */
export function StoreSettingsPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const settings = useQuery(trpc.ecommerce.getStoreSettings.queryOptions());
  if (settings.isLoading || !settings.data) return <Skeleton className="h-96 w-full" />;
  return <SettingsForm settings={settings.data} key={settings.data.id} t={t} />;
}

function SettingsForm({ settings, t }: { settings: StoreSettings; t: (k: string, v?: Record<string, unknown>) => string }) {
  const { i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const canEdit = can("storefront.update");
  const [form, setForm] = React.useState<Form>(() => formOf(settings));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const save = useMutation(
    trpc.ecommerce.updateStoreSettings.mutationOptions({
      onSuccess: (data) => {
        qc.setQueryData(trpc.ecommerce.getStoreSettings.queryKey(), data);
        setForm(formOf(data));
        setErrors({});
        toast({ variant: "success", title: t("storefrontContent:settings.saved") });
      },
      onError: (err) => {
        setErrors((err.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {});
        toast({ variant: "destructive", title: t("storefrontContent:settings.saveFailed"), description: err.message });
      },
    }),
  );
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setTestimonial = (i: number, patch: Partial<Form["testimonials"][number]>) => set("testimonials", form.testimonials.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  const text = (key: "store_name" | "email" | "phone" | "address" | "notify_email", type = "text", hint?: string) => {
    const labelKey = { store_name: "storeName", email: "email", phone: "phone", address: "address", notify_email: "notifyEmail" }[key];
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={`store-${key}`}>
          {t(`storefrontContent:settings.fields.${labelKey}`)}
          {key === "store_name" ? <span aria-hidden> *</span> : null}
        </Label>
        <Input
          id={`store-${key}`}
          type={type}
          value={(form[key] as string | null) ?? ""}
          onChange={(e) => set(key, e.target.value)}
          disabled={!canEdit}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] || hint ? `store-${key}-note` : undefined}
          required={key === "store_name"}
        />
        {errors[key] || hint ? (
          <p id={`store-${key}-note`} className={errors[key] ? "text-sm text-destructive" : "text-xs text-muted-foreground"}>
            {errors[key] ?? hint}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(form);
      }}
      data-testid="store-settings"
    >
      <ListHeader title={t("storefrontContent:settings.title")} subtitle={t("storefrontContent:settings.description")}>
        <div className="flex flex-col items-end gap-1">
          <Badge variant={settings.is_published ? "success" : "secondary"} data-testid="store-published">
            {settings.is_published ? t("storefrontContent:settings.published") : t("storefrontContent:settings.notPublished")}
          </Badge>
          <span className="text-xs text-muted-foreground">
            {settings.is_published && settings.published_at
              ? t("storefrontContent:settings.publishedSince", { date: formatDate(settings.published_at, i18n.language) })
              : t("storefrontContent:settings.publishHint")}
          </span>
        </div>
      </ListHeader>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("storefrontContent:settings.sections.store")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {text("store_name")}
            <div className="grid gap-1.5">
              <Label htmlFor="store-description">{t("storefrontContent:settings.fields.description")}</Label>
              <textarea
                id="store-description"
                rows={3}
                value={form.description ?? ""}
                onChange={(e) => set("description", e.target.value)}
                disabled={!canEdit}
                className="rounded-[var(--radius-input,0.375rem)] border border-input bg-background px-3 py-2 text-sm"
              />
              {errors.description ? <p className="text-sm text-destructive">{errors.description}</p> : null}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              {text("email", "email")}
              {text("phone", "tel")}
            </div>
            {text("address")}
            {text("notify_email", "email", t("storefrontContent:settings.fields.notifyEmailHint"))}
            <div className="grid gap-1.5">
              <Label htmlFor="store-color">{t("storefrontContent:settings.fields.primaryColor")}</Label>
              <div className="flex items-center gap-2">
                <input
                  id="store-color"
                  type="color"
                  value={form.primary_color || "#4f46e5"}
                  onChange={(e) => set("primary_color", e.target.value)}
                  disabled={!canEdit}
                  className="h-10 w-14 cursor-pointer rounded border"
                />
                <Input
                  aria-label={t("storefrontContent:settings.fields.primaryColor")}
                  value={form.primary_color ?? ""}
                  onChange={(e) => set("primary_color", e.target.value)}
                  disabled={!canEdit}
                  className="w-32 font-mono"
                  placeholder="#4f46e5"
                />
              </div>
              {errors.primary_color ? <p className="text-sm text-destructive">{errors.primary_color}</p> : null}
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("storefrontContent:settings.sections.delivery")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <label className="flex items-center gap-3 text-sm">
              <Switch checked={form.allow_delivery} onCheckedChange={(v) => set("allow_delivery", v)} disabled={!canEdit} aria-label={t("storefrontContent:settings.fields.allowDelivery")} />
              {t("storefrontContent:settings.fields.allowDelivery")}
            </label>
            <label className="flex items-center gap-3 text-sm">
              <Switch checked={form.allow_pickup} onCheckedChange={(v) => set("allow_pickup", v)} disabled={!canEdit} aria-label={t("storefrontContent:settings.fields.allowPickup")} />
              {t("storefrontContent:settings.fields.allowPickup")}
            </label>
            <div className="grid gap-1.5">
              <Label htmlFor="store-fee">{t("storefrontContent:settings.fields.deliveryFee")}</Label>
              <Input
                id="store-fee"
                inputMode="decimal"
                value={form.delivery_fee}
                onChange={(e) => set("delivery_fee", e.target.value)}
                disabled={!canEdit || !form.allow_delivery}
                className="w-40 text-right tabular-nums"
                aria-invalid={errors.delivery_fee ? true : undefined}
              />
              {errors.delivery_fee ? <p className="text-sm text-destructive">{errors.delivery_fee}</p> : null}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="store-warehouse">{t("storefrontContent:settings.fields.warehouse")}</Label>
              <NativeSelect id="store-warehouse" value={form.warehouse_id ?? ""} onChange={(e) => set("warehouse_id", e.target.value || null)} disabled={!canEdit}>
                <option value="">{t("storefrontContent:settings.fields.defaultWarehouse")}</option>
                {settings.warehouses.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>{t("storefrontContent:settings.sections.testimonials")}</CardTitle>
          {canEdit ? (
            <Button type="button" variant="outline" onClick={() => set("testimonials", [...form.testimonials, { id: crypto.randomUUID(), name: "", rating: 5, text: "" }])} data-testid="add-testimonial">
              <Plus />
              {t("storefrontContent:settings.testimonial.add")}
            </Button>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-3">
          {form.testimonials.length === 0 ? <p className="text-sm text-muted-foreground">{t("storefrontContent:settings.testimonial.empty")}</p> : null}
          {form.testimonials.map((x, i) => (
            <fieldset key={x.id} className="grid gap-2 rounded-[var(--radius-card)] border p-3 sm:grid-cols-[1fr_auto_auto]" data-testid="testimonial">
              <legend className="sr-only">{x.name || `#${i + 1}`}</legend>
              <div className="grid gap-1.5">
                <Label htmlFor={`t-name-${x.id}`}>{t("storefrontContent:settings.testimonial.name")}</Label>
                <Input id={`t-name-${x.id}`} value={x.name} onChange={(e) => setTestimonial(i, { name: e.target.value })} disabled={!canEdit} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`t-rating-${x.id}`}>{t("storefrontContent:settings.testimonial.rating")}</Label>
                <NativeSelect id={`t-rating-${x.id}`} value={String(x.rating)} onChange={(e) => setTestimonial(i, { rating: Number(e.target.value) })} disabled={!canEdit}>
                  {[5, 4, 3, 2, 1].map((r) => (
                    <option key={r} value={r}>
                      {"★".repeat(r)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="flex items-end">
                {canEdit ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => set("testimonials", form.testimonials.filter((_, j) => j !== i))}
                    aria-label={t("storefrontContent:settings.testimonial.remove", { name: x.name || `#${i + 1}` })}
                  >
                    <Trash2 />
                  </Button>
                ) : (
                  <Star className="size-4 text-muted-foreground" aria-hidden />
                )}
              </div>
              <div className="grid gap-1.5 sm:col-span-3">
                <Label htmlFor={`t-text-${x.id}`}>{t("storefrontContent:settings.testimonial.text")}</Label>
                <textarea
                  id={`t-text-${x.id}`}
                  rows={2}
                  value={x.text}
                  onChange={(e) => setTestimonial(i, { text: e.target.value })}
                  disabled={!canEdit}
                  className="rounded-[var(--radius-input,0.375rem)] border border-input bg-background px-3 py-2 text-sm"
                />
                {errors[`testimonials.${i}.name`] || errors[`testimonials.${i}.text`] ? (
                  <p className="text-sm text-destructive">{errors[`testimonials.${i}.name`] ?? errors[`testimonials.${i}.text`]}</p>
                ) : null}
              </div>
            </fieldset>
          ))}
        </CardContent>
      </Card>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending} data-testid="save-store-settings">
            {save.isPending ? t("storefrontContent:settings.saving") : t("storefrontContent:settings.save")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
