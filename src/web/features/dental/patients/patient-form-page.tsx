import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { type FieldPath, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { BLOOD_TYPES, CONDITIONS, GENDERS, PATIENT_STATUSES } from "../../../../shared/dental/constants";
import { displayIdentification, fileNumber, identificationKind, patientCreateInput } from "../../../../shared/dental/patient";
import { handleApiError } from "../../../app/providers";
import { errorCode, fieldErrors, useTRPC } from "../../../app/trpc";
import { FormActions } from "../../../components/form-actions";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../customers/customer-fields";
import { AccessDenied } from "../../shell/guards";
import { RequireDentalRight } from "../dental-layout";
import { type DentalPatient, PatientNotFound } from "./patient-common";

/** The form's values: every field as the inputs hold it (lists as comma-separated text). */
interface FormValues {
  name: string;
  identification: string;
  birthDate: string;
  gender: string;
  phone: string;
  email: string;
  address: string;
  bloodType: string;
  allergies: string;
  medications: string;
  diabetes: boolean;
  hypertension: boolean;
  heartProblems: boolean;
  pregnancy: boolean;
  conditionsOther: string;
  insuranceProvider: string;
  policyNumber: string;
  groupNumber: string;
  expiryDate: string;
  emergencyName: string;
  emergencyRelationship: string;
  emergencyPhone: string;
  emergencyNotes: string;
  dentition: string;
  status: string;
  notes: string;
}

const P = "patient";

function valuesOf(p: DentalPatient | null): FormValues {
  return {
    name: p?.name ?? "",
    identification: p?.identification ? displayIdentification(p.identification) : "",
    birthDate: p?.birthDate ?? "",
    gender: p?.gender ?? "",
    phone: p?.phone ?? "",
    email: p?.email ?? "",
    address: p?.address ?? "",
    bloodType: p?.bloodType ?? "",
    allergies: (p?.allergies ?? []).join(", "),
    medications: (p?.medications ?? []).join(", "),
    diabetes: p?.conditions.diabetes ?? false,
    hypertension: p?.conditions.hypertension ?? false,
    heartProblems: p?.conditions.heartProblems ?? false,
    pregnancy: p?.conditions.pregnancy ?? false,
    conditionsOther: p?.conditions.other ?? "",
    insuranceProvider: p?.insurance?.provider ?? "",
    policyNumber: p?.insurance?.policyNumber ?? "",
    groupNumber: p?.insurance?.groupNumber ?? "",
    expiryDate: p?.insurance?.expiryDate ?? "",
    emergencyName: p?.emergencyContact?.name ?? "",
    emergencyRelationship: p?.emergencyContact?.relationship ?? "",
    emergencyPhone: p?.emergencyContact?.phone ?? "",
    emergencyNotes: p?.emergencyContact?.notes ?? "",
    dentition: p?.dentition ?? "adult",
    status: p?.status ?? "active",
    notes: p?.notes ?? "",
  };
}

const splitList = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** What dental.createPatient / updatePatient take. */
function inputOf(v: FormValues) {
  return {
    name: v.name,
    identification: v.identification,
    birthDate: v.birthDate,
    gender: v.gender,
    phone: v.phone,
    email: v.email,
    address: v.address,
    bloodType: v.bloodType,
    allergies: splitList(v.allergies),
    medications: splitList(v.medications),
    conditions: { diabetes: v.diabetes, hypertension: v.hypertension, heartProblems: v.heartProblems, pregnancy: v.pregnancy, other: v.conditionsOther },
    insurance: { provider: v.insuranceProvider, policyNumber: v.policyNumber, groupNumber: v.groupNumber, expiryDate: v.expiryDate },
    emergencyContact: { name: v.emergencyName, relationship: v.emergencyRelationship, phone: v.emergencyPhone, notes: v.emergencyNotes },
    dentition: v.dentition,
    status: v.status,
    notes: v.notes,
  };
}

/** A message's path in the input -> the form field showing it. */
const FIELD_OF: Record<string, keyof FormValues> = {
  "conditions.other": "conditionsOther",
  "insurance.provider": "insuranceProvider",
  "insurance.policyNumber": "policyNumber",
  "insurance.groupNumber": "groupNumber",
  "insurance.expiryDate": "expiryDate",
  "emergencyContact.name": "emergencyName",
  "emergencyContact.relationship": "emergencyRelationship",
  "emergencyContact.phone": "emergencyPhone",
  "emergencyContact.notes": "emergencyNotes",
};
const fieldOf = (path: string): keyof FormValues => FIELD_OF[path] ?? (path.split(".")[0] as keyof FormValues);

/** /home/dental/patients/new and /home/dental/patients/:id/edit: every field of the patient (spec 03 'Dental module'). */
export function PatientFormPage() {
  const { id } = useParams();
  return <RequireDentalRight right="patients">{id ? <EditPatient id={id} /> : <PatientForm patient={null} />}</RequireDentalRight>;
}

function EditPatient({ id }: { id: string }) {
  const trpc = useTRPC();
  const patient = useQuery({ ...trpc.dental.getPatient.queryOptions({ id }), meta: { silent: true } });
  if (patient.isLoading) return <Skeleton className="h-96 w-full" data-testid="form-skeleton" />;
  if (patient.error && errorCode(patient.error) === "FORBIDDEN") return <AccessDenied />;
  if (!patient.data) return <PatientNotFound />;
  return <PatientForm key={patient.data.id} patient={patient.data} />;
}

function PatientForm({ patient }: { patient: DentalPatient | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const editing = patient !== null;
  const form = useForm<FormValues>({ defaultValues: valuesOf(patient) });
  const identification = useWatch({ control: form.control, name: "identification" });
  const back = () => void navigate(patient ? `/home/dental/patients/${patient.id}` : "/home/dental/patients");

  const onSaved = async (saved: DentalPatient, message: string) => {
    await qc.invalidateQueries(trpc.dental.pathFilter());
    toast({ variant: "success", title: message, description: saved.name });
    void navigate(`/home/dental/patients/${saved.id}`);
  };
  const onError = (error: { message: string }) => {
    const fields = fieldErrors(error);
    for (const [path, message] of Object.entries(fields)) form.setError(fieldOf(path) as FieldPath<FormValues>, { message });
    if (errorCode(error) === "UNAUTHORIZED") return handleApiError(error, { silent: true });
    toast({ variant: "destructive", title: t("dental:form.saveError"), description: Object.keys(fields).length > 0 ? t("dental:form.checkFields") : error.message });
  };
  const create = useMutation(trpc.dental.createPatient.mutationOptions({ meta: { silent: true }, onSuccess: (p) => onSaved(p, t("dental:form.created")), onError }));
  const update = useMutation(trpc.dental.updatePatient.mutationOptions({ meta: { silent: true }, onSuccess: (p) => onSaved(p, t("dental:form.updated")), onError }));
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const input = inputOf(values);
    const parsed = patientCreateInput.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setError(fieldOf(issue.path.join(".")) as FieldPath<FormValues>, { message: issue.message });
      form.setFocus(fieldOf(parsed.error.issues[0]!.path.join(".")) as FieldPath<FormValues>);
      return;
    }
    if (patient) update.mutate({ ...parsed.data, id: patient.id });
    else create.mutate(parsed.data);
  });

  const idKind = identification.trim() ? identificationKind(identification) : null;
  const options = (values: readonly string[], ns: string) => values.map((v) => ({ value: v, label: ns ? t(`${ns}.${v}`) : v }));

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="patient-form">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="icon" onClick={back} aria-label={t("dental:form.back")} title={t("dental:form.back")}>
          <ArrowLeft />
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">{editing ? t("dental:form.editTitle") : t("dental:form.newTitle")}</h1>
          <p className="text-sm text-muted-foreground">{editing ? `${fileNumber(patient.number)} · ${patient.name}` : t("dental:form.required")}</p>
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("dental:form.personal")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField form={form} prefix={P} name="name" label={t("dental:fields.name")} required autoFocus />
            <TextField
              form={form}
              prefix={P}
              name="identification"
              label={t("dental:fields.identification")}
              hint={idKind ? t(`dental:form.idKind.${idKind}`) : t("dental:form.identificationHint")}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} prefix={P} name="birthDate" label={t("dental:fields.birthDate")} type="date" />
              <SelectField form={form} prefix={P} name="gender" label={t("dental:fields.gender")} none={t("dental:form.notSpecified")} options={options(GENDERS, "dental:gender")} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField form={form} prefix={P} name="dentition" label={t("dental:fields.dentition")} options={options(["adult", "child"], "dental:dentition")} />
              <SelectField form={form} prefix={P} name="status" label={t("dental:fields.status")} options={options(PATIENT_STATUSES, "dental:status")} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("dental:form.contact")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField form={form} prefix={P} name="phone" label={t("dental:fields.phone")} type="tel" />
            <TextField form={form} prefix={P} name="email" label={t("dental:fields.email")} type="email" />
            <TextAreaField form={form} prefix={P} name="address" label={t("dental:fields.address")} rows={2} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("dental:form.medical")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SelectField form={form} prefix={P} name="bloodType" label={t("dental:fields.bloodType")} none={t("dental:form.notSpecified")} options={options(BLOOD_TYPES, "")} />
            <TextField form={form} prefix={P} name="allergies" label={t("dental:fields.allergies")} hint={t("dental:form.listHint")} />
            <TextField form={form} prefix={P} name="medications" label={t("dental:fields.medications")} hint={t("dental:form.listHint")} />
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t("dental:fields.conditions")}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {CONDITIONS.map((c) => (
                  <CheckboxField key={c} form={form} prefix={P} name={c} label={t(`dental:conditions.${c}`)} />
                ))}
              </div>
            </fieldset>
            <TextField form={form} prefix={P} name="conditionsOther" label={t("dental:fields.conditionsOther")} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("dental:form.insurance")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField form={form} prefix={P} name="insuranceProvider" label={t("dental:fields.insuranceProvider")} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} prefix={P} name="policyNumber" label={t("dental:fields.policyNumber")} />
              <TextField form={form} prefix={P} name="groupNumber" label={t("dental:fields.groupNumber")} />
            </div>
            <TextField form={form} prefix={P} name="expiryDate" label={t("dental:fields.expiryDate")} type="date" />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("dental:form.emergency")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} prefix={P} name="emergencyName" label={t("dental:fields.emergencyName")} />
              <TextField form={form} prefix={P} name="emergencyRelationship" label={t("dental:fields.emergencyRelationship")} />
            </div>
            <TextField form={form} prefix={P} name="emergencyPhone" label={t("dental:fields.emergencyPhone")} type="tel" />
            <TextAreaField form={form} prefix={P} name="emergencyNotes" label={t("dental:fields.emergencyNotes")} rows={2} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("dental:fields.notes")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextAreaField form={form} prefix={P} name="notes" label={t("dental:form.notesLabel")} rows={4} />
          </CardContent>
        </Card>
      </div>

      <FormActions pending={pending} onCancel={back} testId="save-patient" />
    </form>
  );
}
