import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Info, Plus, X } from "lucide-react";
import * as React from "react";
import { type FieldErrors, type Resolver, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { type CustomerCreateInput, customerCreateInput, customerEditFormInput } from "../../../shared/customers/customer";
import {
  BILLING_ADDRESS_PAIRS,
  BILLING_TYPES,
  CLIENT_LANGUAGES,
  CLIENT_STATUSES,
  COMMUNICATION_METHODS,
  CONTACT_TIMES,
  DEFAULT_PAYMENT_TERMS,
  DOCUMENT_FORMATS,
  INDUSTRIES,
  JURISDICTIONS,
  LEGAL_FIELDS,
  type LegalData,
  legalDataInput,
  oneLineAddress,
  PAYMENT_METHODS,
  REFERRAL_SOURCES,
  RETAINER_FREQUENCIES,
  RETENTION_POLICIES,
  RISK_LEVELS,
  usesHourlyRate,
  usesRetainer,
} from "../../../shared/customers/legal-client";
import { handleApiError } from "../../app/providers";
import { errorCode, fieldErrors, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { cn } from "../../lib/utils";
import { RequirePermission } from "../shell/guards";
import { CustomerNotFound, useGoBack } from "./customer-common";
import { CheckboxField, FiscalHint, SelectField, SwitchField, TextAreaField, TextField } from "./customer-fields";
import { FormSkeleton } from "./customer-form-page";
import { type Customer, displayTaxId } from "./customer-format";

/**
 * /home/customers/legal/new and /home/customers/:id/legal: the legal-client form (spec 01 §3
 * 'Legal client', §4, §5) in six tabs. Saving is the two-step chain customer.create (or update)
 * then legattiCustomer.create (or update). When the second step fails the created customer's id
 * stays in the form, so saving again repeats only the second step (never a second customer).
 */
export function LegalClientFormPage() {
  const { id } = useParams();
  return (
    <RequirePermission permission={id ? "customers.update" : "customers.create"}>
      {id ? <EditLegalClient id={id} /> : <LegalClientForm customer={null} />}
    </RequirePermission>
  );
}

function EditLegalClient({ id }: { id: string }) {
  const trpc = useTRPC();
  const customer = useQuery({ ...trpc.customer.getById.queryOptions({ id }), meta: { silent: true } });
  if (customer.isLoading) return <FormSkeleton />;
  if (!customer.data) return <CustomerNotFound />;
  return <LegalClientForm key={customer.data.id} customer={customer.data} />;
}

export const LEGAL_TABS = ["basic", "legal", "billing", "compliance", "communication", "notes"] as const;
type Tab = (typeof LEGAL_TABS)[number];

/** Every field of the form as the inputs hold it (text, switches, the tag list). */
type FormValues = {
  name: string;
  code: string;
  tax_id: string;
  tax_id_override: boolean;
  email: string;
  phone: string;
  customer_type_id: string;
  same_as_main: boolean;
  tags: string[];
} & Record<Exclude<(typeof LEGAL_FIELDS)[number], "tags">, string | boolean>;
type FormOutput = { customer: CustomerCreateInput; data: LegalData };

const BOOLEAN_FIELDS = [
  "aml_check_completed",
  "kyc_verified",
  "conflict_check_completed",
  "send_reminders",
  "send_newsletters",
  "send_billing_notifications",
  "portal_access_enabled",
] as const satisfies readonly (keyof LegalData)[];
const BOOLEAN_DEFAULTS: Record<(typeof BOOLEAN_FIELDS)[number], boolean> = {
  aml_check_completed: false,
  kyc_verified: false,
  conflict_check_completed: false,
  send_reminders: true,
  send_newsletters: false,
  send_billing_notifications: true,
  portal_access_enabled: false,
};

/** Which tab shows each field (to open the tab of the first error). */
const TAB_OF: Record<string, Tab> = {
  ...Object.fromEntries(
    ["name", "code", "tax_id", "email", "phone", "customer_type_id", "status", "client_since", "address_line1", "address_line2", "city", "state", "postal_code", "country"].map((f) => [f, "basic"]),
  ),
  ...Object.fromEntries(
    [
      "jurisdiction",
      "industry",
      "industry_sector",
      "company_registration_number",
      "company_registration_date",
      "employee_count",
      "annual_revenue",
      "legal_representative_name",
      "legal_representative_id",
      "legal_representative_position",
    ].map((f) => [f, "legal"]),
  ),
  ...Object.fromEntries(
    ["billing_type", "hourly_rate", "retainer_amount", "retainer_frequency", "payment_terms", "credit_limit", "preferred_payment_method", ...BILLING_ADDRESS_PAIRS.map(([b]) => b)].map((f) => [f, "billing"]),
  ),
  ...Object.fromEntries(["risk_level", "aml_check_completed", "kyc_verified", "conflict_check_completed", "conflict_check_notes", "referral_source", "referral_details"].map((f) => [f, "compliance"])),
  ...Object.fromEntries(
    ["preferred_language", "preferred_communication_method", "preferred_contact_time", "send_reminders", "send_newsletters", "send_billing_notifications", "portal_access_enabled", "portal_username"].map((f) => [
      f,
      "communication",
    ]),
  ),
  ...Object.fromEntries(["document_retention_policy", "preferred_document_format", "notes", "internal_notes", "tags"].map((f) => [f, "notes"])),
};

function valuesOf(c: Customer | null, defaultCountry: string): FormValues {
  const legal = c?.legal ?? null;
  const values: Record<string, unknown> = {
    name: c?.name ?? "",
    code: c?.code ?? "",
    tax_id: displayTaxId(c?.taxId),
    tax_id_override: c?.taxIdOverride ?? false,
    email: c?.email ?? "",
    phone: c?.phone ?? "",
    customer_type_id: c?.customerTypeId ?? "",
  };
  for (const key of LEGAL_FIELDS) {
    if (key === "tags") continue;
    const v = legal?.[key];
    values[key] = (BOOLEAN_FIELDS as readonly string[]).includes(key) ? (v ?? BOOLEAN_DEFAULTS[key as (typeof BOOLEAN_FIELDS)[number]]) : v === null || v === undefined ? "" : String(v);
  }
  values.tags = legal?.tags ?? [];
  values.status = legal?.status ?? "prospect";
  values.payment_terms = String(legal?.payment_terms ?? DEFAULT_PAYMENT_TERMS);
  // A customer without legal data yet: its one-line address becomes the first address line.
  if (!legal && c?.address) values.address_line1 = c.address;
  // A new legal client is in the Dominican Republic unless said otherwise (a value, not a placeholder).
  if (!legal && !values.country) values.country = defaultCountry;
  // 'Same as main address' is on for a new client, and when the stored billing address is empty or equal.
  values.same_as_main = !legal || BILLING_ADDRESS_PAIRS.every(([b, m]) => (legal[b] ?? "") === (legal[m] ?? "") || (legal[b] ?? "") === "");
  return values as FormValues;
}

/** Validates the customer part and the legal part with their shared schemas; the billing address copies the main one when asked. */
function makeResolver(editing: boolean): Resolver<FormValues, unknown, FormOutput> {
  return async (values) => {
    const customerSchema = editing ? customerEditFormInput : customerCreateInput;
    const customer = customerSchema.safeParse({
      name: values.name,
      code: values.code,
      tax_id: values.tax_id,
      tax_id_override: values.tax_id_override,
      email: values.email,
      phone: values.phone,
      customer_type_id: values.customer_type_id,
      address: oneLineAddress(values as Record<string, string>),
    });
    const legalInput: Record<string, unknown> = {};
    for (const key of LEGAL_FIELDS) legalInput[key] = values[key as keyof FormValues];
    if (values.same_as_main) for (const [b, m] of BILLING_ADDRESS_PAIRS) legalInput[b] = values[m];
    const legal = legalDataInput.safeParse(legalInput);
    if (customer.success && legal.success) return { values: { customer: customer.data, data: legal.data }, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of [...(customer.error?.issues ?? []), ...(legal.error?.issues ?? [])]) {
      const key = String(issue.path[0] ?? "root");
      if (!errors[key]) errors[key] = { type: "validation", message: issue.message };
    }
    return { values: {} as Record<string, never>, errors: errors as FieldErrors<FormValues> };
  };
}

function LegalClientForm({ customer }: { customer: Customer | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const editing = customer !== null;
  const [tab, setTab] = React.useState<Tab>("basic");
  const [submitting, setSubmitting] = React.useState(false);
  /** The customer created by the first step of a chain whose second step failed. */
  const [created, setCreated] = React.useState<{ id: string; code: string } | null>(null);
  const createdRef = React.useRef<{ id: string; code: string } | null>(null);
  const form = useForm<FormValues, unknown, FormOutput>({ resolver: makeResolver(editing), defaultValues: valuesOf(customer, t("customers:hints.country")) });
  const types = useQuery(trpc.customerType.getActive.queryOptions());
  const silent = { meta: { silent: true } };
  const createCustomer = useMutation(trpc.customer.create.mutationOptions(silent));
  const updateCustomer = useMutation(trpc.customer.update.mutationOptions(silent));
  const createLegal = useMutation(trpc.legattiCustomer.create.mutationOptions(silent));
  const updateLegal = useMutation(trpc.legattiCustomer.update.mutationOptions(silent));

  const firstStepFailed = (error: unknown) => {
    const fields = fieldErrors(error);
    for (const [field, message] of Object.entries(fields)) form.setError(field as keyof FormValues, { message });
    if (errorCode(error) === "CONFLICT") form.setError("code", { message: (error as Error).message });
    const first = Object.keys(fields)[0] ?? (errorCode(error) === "CONFLICT" ? "code" : undefined);
    if (first && TAB_OF[first]) setTab(TAB_OF[first]!);
    if (errorCode(error) === "UNAUTHORIZED") return handleApiError(error, { silent: true });
    toast({ variant: "destructive", title: t("common:error"), description: (error as Error).message });
  };

  const save = async ({ customer: c, data }: FormOutput) => {
    setSubmitting(true);
    const retrying = createdRef.current !== null;
    // Step 1: the customer (created once; a retry after a failed step 2 skips it).
    let target = customer ? { id: customer.id, code: customer.code } : createdRef.current;
    try {
      if (customer) await updateCustomer.mutateAsync({ ...c, id: customer.id, customer_type_id: c.customer_type_id ?? null, tax_id_override: c.tax_id_override ?? false });
      else if (!target) {
        const saved = await createCustomer.mutateAsync(c);
        target = { id: saved.id, code: saved.code };
        createdRef.current = target;
        setCreated(target);
      }
    } catch (error) {
      firstStepFailed(error);
      setSubmitting(false);
      return;
    }
    // Step 2: the legal data.
    try {
      if (customer) await updateLegal.mutateAsync({ customerId: target!.id, data });
      else {
        try {
          await createLegal.mutateAsync({ customerId: target!.id, data });
        } catch (error) {
          // A retry whose first attempt did store the data (the answer was lost): replace it.
          if (errorCode(error) === "CONFLICT" && retrying) await updateLegal.mutateAsync({ customerId: target!.id, data });
          else throw error;
        }
      }
    } catch (error) {
      setSubmitting(false);
      if (errorCode(error) === "UNAUTHORIZED") return handleApiError(error, { silent: true });
      const message = (error as Error).message;
      toast({ variant: "destructive", title: customer ? t("customers:legalForm.updateError", { message }) : t("customers:legalForm.createError", { message }) });
      return;
    }
    await qc.invalidateQueries(trpc.customer.pathFilter());
    await qc.invalidateQueries(trpc.legattiCustomer.pathFilter());
    toast({ variant: "success", title: customer ? t("customers:toast.legalUpdated") : t("customers:toast.legalCreated"), description: c.name });
    setSubmitting(false);
    void navigate("/home/customers");
  };
  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const first = LEGAL_TABS.find((x) => Object.keys(errors).some((f) => TAB_OF[f] === x));
    if (first) setTab(first);
    toast({ variant: "destructive", title: t("customers:toast.saveError"), description: t("customers:toast.checkFields") });
  };

  const errorTabs = new Set(Object.keys(form.formState.errors).map((f) => TAB_OF[f]));

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(save, onInvalid)} noValidate data-testid="legal-client-form">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="icon" onClick={goBack} aria-label={t("customers:actions.back")} title={t("customers:actions.back")}>
          <ArrowLeft />
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">{editing ? t("customers:legalForm.editTitle") : t("customers:legalForm.newTitle")}</h1>
          <p className="text-sm text-muted-foreground">{editing ? customer.name : t("customers:hints.required")}</p>
        </div>
      </div>
      {created ? (
        <div className="flex items-start gap-2 rounded-md border border-warning bg-warning/10 p-3 text-sm" role="status" data-testid="created-customer-notice">
          <Info className="mt-0.5 size-4 shrink-0" />
          <span>{t("customers:legalForm.createdNotice", { code: created.code })}</span>
        </div>
      ) : null}
      <div role="tablist" aria-label={t("customers:legalForm.tabsLabel")} className="flex w-full gap-1 overflow-x-auto rounded-[var(--radius-button)] bg-muted p-1">
        {LEGAL_TABS.map((key, index) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`legal-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`legal-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={(e) => {
              const next = e.key === "ArrowRight" ? index + 1 : e.key === "ArrowLeft" ? index - 1 : null;
              if (next === null) return;
              e.preventDefault();
              const k = LEGAL_TABS[(next + LEGAL_TABS.length) % LEGAL_TABS.length]!;
              setTab(k);
              document.getElementById(`legal-tab-${k}`)?.focus();
            }}
            className={cn(
              "inline-flex h-10 min-w-max flex-1 cursor-pointer items-center justify-center gap-2 rounded-[var(--radius-button)] px-3 text-sm font-medium transition-colors",
              tab === key ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
            data-testid={`legal-tab-${key}`}
          >
            {t(`customers:legalForm.tabs.${key}`)}
            {errorTabs.has(key) ? (
              <>
                <span className="size-2 rounded-full bg-destructive" aria-hidden />
                <span className="sr-only">{t("customers:legalForm.tabHasErrors")}</span>
              </>
            ) : null}
          </button>
        ))}
      </div>
      <Card>
        <CardContent className="pt-5">
          <div role="tabpanel" id={`legal-panel-${tab}`} aria-labelledby={`legal-tab-${tab}`} data-testid={`legal-panel-${tab}`}>
            {tab === "basic" ? <BasicTab form={form} editing={editing} types={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))} /> : null}
            {tab === "legal" ? <LegalTab form={form} /> : null}
            {tab === "billing" ? <BillingTab form={form} /> : null}
            {tab === "compliance" ? <ComplianceTab form={form} /> : null}
            {tab === "communication" ? <CommunicationTab form={form} /> : null}
            {tab === "notes" ? <NotesTab form={form} /> : null}
          </div>
        </CardContent>
      </Card>
      <FormActions
        pending={submitting}
        onCancel={goBack}
        testId="save-legal-client"
        start={
          <>
            <Button variant="outline" disabled={tab === LEGAL_TABS[0]} onClick={() => setTab(LEGAL_TABS[LEGAL_TABS.indexOf(tab) - 1]!)} data-testid="legal-previous">
              {t("customers:legalForm.previous")}
            </Button>
            <Button variant="outline" disabled={tab === LEGAL_TABS[LEGAL_TABS.length - 1]} onClick={() => setTab(LEGAL_TABS[LEGAL_TABS.indexOf(tab) + 1]!)} data-testid="legal-next">
              {t("customers:legalForm.next")}
            </Button>
          </>
        }
      />
    </form>
  );
}

