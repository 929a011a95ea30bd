import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Paperclip, X } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import type { VitalSigns } from "../../../../shared/dental/clinical";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../../lib/dates";
import { AllergyWarning } from "../components/allergy-warning";
import { uploadDentalFile } from "./common";

/** What the dialog starts from when it corrects a record. */
export interface RecordDraft {
  id: string;
  visitDate: string;
  chiefComplaint: string | null;
  findings: string | null;
  diagnosis: string | null;
  treatment: string | null;
  vitalSigns: VitalSigns;
  attachments: { url: string; name: string }[];
  followUp: boolean;
  followUpDate: string | null;
  dentistId: string | null;
}

const area = "flex min-h-16 w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring";

/**
 * The clinical record dialog (new, or the correction of `correcting`): the allergy warning first,
 * then visit date, complaint, findings, diagnosis, treatment, the vitals, the follow-up, the
 * dentist and attachments. A correction is saved as a new record pointing at the old one.
 */
export function RecordDialog({
  open,
  onOpenChange,
  patient,
  correcting,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  patient: { id: string; allergies: readonly string[] };
  correcting?: RecordDraft | null;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} className="max-h-[90vh] max-w-2xl overflow-y-auto" data-testid="record-dialog">
        {open ? <RecordForm patient={patient} correcting={correcting ?? null} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RecordForm({ patient, correcting, onDone }: { patient: { id: string; allergies: readonly string[] }; correcting: RecordDraft | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const dentists = useQuery(trpc.dental.getDentists.queryOptions());
  const [visitDate, setVisitDate] = React.useState(correcting?.visitDate ?? todayInSantoDomingo());
  const [chiefComplaint, setChiefComplaint] = React.useState(correcting?.chiefComplaint ?? "");
  const [findings, setFindings] = React.useState(correcting?.findings ?? "");
  const [diagnosis, setDiagnosis] = React.useState(correcting?.diagnosis ?? "");
  const [treatment, setTreatment] = React.useState(correcting?.treatment ?? "");
  const [bp, setBp] = React.useState(correcting?.vitalSigns.bloodPressure ?? "");
  const [hr, setHr] = React.useState(correcting?.vitalSigns.heartRate?.toString() ?? "");
  const [temp, setTemp] = React.useState(correcting?.vitalSigns.temperature ?? "");
  const [weight, setWeight] = React.useState(correcting?.vitalSigns.weight ?? "");
  const [followUp, setFollowUp] = React.useState(correcting?.followUp ?? false);
  const [followUpDate, setFollowUpDate] = React.useState(correcting?.followUpDate ?? "");
  const [dentistId, setDentistId] = React.useState(correcting?.dentistId ?? "");
  const [attachments, setAttachments] = React.useState<{ url: string; name: string }[]>(correcting?.attachments.map((a) => ({ url: a.url, name: a.name })) ?? []);
  const [uploading, setUploading] = React.useState(false);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const fileRef = React.useRef<HTMLInputElement>(null);

  const onSaved = async () => {
    await qc.invalidateQueries(trpc.dental.getClinicalRecords.pathFilter());
    await qc.invalidateQueries(trpc.dental.getClinicalRecord.pathFilter());
    toast({ variant: "success", title: t(correcting ? "dentalClinical:record.corrected" : "dentalClinical:record.saved") });
    onDone();
  };
  const onError = (e: { message: string; data?: unknown }) => {
    const fields = (e.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors;
    if (fields && Object.keys(fields).length > 0) setErrors(fields);
    toast({ variant: "destructive", title: t("dentalClinical:record.error"), description: e.message });
  };
  const create = useMutation(trpc.dental.createClinicalRecord.mutationOptions({ onSuccess: onSaved, onError }));
  const correct = useMutation(trpc.dental.correctClinicalRecord.mutationOptions({ onSuccess: onSaved, onError }));
  const pending = create.isPending || correct.isPending || uploading;

  const submit = () => {
    setErrors({});
    const fields = {
      visitDate,
      chiefComplaint,
      findings,
      diagnosis,
      treatment,
      vitalSigns: { bloodPressure: bp, heartRate: hr, temperature: temp, weight },
      attachments,
      followUp,
      followUpDate: followUp ? followUpDate || null : null,
      dentistId: dentistId || null,
    };
    if (!chiefComplaint.trim() && !findings.trim() && !diagnosis.trim() && !treatment.trim()) {
      setErrors({ chiefComplaint: t("dentalClinical:errors.recordContentRequired") });
      return;
    }
    if (correcting) correct.mutate({ id: correcting.id, ...fields });
    else create.mutate({ patientId: patient.id, ...fields });
  };

  const pick = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setUploading(true);
    try {
      for (const file of Array.from(files)) {
        const stored = await uploadDentalFile(file);
        setAttachments((list) => [...list, { url: stored.url, name: stored.name }]);
      }
    } catch (e) {
      toast({ variant: "destructive", title: t("dentalClinical:record.uploadError"), description: (e as Error).message });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  const err = (key: string) =>
    errors[key] ? (
      <p className="text-xs text-destructive" id={`rec-${key}-error`}>
        {errors[key]}
      </p>
    ) : null;
  const vitalErr = (key: string) => err(`vitalSigns.${key}`);

  return (
    <FormDialog
      title={t(correcting ? "dentalClinical:record.correctTitle" : "dentalClinical:record.newTitle")}
      description={t(correcting ? "dentalClinical:record.correctDescription" : "dentalClinical:record.description")}
      onSubmit={submit}
      cancelLabel={t("common:actions.cancel")}
      onCancel={onDone}
      submit={
        <Button type="submit" disabled={pending} data-testid="record-save">
          {t(correcting ? "dentalClinical:record.saveCorrection" : "dentalClinical:record.save")}
        </Button>
      }
    >
      <AllergyWarning allergies={patient.allergies} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="rec-visit">{t("dentalClinical:record.visitDate")}</Label>
          <Input id="rec-visit" type="date" value={visitDate} onChange={(e) => setVisitDate(e.target.value)} required autoFocus />
          {err("visitDate")}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="rec-dentist">{t("dentalClinical:record.dentist")}</Label>
          <NativeSelect id="rec-dentist" value={dentistId} onChange={(e) => setDentistId(e.target.value)}>
            <option value="">{t("dentalClinical:record.noDentist")}</option>
            {(dentists.data ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {(
        [
          ["chiefComplaint", chiefComplaint, setChiefComplaint],
          ["findings", findings, setFindings],
          ["diagnosis", diagnosis, setDiagnosis],
          ["treatment", treatment, setTreatment],
        ] as const
      ).map(([key, value, set]) => (
        <div key={key} className="grid gap-1.5">
          <Label htmlFor={`rec-${key}`}>{t(`dentalClinical:record.${key}`)}</Label>
          <textarea id={`rec-${key}`} className={area} rows={2} value={value} onChange={(e) => set(e.target.value)} aria-invalid={!!errors[key]} data-testid={`record-${key}`} />
          {err(key)}
        </div>
      ))}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("dentalClinical:vitals.title")}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="grid gap-1">
            <Label htmlFor="rec-bp">{t("dentalClinical:vitals.bloodPressure")}</Label>
            <Input id="rec-bp" inputMode="numeric" placeholder="120/80" value={bp} onChange={(e) => setBp(e.target.value)} aria-invalid={!!errors["vitalSigns.bloodPressure"]} />
            {vitalErr("bloodPressure")}
          </div>
          <div className="grid gap-1">
            <Label htmlFor="rec-hr">{t("dentalClinical:vitals.heartRate")}</Label>
            <Input id="rec-hr" inputMode="numeric" placeholder="72" value={hr} onChange={(e) => setHr(e.target.value)} aria-invalid={!!errors["vitalSigns.heartRate"]} />
            {vitalErr("heartRate")}
          </div>
          <div className="grid gap-1">
            <Label htmlFor="rec-temp">{t("dentalClinical:vitals.temperature")}</Label>
            <Input id="rec-temp" inputMode="decimal" placeholder="36.6" value={temp} onChange={(e) => setTemp(e.target.value)} aria-invalid={!!errors["vitalSigns.temperature"]} />
            {vitalErr("temperature")}
          </div>
          <div className="grid gap-1">
            <Label htmlFor="rec-weight">{t("dentalClinical:vitals.weight")}</Label>
            <Input id="rec-weight" inputMode="decimal" placeholder="70.5" value={weight} onChange={(e) => setWeight(e.target.value)} aria-invalid={!!errors["vitalSigns.weight"]} />
            {vitalErr("weight")}
          </div>
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex items-center gap-2">
          <Switch id="rec-follow" checked={followUp} onCheckedChange={setFollowUp} />
          <Label htmlFor="rec-follow">{t("dentalClinical:record.followUp")}</Label>
        </div>
        {followUp ? (
          <div className="grid gap-1.5">
            <Label htmlFor="rec-follow-date">{t("dentalClinical:record.followUpDate")}</Label>
            <Input id="rec-follow-date" type="date" value={followUpDate} onChange={(e) => setFollowUpDate(e.target.value)} aria-invalid={!!errors.followUpDate} />
            {err("followUpDate")}
          </div>
        ) : null}
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">{t("dentalClinical:record.attachments")}</span>
        {attachments.length > 0 ? (
          <ul className="grid gap-1">
            {attachments.map((a) => (
              <li key={a.url} className="flex items-center justify-between gap-2 rounded border px-2 py-1 text-sm">
                <span className="min-w-0 truncate">{a.name}</span>
                <Button type="button" variant="ghost" size="icon" aria-label={t("dentalClinical:record.removeAttachment", { name: a.name })} onClick={() => setAttachments((l) => l.filter((x) => x.url !== a.url))}>
                  <X className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <input ref={fileRef} type="file" className="sr-only" id="rec-file" tabIndex={-1} aria-label={t("dentalClinical:record.attach")} accept=".jpg,.jpeg,.png,.webp,.pdf" multiple onChange={(e) => void pick(e.target.files)} />
          <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => fileRef.current?.click()}>
            <Paperclip className="size-4" />
            {uploading ? t("dentalClinical:record.uploading") : t("dentalClinical:record.attach")}
          </Button>
          <p className="mt-1 text-xs text-muted-foreground">{t("dentalClinical:record.attachHint")}</p>
        </div>
      </div>
    </FormDialog>
  );
}
