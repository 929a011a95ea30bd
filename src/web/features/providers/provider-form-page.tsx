import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import type * as React from "react";
import { type FieldPath, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { z } from "zod";
import { providerFormInput } from "../../../shared/catalog/provider";
import { errorCode, fieldErrors, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { RequirePermission } from "../shell/guards";
import { ProviderNotFound, useGoBack } from "./provider-common";
import { displayTaxId, type Provider } from "./provider-format";
import { Textarea } from "./provider-sheets";

type FormValues = z.input<typeof providerFormInput>;
type FormOutput = z.output<typeof providerFormInput>;
type FieldName = FieldPath<FormValues>;

/** /home/providers/new and /home/providers/:id/edit: the full provider form (spec 03 §3). */
export function ProviderFormPage() {
  const { id } = useParams();
  return (
    <RequirePermission permission={id ? "providers.update" : "providers.create"}>
      {id ? <EditProvider id={id} /> : <ProviderForm provider={null} />}
    </RequirePermission>
  );
}

function EditProvider({ id }: { id: string }) {
  const trpc = useTRPC();
  const provider = useQuery({ ...trpc.provider.getById.queryOptions({ id }), meta: { silent: true } });
  if (provider.isLoading) return <FormSkeleton />;
  if (!provider.data) return <ProviderNotFound />;
  return <ProviderForm key={provider.data.id} provider={provider.data} />;
}

function FormSkeleton() {
  return (
    <div className="grid gap-4">
      <Skeleton className="h-9 w-64" />
      <div className="grid gap-4 lg:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-64 w-full" />
        ))}
      </div>
    </div>
  );
}

/** A new provider's form, or a provider's; a new one starts in the Dominican Republic (a value, not a placeholder). */
function valuesOf(p: Provider | null, defaultCountry: string): FormValues {
  const text = (v: string | null | undefined) => v ?? "";
  return {
    code: text(p?.code),
    name: text(p?.name),
    companyName: text(p?.companyName),
    taxId: displayTaxId(p?.taxId),
    email: text(p?.email),
    phone: text(p?.phone),
    mobile: text(p?.mobile),
    website: text(p?.website),
    address: text(p?.address),
    city: text(p?.city),
    state: text(p?.state),
    country: p ? text(p.country) : defaultCountry,
    postalCode: text(p?.postalCode),
    contactPerson: text(p?.contactPerson),
    contactPosition: text(p?.contactPosition),
    paymentTerms: p?.paymentTerms === null || p?.paymentTerms === undefined ? "" : String(p.paymentTerms),
    creditLimit: text(p?.creditLimit),
    discountPercent: text(p?.discountPercent),
    description: text(p?.description),
    notes: text(p?.notes),
    isActive: p?.isActive ?? true,
  };
}