type TabProps = { form: ReturnType<typeof useForm<FormValues, unknown, FormOutput>> };
const P = "legal";

function useEnumOptions() {
  const { t } = useTranslation();
  return (group: string, values: readonly string[]) => values.map((value) => ({ value, label: t(`customers:enums.${group}.${value}`) }));
}

function BasicTab({ form, editing, types }: TabProps & { editing: boolean; types: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const options = useEnumOptions();
  const [taxId, override] = useWatch({ control: form.control, name: ["tax_id", "tax_id_override"] });
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <TextField form={form} prefix={P} name="name" label={t("customers:fields.name")} required autoFocus />
        <TextField
          form={form}
          prefix={P}
          name="code"
          label={t("customers:fields.code")}
          required={editing}
          placeholder={editing ? undefined : t("customers:hints.autoCode")}
          hint={editing ? undefined : t("customers:hints.legalCode")}
        />
        <div className="grid gap-2">
          <TextField form={form} prefix={P} name="tax_id" label={t("customers:fields.taxId")} hint={t("customers:hints.taxId")} inputMode="numeric" />
          <CheckboxField form={form} prefix={P} name="tax_id_override" label={t("customers:fields.taxIdOverride")} />
          <FiscalHint taxId={(taxId as string) ?? ""} override={override === true} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} prefix={P} name="email" label={t("customers:fields.email")} type="email" />
          <TextField form={form} prefix={P} name="phone" label={t("customers:fields.phone")} type="tel" />
        </div>
        <SelectField form={form} prefix={P} name="customer_type_id" label={t("customers:fields.customerType")} none={t("customers:hints.noType")} options={types} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} prefix={P} name="status" label={t("customers:legal.status")} options={options("status", CLIENT_STATUSES)} />
          <TextField form={form} prefix={P} name="client_since" label={t("customers:legal.client_since")} type="date" />
        </div>
      </div>
      <div className="grid content-start gap-4">
        <h3 className="font-semibold">{t("customers:legalForm.mainAddress")}</h3>
        <AddressFields form={form} />
      </div>
    </div>
  );
}

