import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Plus, X } from "lucide-react";
import * as React from "react";
import { type FieldErrors, type Resolver, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { caseCreateInput, caseUpdateInput } from "../../../../shared/legal/case";
import { CASE_BILLING_TYPES, CASE_PRIORITIES, CASE_RISK_LEVELS, CASE_STATUSES, CASE_TYPES } from "../../../../shared/legal/constants";
import { handleApiError } from "../../../app/providers";
import { errorCode, fieldErrors, useTRPC } from "../../../app/trpc";
import { FormActions } from "../../../components/form-actions";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../../lib/dates";
import { tMessage } from "../../../lib/i18n";
import { useDebounce } from "../../../lib/use-debounce";
import { SelectField, SwitchField, TextAreaField, TextField } from "../../customers/customer-fields";
import { displayTaxId } from "../../customers/customer-format";
import { RequirePermission } from "../../shell/guards";
import { LegalNav } from "../legal-nav";
import { CaseNotFound, type LegalCase } from "./case-common";

const P = "case";

/** /home/legal/cases/new and /home/legal/cases/:id/edit: every field of a case, in sections. */
export function CaseFormPage() {
  const { id } = useParams();
  return (
    <RequirePermission permission={id ? "legal.update" : "legal.create"}>
      <div className="grid gap-4">
        <LegalNav />
        {id ? <EditCase id={id} /> : <CaseForm legalCase={null} />}
      </div>
    </RequirePermission>
  );
}

function EditCase({ id }: { id: string }) {
  const trpc = useTRPC();
  const c = useQuery({ ...trpc.legalCase.getCase.queryOptions({ id }), meta: { silent: true }, retry: false });
  if (c.isLoading) return <FormSkeleton />;
  if (!c.data) return <CaseNotFound />;
  return <CaseForm key={c.data.id} legalCase={c.data} />;
}

function FormSkeleton() {
  return (
    <div className="grid gap-4" data-testid="case-form-skeleton">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

type FormValues = {
  title: string;
  caseType: string;
  caseSubtype: string;
  description: string;
  status: string;
  priority: string;
  dateOpened: string;
  limitationDate: string;
  primaryClientId: string;
  leadAttorneyId: string;
  supervisingPartner: string;
  courtName: string;
  courtJurisdiction: string;
  judgeName: string;
  billingType: string;
  estimatedValue: string;
  retainerAmount: string;
  riskLevel: string;
  conflictCheckCompleted: boolean;
  conflictCheckDate: string;
  tags: string[];
};
type Output = Record<string, unknown>;

const TEXT_FIELDS = [
  "caseSubtype",
  "description",
  "limitationDate",
  "leadAttorneyId",
  "supervisingPartner",
  "courtName",
  "courtJurisdiction",
  "judgeName",
  "estimatedValue",
  "retainerAmount",
  "conflictCheckDate",
] as const;

function valuesOf(c: LegalCase | null): FormValues {
  const s = (v: string | null | undefined) => v ?? "";
  return {
    title: s(c?.title),
    caseType: s(c?.caseType),
    caseSubtype: s(c?.caseSubtype),
    description: s(c?.description),
    status: c?.status ?? "active",
    priority: c?.priority ?? "normal",
    dateOpened: c?.dateOpened ?? todayInSantoDomingo(),
    limitationDate: s(c?.limitationDate),
    primaryClientId: s(c?.primaryClientId),
    leadAttorneyId: s(c?.leadAttorneyId),
    supervisingPartner: s(c?.supervisingPartner),
    courtName: s(c?.courtName),
    courtJurisdiction: s(c?.courtJurisdiction),
    judgeName: s(c?.judgeName),
    billingType: c?.billingType ?? "hourly",
    estimatedValue: s(c?.estimatedValue),
    retainerAmount: s(c?.retainerAmount),
    riskLevel: c?.riskLevel ?? "low",
    conflictCheckCompleted: c?.conflictCheckCompleted ?? false,
    conflictCheckDate: s(c?.conflictCheckDate),
    tags: c?.tags ?? [],
  };
}

/** The form's values as the shared schema takes them: a blank optional field is null (cleared). */
function inputOf(values: FormValues): Output {
  const input: Output = { ...values };
  for (const key of TEXT_FIELDS) input[key] = values[key].trim() === "" ? null : values[key];
  if (!values.conflictCheckCompleted && !values.conflictCheckDate) input.conflictCheckDate = null;
  return input;
}

function makeResolver(id: string | null): Resolver<FormValues, unknown, Output> {
  return async (values) => {
    const parsed = id ? caseUpdateInput.safeParse({ id, ...inputOf(values) }) : caseCreateInput.safeParse(inputOf(values));
    if (parsed.success) return { values: parsed.data as Output, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "root");
      if (!errors[key]) errors[key] = { type: "validation", message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<FormValues> };
  };
}

function CaseForm({ legalCase }: { legalCase: LegalCase | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const editing = legalCase !== null;
  const form = useForm<FormValues, unknown, Output>({ resolver: makeResolver(legalCase?.id ?? null), defaultValues: valuesOf(legalCase) });
  const silent = { meta: { silent: true } };
  const create = useMutation(trpc.legalCase.createCase.mutationOptions(silent));
  const update = useMutation(trpc.legalCase.updateCase.mutationOptions(silent));
  const attorneys = useQuery(trpc.legalCase.getAttorneys.queryOptions());
  const options = <T extends string>(group: string, values: readonly T[]) => values.map((v) => ({ value: v, label: t(`legal:${group}.${v}`) }));
  const back = legalCase ? `/home/legal/cases/${legalCase.id}` : "/home/legal";

  const save = async (input: Output) => {
    try {
      const saved = editing ? await update.mutateAsync(input as never) : await create.mutateAsync(input as never);
      await qc.invalidateQueries(trpc.legalCase.pathFilter());
      toast({ variant: "success", title: editing ? t("legal:form.updated") : t("legal:form.created"), description: `${saved.caseNumber} · ${saved.title}` });
      void navigate(`/home/legal/cases/${saved.id}`);
    } catch (error) {
      if (errorCode(error) === "UNAUTHORIZED") return handleApiError(error, { silent: true });
      const fields = fieldErrors(error);
      for (const [field, message] of Object.entries(fields)) form.setError(field.split(".")[0] as keyof FormValues, { message });
      toast({ variant: "destructive", title: t("legal:common.error"), description: (error as Error).message });
    }
  };
  const onInvalid = () => toast({ variant: "destructive", title: t("legal:common.error"), description: t("legal:form.checkFields") });
  const pending = create.isPending || update.isPending;
  const conflictDone = useWatch({ control: form.control, name: "conflictCheckCompleted" });

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(save, onInvalid)} noValidate data-testid="case-form">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="ghost" size="icon" aria-label={t("legal:form.back")} title={t("legal:form.back")}>
          <Link to={back}>
            <ArrowLeft />
          </Link>
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">{editing ? t("legal:form.editTitle") : t("legal:form.newTitle")}</h1>
          <p className="text-sm text-muted-foreground">{editing ? `${legalCase.caseNumber} · ${legalCase.title}` : t("legal:form.required")}</p>
        </div>
      </div>

      <Section title={t("legal:form.sections.general")}>
        <TextField form={form} prefix={P} name="title" label={t("legal:fields.title")} required autoFocus className="sm:col-span-2" />
        <Field label={t("legal:fields.caseType")} htmlFor={`${P}-caseType`} required error={tMessage(form.formState.errors.caseType?.message)}>
          <NativeSelect id={`${P}-caseType`} aria-invalid={!!form.formState.errors.caseType} {...form.register("caseType")}>
            <option value="">{t("legal:common.choose")}</option>
            {options("caseType", CASE_TYPES).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <TextField form={form} prefix={P} name="caseSubtype" label={t("legal:fields.caseSubtype")} />
        <SelectField form={form} prefix={P} name="priority" label={t("legal:fields.priority")} options={options("priority", CASE_PRIORITIES)} />
        {editing ? <SelectField form={form} prefix={P} name="status" label={t("legal:fields.status")} options={options("status", CASE_STATUSES)} /> : null}
        <TextField form={form} prefix={P} name="dateOpened" type="date" label={t("legal:fields.dateOpened")} />
        <TextField form={form} prefix={P} name="limitationDate" type="date" label={t("legal:fields.limitationDate")} />
        <div className="sm:col-span-2">
          <TextAreaField form={form} prefix={P} name="description" label={t("legal:fields.description")} rows={4} />
        </div>
      </Section>

      <Section title={t("legal:form.sections.people")}>
        <ClientPicker form={form} initial={legalCase ? { id: legalCase.primaryClientId, name: legalCase.primaryClientName, taxId: legalCase.primaryClientTaxId } : null} />
        <SelectField
          form={form}
          prefix={P}
          name="leadAttorneyId"
          label={t("legal:fields.leadAttorney")}
          none={t("legal:form.noAttorney")}
          options={(attorneys.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
        <TextField form={form} prefix={P} name="supervisingPartner" label={t("legal:fields.supervisingPartner")} />
      </Section>

      <Section title={t("legal:form.sections.court")}>
        <TextField form={form} prefix={P} name="courtName" label={t("legal:fields.courtName")} className="" />
        <TextField form={form} prefix={P} name="courtJurisdiction" label={t("legal:fields.courtJurisdiction")} />
        <TextField form={form} prefix={P} name="judgeName" label={t("legal:fields.judgeName")} />
      </Section>

      <Section title={t("legal:form.sections.billing")}>
        <SelectField form={form} prefix={P} name="billingType" label={t("legal:fields.billingType")} options={options("billingType", CASE_BILLING_TYPES)} />
        <TextField form={form} prefix={P} name="estimatedValue" label={t("legal:fields.estimatedValue")} inputMode="decimal" placeholder="0.00" className="text-right tabular-nums" />
        <TextField form={form} prefix={P} name="retainerAmount" label={t("legal:fields.retainerAmount")} inputMode="decimal" placeholder="0.00" className="text-right tabular-nums" />
      </Section>

      <Section title={t("legal:form.sections.risk")}>
        <SelectField form={form} prefix={P} name="riskLevel" label={t("legal:fields.riskLevel")} options={options("riskLevel", CASE_RISK_LEVELS)} />
        <SwitchField
          form={form}
          prefix={P}
          name="conflictCheckCompleted"
          label={t("legal:fields.conflictCheckCompleted")}
          onChanged={(on) => {
            if (on && !form.getValues("conflictCheckDate")) form.setValue("conflictCheckDate", todayInSantoDomingo(), { shouldDirty: true });
          }}
        />
        {conflictDone ? <TextField form={form} prefix={P} name="conflictCheckDate" type="date" label={t("legal:fields.conflictCheckDate")} /> : null}
      </Section>

      <Section title={t("legal:form.sections.tags")}>
        <TagsField form={form} />
      </Section>

      <FormActions pending={pending} onCancel={() => void navigate(back)} testId="save-case" />
    </form>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

type FormProps = { form: ReturnType<typeof useForm<FormValues, unknown, Output>> };

/** The client: a search over the legal clients (legalCase.getLegalClients) and the choice among them. */
function ClientPicker({ form, initial }: FormProps & { initial: { id: string; name: string; taxId: string | null } | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [text, setText] = React.useState("");
  const search = useDebounce(text.trim(), 300);
  const clients = useQuery(trpc.legalCase.getLegalClients.queryOptions({ search }));
  const selected = useWatch({ control: form.control, name: "primaryClientId" });
  const list = clients.data ?? [];
  const [known, setKnown] = React.useState(initial?.id ? [initial] : []);
  React.useEffect(() => {
    // the chosen client stays a choice when a new search no longer finds it
    const chosen = list.find((c) => c.id === selected);
    if (chosen && !known.some((k) => k.id === chosen.id)) setKnown([chosen]);
  }, [list, selected, known]);
  const shown = [...list, ...known.filter((k) => k.id === selected && !list.some((c) => c.id === k.id))];
  const error = tMessage(form.formState.errors.primaryClientId?.message);
  // a single match of a search is chosen at once
  React.useEffect(() => {
    if (search && list.length === 1 && selected !== list[0]!.id) form.setValue("primaryClientId", list[0]!.id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  }, [search, list, selected, form]);
  return (
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <Field label={t("legal:form.clientSearch")} htmlFor={`${P}-client-search`}>
        <Input id={`${P}-client-search`} type="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" data-testid="client-search" />
      </Field>
      <Field label={t("legal:fields.primaryClient")} htmlFor={`${P}-primaryClientId`} required error={error} hint={clients.data && list.length === 0 && !search ? t("legal:form.noClients") : undefined}>
        <NativeSelect id={`${P}-primaryClientId`} aria-invalid={!!error} aria-describedby={error ? `${P}-primaryClientId-error` : undefined} {...form.register("primaryClientId")} data-testid="client-select">
          <option value="">{t("legal:common.choose")}</option>
          {shown.map((c) => (
            <option key={c.id} value={c.id}>
              {c.taxId ? `${c.name} · ${displayTaxId(c.taxId)}` : c.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </div>
  );
}

/** Tags: type and press Enter (or Agregar); each chip has its remove button. */
function TagsField({ form }: FormProps) {
  const { t } = useTranslation();
  const tags = (useWatch({ control: form.control, name: "tags" }) as string[] | undefined) ?? [];
  const [text, setText] = React.useState("");
  const error = tMessage(form.formState.errors.tags?.message ?? (form.formState.errors.tags as unknown as { root?: { message?: string } } | undefined)?.root?.message);
  const add = () => {
    const tag = text.trim();
    if (tag && !tags.some((x) => x.toLowerCase() === tag.toLowerCase())) form.setValue("tags", [...tags, tag], { shouldDirty: true });
    setText("");
  };
  return (
    <Field label={t("legal:fields.tags")} htmlFor={`${P}-tags`} error={error} hint={t("legal:form.tagsHint")} className="sm:col-span-2">
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
        <Button type="button" variant="outline" onClick={add} data-testid="add-tag">
          <Plus />
          {t("legal:form.addTag")}
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={t("legal:fields.tags")} data-testid="tag-list">
        {tags.map((tag) => (
          <li key={tag}>
            <Badge variant="secondary" className="gap-1 py-1">
              {tag}
              <button
                type="button"
                className="cursor-pointer rounded-full p-0.5 hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() =>
                  form.setValue(
                    "tags",
                    tags.filter((x) => x !== tag),
                    { shouldDirty: true },
                  )
                }
                aria-label={t("legal:form.removeTag", { tag })}
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