function ProviderForm({ provider }: { provider: Provider | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const goBack = useGoBack();
  const form = useForm<FormValues, unknown, FormOutput>({ resolver: zodResolver(providerFormInput), defaultValues: valuesOf(provider, t("providers:placeholders.country")) });

  const onSaved = async (saved: Provider, message: string) => {
    await qc.invalidateQueries(trpc.provider.pathFilter());
    toast({ title: message, description: saved.name, variant: "success" });
    goBack();
  };
  const onError = (error: { message: string }) => {
    const fields = fieldErrors(error);
    for (const [field, message] of Object.entries(fields)) form.setError(field as FieldName, { message });
    if (errorCode(error) === "CONFLICT") form.setError("code", { message: error.message });
    if (errorCode(error) === "UNAUTHORIZED") return;
    // Our one toast replaces the app's generic one (meta.silent): 'There was an error saving the provider'.
    const description = Object.keys(fields).length > 0 ? t("providers:toast.checkFields") : error.message;
    toast({ variant: "destructive", title: t("providers:toast.saveError"), description: description || undefined });
  };
  const create = useMutation(
    trpc.provider.create.mutationOptions({ meta: { silent: true }, onSuccess: (p) => onSaved(p, t("providers:toast.created")), onError }),
  );
  const update = useMutation(
    trpc.provider.update.mutationOptions({ meta: { silent: true }, onSuccess: (p) => onSaved(p, t("providers:toast.updated")), onError }),
  );
  const pending = create.isPending || update.isPending;
  const onSubmit = form.handleSubmit((values) => {
    if (provider) update.mutate({ ...values, id: provider.id });
    else create.mutate(values);
  });

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="provider-form">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="icon" onClick={goBack} aria-label={t("providers:actions.back")} title={t("providers:actions.back")}>
          <ArrowLeft />
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">{provider ? t("providers:edit") : t("providers:new")}</h1>
          <p className="text-sm text-muted-foreground">{provider ? provider.name : t("providers:hints.required")}</p>
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("providers:sections.general")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
              <TextField form={form} name="code" label={t("providers:fields.code")} required hint={t("providers:hints.code")} autoFocus={!provider} />
              <TextField form={form} name="name" label={t("providers:fields.name")} required />
            </div>
            <TextField form={form} name="companyName" label={t("providers:fields.companyName")} />
            <TextField form={form} name="taxId" label={t("providers:fields.taxId")} required hint={t("providers:hints.taxId")} inputMode="numeric" />
            <div className="flex items-center justify-between gap-3 rounded-md border p-3">
              <label htmlFor="provider-isActive" className="grid gap-1 text-sm">
                <span className="font-medium">{t("providers:fields.isActive")}</span>
                <span className="text-muted-foreground">{t("providers:hints.isActive")}</span>
              </label>
              <Switch id="provider-isActive" checked={form.watch("isActive") ?? true} onCheckedChange={(v) => form.setValue("isActive", v, { shouldDirty: true })} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("providers:sections.contact")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} name="contactPerson" label={t("providers:fields.contactPerson")} />
              <TextField form={form} name="contactPosition" label={t("providers:fields.contactPosition")} />
              <TextField form={form} name="phone" label={t("providers:fields.phone")} type="tel" />
              <TextField form={form} name="mobile" label={t("providers:fields.mobile")} type="tel" />
            </div>
            <TextField form={form} name="email" label={t("providers:fields.email")} type="email" />
            <TextField form={form} name="website" label={t("providers:fields.website")} hint={t("providers:hints.website")} inputMode="url" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("providers:sections.address")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField form={form} name="address" label={t("providers:fields.address")} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} name="city" label={t("providers:fields.city")} />
              <TextField form={form} name="state" label={t("providers:fields.state")} />
              <TextField form={form} name="country" label={t("providers:fields.country")} placeholder={t("providers:placeholders.country")} />
              <TextField form={form} name="postalCode" label={t("providers:fields.postalCode")} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("providers:sections.terms")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="paymentTerms" label={t("providers:fields.paymentTerms")} hint={t("providers:hints.paymentTerms")} type="number" min={0} step={1} className="text-right tabular-nums" />
            <TextField form={form} name="creditLimit" label={t("providers:fields.creditLimit")} inputMode="decimal" placeholder={t("providers:placeholders.amount")} className="text-right tabular-nums" />
            <TextField form={form} name="discountPercent" label={t("providers:fields.discountPercent")} inputMode="decimal" placeholder={t("providers:placeholders.amount")} className="text-right tabular-nums" />
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("providers:sections.notes")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <TextAreaField form={form} name="description" label={t("providers:fields.description")} />
            <TextAreaField form={form} name="notes" label={t("providers:fields.notes")} />
          </CardContent>
        </Card>
      </div>

      <FormActions pending={pending} onCancel={goBack} testId="save-provider" />
    </form>
  );
}

type FieldProps = { form: UseFormReturn<FormValues, unknown, FormOutput>; name: Exclude<FieldName, "isActive">; label: string; required?: boolean; hint?: string };

function TextField({ form, name, label, required, hint, ...input }: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "form">) {
  const error = form.formState.errors[name]?.message;
  const id = `provider-${name}`;
  return (
    <Field label={label} htmlFor={id} error={tMessage(error)} required={required} hint={hint}>
      <Input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} autoComplete="off" {...input} {...form.register(name)} />
    </Field>
  );
}

function TextAreaField({ form, name, label }: FieldProps) {
  const error = form.formState.errors[name]?.message;
  const id = `provider-${name}`;
  return (
    <Field label={label} htmlFor={id} error={tMessage(error)}>
      <Textarea id={id} rows={3} aria-invalid={!!error} {...form.register(name)} />
    </Field>
  );
}