function AddressFields({ form, billing, mirror }: TabProps & { billing?: boolean; mirror?: boolean }) {
  const { t } = useTranslation();
  const main = useWatch({ control: form.control, name: BILLING_ADDRESS_PAIRS.map(([, m]) => m) });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {BILLING_ADDRESS_PAIRS.map(([b, m], i) => {
        const name = billing ? b : m;
        const label = t(`customers:legal.${m}`);
        const wide = m === "address_line1" || m === "address_line2";
        if (mirror) {
          return (
            <div key={b} className={wide ? "sm:col-span-2" : undefined}>
              <Field label={label} htmlFor={`${P}-${b}`}>
                <Input id={`${P}-${b}`} value={(main[i] as string) ?? ""} readOnly disabled />
              </Field>
            </div>
          );
        }
        return (
          <div key={b} className={wide ? "sm:col-span-2" : undefined}>
            <TextField form={form} prefix={P} name={name} label={label} placeholder={m === "country" ? t("customers:hints.country") : undefined} />
          </div>
        );
      })}
    </div>
  );
}

function LegalTab({ form }: TabProps) {
  const { t } = useTranslation();
  const options = useEnumOptions();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <SelectField form={form} prefix={P} name="jurisdiction" label={t("customers:legal.jurisdiction")} none={t("customers:hints.choose")} options={options("jurisdiction", JURISDICTIONS)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} prefix={P} name="industry" label={t("customers:legal.industry")} none={t("customers:hints.choose")} options={options("industry", INDUSTRIES)} />
          <TextField form={form} prefix={P} name="industry_sector" label={t("customers:legal.industry_sector")} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} prefix={P} name="company_registration_number" label={t("customers:legal.company_registration_number")} />
          <TextField form={form} prefix={P} name="company_registration_date" label={t("customers:legal.company_registration_date")} type="date" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} prefix={P} name="employee_count" label={t("customers:legal.employee_count")} inputMode="numeric" className="text-right tabular-nums" />
          <TextField form={form} prefix={P} name="annual_revenue" label={t("customers:legal.annual_revenue")} inputMode="decimal" placeholder="0.00" className="text-right tabular-nums" />
        </div>
      </div>
      <div className="grid content-start gap-4">
        <h3 className="font-semibold">{t("customers:legalForm.representative")}</h3>
        <TextField form={form} prefix={P} name="legal_representative_name" label={t("customers:legal.legal_representative_name")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} prefix={P} name="legal_representative_id" label={t("customers:legal.legal_representative_id")} />
          <TextField form={form} prefix={P} name="legal_representative_position" label={t("customers:legal.legal_representative_position")} />
        </div>
      </div>
    </div>
  );
}

