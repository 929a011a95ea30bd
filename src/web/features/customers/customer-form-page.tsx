import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { type FieldPath, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { z } from "zod";
import { customerCreateInput, customerEditFormInput } from "../../../shared/customers/customer";
import { handleApiError } from "../../app/providers";
import { errorCode, fieldErrors, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { RequirePermission } from "../shell/guards";
import { CustomerNotFound, useGoBack } from "./customer-common";
import { CheckboxField, FiscalHint, SelectField, SwitchField, TextAreaField, TextField } from "./customer-fields";
import { type Customer, displayTaxId } from "./customer-format";

type FormValues = z.input<typeof customerCreateInput>;
type FormOutput = z.output<typeof customerCreateInput>;
const P = "customer";

/** /home/customers/new and /home/customers/:id/edit: the customer form (spec 01 §5 'Customer form'). */
export function CustomerFormPage() {
  const { id } = useParams();
  return (
    <RequirePermission permission={id ? "customers.update" : "customers.create"}>
      {id ? <EditCustomer id={id} /> : <CustomerForm customer={null} />}
    </RequirePermission>
  );
}

function EditCustomer({ id }: { id: string }) {
  const trpc = useTRPC();
  const customer = useQuery({ ...trpc.customer.getById.queryOptions({ id }), meta: { silent: true } });
  if (customer.isLoading) return <FormSkeleton />;
  if (!customer.data) return <CustomerNotFound />;
  return <CustomerForm key={customer.data.id} customer={customer.data} />;
}

export function FormSkeleton() {
  return (
    <div className="grid gap-4" data-testid="form-skeleton">
      <Skeleton className="h-9 w-64" />
      <div className="grid gap-4 lg:grid-cols-2">
        {Array.from({ length: 2 }, (_, i) => (
          <Skeleton key={i} className="h-72 w-full" />
        ))}
      </div>
    </div>
  );
}

function valuesOf(c: Customer | null): FormValues {
  return {
    name: c?.name ?? "",
    code: c?.code ?? "",
    tax_id: displayTaxId(c?.taxId),
    tax_id_override: c?.taxIdOverride ?? false,
    phone: c?.phone ?? "",
    email: c?.email ?? "",
    address: c?.address ?? "",
    is_default: c?.isDefault ?? false,
    eligible_for_rewards: c?.eligibleForRewards ?? true,
    customer_type_id: c?.customerTypeId ?? "",
    credit_limit: c?.creditLimit ?? "",
  };
}

function CustomerForm({ customer }: { customer: Customer | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const goBack = useGoBack();
  const editing = customer !== null;
  const form = useForm<FormValues, unknown, FormOutput>({ resolver: zodResolver(editing ? customerEditFormInput : customerCreateInput), defaultValues: valuesOf(customer) });
  const types = useQuery(trpc.customerType.getActive.queryOptions());
  const [taxId, override] = useWatch({ control: form.control, name: ["tax_id", "tax_id_override"] });

  const onSaved = async (saved: Customer, message: string) => {
    await qc.invalidateQueries(trpc.customer.pathFilter());
    toast({ variant: "success", title: message, description: saved.name });
    goBack();
  };
  const onError = (error: { message: string }) => {
    const fields = fieldErrors(error);
    for (const [field, message] of Object.entries(fields)) form.setError(field as FieldPath<FormValues>, { message });
    if (errorCode(error) === "CONFLICT") form.setError("code", { message: error.message });
    if (errorCode(error) === "UNAUTHORIZED") return handleApiError(error, { silent: true });
    toast({ variant: "destructive", title: t("customers:toast.saveError"), description: Object.keys(fields).length > 0 ? t("customers:toast.checkFields") : error.message });
  };
  const create = useMutation(trpc.customer.create.mutationOptions({ meta: { silent: true }, onSuccess: (c) => onSaved(c, t("customers:toast.created")), onError }));
  const update = useMutation(trpc.customer.update.mutationOptions({ meta: { silent: true }, onSuccess: (c) => onSaved(c, t("customers:toast.updated")), onError }));
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    if (customer) {
      // No type chosen clears it; every other field is sent as the form shows it.
      update.mutate({ ...values, id: customer.id, tax_id_override: values.tax_id_override ?? false, customer_type_id: values.customer_type_id ?? null });
    } else {
      // The code is generated by the server on create.
      const { code: _code, ...rest } = values;
      create.mutate({ ...rest, tax_id_override: values.tax_id_override ?? false });
    }
  });
  const alreadyDefault = customer?.isDefault === true;

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="customer-form">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="icon" onClick={goBack} aria-label={t("customers:actions.back")} title={t("customers:actions.back")}>
          <ArrowLeft />
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">{editing ? t("customers:edit") : t("customers:new")}</h1>
          <p className="text-sm text-muted-foreground">{editing ? customer.name : t("customers:hints.required")}</p>
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("customers:sections.general")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
              {editing ? (
                <TextField form={form} prefix={P} name="code" label={t("customers:fields.code")} required />
              ) : (
                <Field label={t("customers:fields.code")} htmlFor={`${P}-code`}>
                  <Input id={`${P}-code`} value={t("customers:hints.autoCode")} readOnly disabled className="italic" />
                </Field>
              )}
              <TextField form={form} prefix={P} name="name" label={t("customers:fields.name")} required autoFocus={!editing} />
            </div>
            <div className="grid gap-2">
              <TextField form={form} prefix={P} name="tax_id" label={t("customers:fields.taxId")} hint={t("customers:hints.taxId")} inputMode="numeric" />
              <CheckboxField form={form} prefix={P} name="tax_id_override" label={t("customers:fields.taxIdOverride")} />
              <FiscalHint taxId={taxId ?? ""} override={override === true} />
            </div>
            <SelectField
              form={form}
              prefix={P}
              name="customer_type_id"
              label={t("customers:fields.customerType")}
              none={t("customers:hints.noType")}
              options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
            <SwitchField
              form={form}
              prefix={P}
              name="is_default"
              label={t("customers:fields.isDefault")}
              hint={alreadyDefault ? t("customers:hints.alreadyDefault") : t("customers:hints.isDefault")}
              disabled={alreadyDefault}
            />
            <SwitchField form={form} prefix={P} name="eligible_for_rewards" label={t("customers:fields.eligibleForRewards")} hint={t("customers:hints.rewards")} />
            <TextField form={form} prefix={P} name="credit_limit" label={t("customers:fields.creditLimit")} hint={t("customers:hints.creditLimit")} inputMode="decimal" placeholder="0.00" className="text-right tabular-nums" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("customers:sections.contact")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField form={form} prefix={P} name="phone" label={t("customers:fields.phone")} type="tel" />
            <TextField form={form} prefix={P} name="email" label={t("customers:fields.email")} type="email" />
            <TextAreaField form={form} prefix={P} name="address" label={t("customers:fields.address")} />
          </CardContent>
        </Card>
      </div>

      <FormActions pending={pending} onCancel={goBack} testId="save-customer" />
    </form>
  );
}