function BillingTab({ form }: TabProps) {
  const { t } = useTranslation();
  const options = useEnumOptions();
  const [billingType, sameAsMain] = useWatch({ control: form.control, name: ["billing_type", "same_as_main"] });
  const hourly = usesHourlyRate(billingType as string);
  const retainer = usesRetainer(billingType as string);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <SelectField form={form} prefix={P} name="billing_type" label={t("customers:legal.billing_type")} none={t("customers:hints.choose")} options={options("billing_type", BILLING_TYPES)} />
        <TextField
          form={form}
          prefix={P}
          name="hourly_rate"
          label={t("customers:legal.hourly_rate")}
          inputMode="decimal"
          placeholder="0.00"
          className="text-right tabular-nums"
          disabled={!hourly}
          hint={hourly ? undefined : t("customers:hints.hourlyOnly")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            form={form}
            prefix={P}
            name="retainer_amount"
            label={t("customers:legal.retainer_amount")}
            inputMode="decimal"
            placeholder="0.00"
            className="text-right tabular-nums"
            disabled={!retainer}
            hint={retainer ? undefined : t("customers:hints.retainerOnly")}
          />
          <SelectField
            form={form}
            prefix={P}
            name="retainer_frequency"
            label={t("customers:legal.retainer_frequency")}
            none={t("customers:hints.choose")}
            options={options("retainer_frequency", RETAINER_FREQUENCIES)}
            disabled={!retainer}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} prefix={P} name="payment_terms" label={t("customers:legal.payment_terms")} inputMode="numeric" hint={t("customers:hints.paymentTerms")} className="text-right tabular-nums" />
          <TextField form={form} prefix={P} name="credit_limit" label={t("customers:legal.credit_limit")} inputMode="decimal" placeholder="0.00" className="text-right tabular-nums" />
        </div>
        <SelectField
          form={form}
          prefix={P}
          name="preferred_payment_method"
          label={t("customers:legal.preferred_payment_method")}
          none={t("customers:hints.choose")}
          options={options("payment_method", PAYMENT_METHODS)}
        />
      </div>
      <div className="grid content-start gap-4">
        <h3 className="font-semibold">{t("customers:legalForm.billingAddress")}</h3>
        <SwitchField
          form={form}
          prefix={P}
          name="same_as_main"
          label={t("customers:legalForm.sameAsMain")}
          hint={t("customers:legalForm.sameAsMainHint")}
          onChanged={(on) => {
            // Turning it off starts the billing address from the main one.
            if (!on) for (const [b, m] of BILLING_ADDRESS_PAIRS) form.setValue(b, form.getValues(m) as string, { shouldDirty: true });
          }}
        />
        <AddressFields form={form} billing mirror={sameAsMain === true} />
      </div>
    </div>
  );
}

function ComplianceTab({ form }: TabProps) {
  const { t } = useTranslation();
  const options = useEnumOptions();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <SelectField form={form} prefix={P} name="risk_level" label={t("customers:legal.risk_level")} none={t("customers:hints.choose")} options={options("risk_level", RISK_LEVELS)} />
        <SwitchField form={form} prefix={P} name="aml_check_completed" label={t("customers:legal.aml_check_completed")} />
        <SwitchField form={form} prefix={P} name="kyc_verified" label={t("customers:legal.kyc_verified")} />
        <SwitchField form={form} prefix={P} name="conflict_check_completed" label={t("customers:legal.conflict_check_completed")} />
        <TextAreaField form={form} prefix={P} name="conflict_check_notes" label={t("customers:legal.conflict_check_notes")} />
      </div>
      <div className="grid content-start gap-4">
        <SelectField form={form} prefix={P} name="referral_source" label={t("customers:legal.referral_source")} none={t("customers:hints.choose")} options={options("referral_source", REFERRAL_SOURCES)} />
        <TextAreaField form={form} prefix={P} name="referral_details" label={t("customers:legal.referral_details")} />
      </div>
    </div>
  );
}

function CommunicationTab({ form }: TabProps) {
  const { t } = useTranslation();
  const options = useEnumOptions();
  const portal = useWatch({ control: form.control, name: "portal_access_enabled" });
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <SelectField form={form} prefix={P} name="preferred_language" label={t("customers:legal.preferred_language")} none={t("customers:hints.choose")} options={options("language", CLIENT_LANGUAGES)} />
        <SelectField
          form={form}
          prefix={P}
          name="preferred_communication_method"
          label={t("customers:legal.preferred_communication_method")}
          none={t("customers:hints.choose")}
          options={options("communication_method", COMMUNICATION_METHODS)}
        />
        <SelectField
          form={form}
          prefix={P}
          name="preferred_contact_time"
          label={t("customers:legal.preferred_contact_time")}
          none={t("customers:hints.choose")}
          options={options("contact_time", CONTACT_TIMES)}
        />
      </div>
      <div className="grid content-start gap-4">
        <SwitchField form={form} prefix={P} name="send_reminders" label={t("customers:legal.send_reminders")} />
        <SwitchField form={form} prefix={P} name="send_newsletters" label={t("customers:legal.send_newsletters")} />
        <SwitchField form={form} prefix={P} name="send_billing_notifications" label={t("customers:legal.send_billing_notifications")} />
        <SwitchField form={form} prefix={P} name="portal_access_enabled" label={t("customers:legal.portal_access_enabled")} />
        {portal === true ? <TextField form={form} prefix={P} name="portal_username" label={t("customers:legal.portal_username")} /> : null}
      </div>
    </div>
  );
}

function NotesTab({ form }: TabProps) {
  const { t } = useTranslation();
  const options = useEnumOptions();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            form={form}
            prefix={P}
            name="document_retention_policy"
            label={t("customers:legal.document_retention_policy")}
            none={t("customers:hints.choose")}
            options={options("retention_policy", RETENTION_POLICIES)}
          />
          <SelectField
            form={form}
            prefix={P}
            name="preferred_document_format"
            label={t("customers:legal.preferred_document_format")}
            none={t("customers:hints.choose")}
            options={options("document_format", DOCUMENT_FORMATS)}
          />
        </div>
        <TagsField form={form} />
      </div>
      <div className="grid content-start gap-4">
        <TextAreaField form={form} prefix={P} name="notes" label={t("customers:legal.notes")} rows={4} />
        <TextAreaField form={form} prefix={P} name="internal_notes" label={t("customers:legal.internal_notes")} rows={4} />
      </div>
    </div>
  );
}

/** Tags as a list: type and press Enter (or Add); each chip has its remove button. */
function TagsField({ form }: TabProps) {
  const { t } = useTranslation();
  const tags = (useWatch({ control: form.control, name: "tags" }) as string[] | undefined) ?? [];
  const [text, setText] = React.useState("");
  const error = form.formState.errors.tags?.message;
  const add = () => {
    const tag = text.trim();
    if (tag && !tags.some((x) => x.toLowerCase() === tag.toLowerCase())) form.setValue("tags", [...tags, tag], { shouldDirty: true });
    setText("");
  };
  return (
    <Field label={t("customers:legal.tags")} htmlFor={`${P}-tags`} error={tMessage(error)} hint={t("customers:hints.tags")}>
      <div className="flex gap-2">
        <Input
          id={`${P}-tags`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          autoComplete="off"
        />
        <Button variant="outline" onClick={add} data-testid="add-tag">
          <Plus />
          {t("customers:legalForm.addTag")}
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2" data-testid="tag-list" aria-label={t("customers:legal.tags")}>
        {tags.map((tag) => (
          <li key={tag}>
            <Badge variant="secondary" className="gap-1 py-1">
              {tag}
              <button
                type="button"
                className="cursor-pointer rounded-full p-0.5 hover:bg-background/60"
                onClick={() =>
                  form.setValue(
                    "tags",
                    tags.filter((x) => x !== tag),
                    { shouldDirty: true },
                  )
                }
                aria-label={t("customers:legalForm.removeTag", { tag })}
              >
                <X className="size-3" />
              </button>
            </Badge>
          </li>
        ))}
      </ul>
    </Field>
  );
}

