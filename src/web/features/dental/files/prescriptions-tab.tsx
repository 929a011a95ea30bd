import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, FileDown, Pill, Plus, Trash2, XCircle } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { PRESCRIPTION_STATUSES, type PrescriptionStatus } from "../../../../shared/dental/constants";
import { createPrescriptionInput, nextPrescriptionStatuses, type PrescriptionItem } from "../../../../shared/dental/files";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { TD, TH, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/dates";
import { ConfirmDialog } from "../../pos/panels/confirm-dialog";
import { AllergyWarning } from "../components/allergy-warning";
import { FileListFilters, type FileListProps, FileListTable, fileListProps, RowMenu } from "../components/file-list";
import type { DentalPatientSummary } from "../components/types";
import { useDentalRights } from "../dental-layout";
import { firstIssue, PatientLink, PrescriptionStatusBadge, saveBase64, textareaClass, useLocalList } from "./common";

export interface PrescriptionListRow {
  id: string;
  number: number;
  patientId: string;
  patientName: string;
  patientNumber: number;
  items: PrescriptionItem[];
  status: PrescriptionStatus;
  dentistName: string | null;
  issuedAt: string;
}

/** The prescriptions table of the tab and of /home/dental/prescriptions: print, complete, cancel. */
export function PrescriptionsTable(props: FileListProps<PrescriptionListRow>) {
  const { rows, showPatient } = props;
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirm, setConfirm] = React.useState<{ row: PrescriptionListRow; status: PrescriptionStatus } | null>(null);
  const [printing, setPrinting] = React.useState<string | null>(null);
  const setStatus = useMutation(
    trpc.dental.setPrescriptionStatus.mutationOptions({
      onSuccess: async (rx) => {
        await qc.invalidateQueries(trpc.dental.getPrescriptions.pathFilter());
        setConfirm(null);
        toast({ variant: "success", title: t(`dentalFiles:prescriptions.toast.${rx.status}`), description: t("dentalFiles:prescriptions.numbered", { number: rx.number }) });
      },
    }),
  );
  const print = async (row: PrescriptionListRow) => {
    setPrinting(row.id);
    try {
      const file = await qc.fetchQuery(trpc.dental.getPrescriptionPdf.queryOptions({ id: row.id, language: i18n.language === "en" ? "en" : "es" }, { staleTime: 0 }));
      saveBase64(file);
    } finally {
      setPrinting(null);
    }
  };
  const cols = showPatient ? 6 : 5;
  return (
    <>
      <FileListTable
        {...props}
        label={t("dentalFiles:prescriptions.title")}
        cols={cols}
        emptyTestId="prescriptions-empty"
        head={
          <>
            <TH>{t("dentalFiles:prescriptions.columns.number")}</TH>
            {showPatient ? <TH>{t("dentalFiles:columns.patient")}</TH> : null}
            <TH>{t("dentalFiles:prescriptions.columns.medications")}</TH>
            <TH className="hidden md:table-cell">{t("dentalFiles:prescriptions.columns.dentist")}</TH>
            <TH>{t("dentalFiles:columns.status")}</TH>
            <TH>
              <span className="sr-only">{t("dentalFiles:columns.actions")}</span>
            </TH>
          </>
        }
      >
        {rows.map((rx) => (
          <TR key={rx.id} data-testid="prescription-row">
            <TD stack="primary">
              <div className="font-medium">{t("dentalFiles:prescriptions.numbered", { number: rx.number })}</div>
              <div className="text-xs text-muted-foreground">{formatDate(rx.issuedAt, i18n.language)}</div>
            </TD>
            {showPatient ? (
              <TD label={t("dentalFiles:columns.patient")}>
                <PatientLink id={rx.patientId} name={rx.patientName} number={rx.patientNumber} tab="prescriptions" />
              </TD>
            ) : null}
            <TD label={t("dentalFiles:prescriptions.columns.medications")}>
              <ul className="grid gap-0.5">
                {rx.items.map((item, i) => (
                  <li key={`${rx.id}-${i}`} className="break-words">
                    <span className="font-medium">{item.medication}</span> <span className="text-muted-foreground">· {item.dosage} · {item.frequency}</span>
                  </li>
                ))}
              </ul>
            </TD>
            <TD className="hidden md:table-cell" label={t("dentalFiles:prescriptions.columns.dentist")}>
              {rx.dentistName ?? "—"}
            </TD>
            <TD label={t("dentalFiles:columns.status")}>
              <PrescriptionStatusBadge status={rx.status} />
            </TD>
            <TD stack="actions" className="whitespace-nowrap text-right">
              <Button variant="outline" size="sm" onClick={() => void print(rx)} disabled={printing === rx.id} data-testid="prescription-print">
                <FileDown />
                {t("dentalFiles:prescriptions.print")}
              </Button>
              {nextPrescriptionStatuses(rx.status).length > 0 ? (
                <RowMenu label={t("dentalFiles:prescriptions.menu", { number: rx.number })} testId="prescription-menu">
                  <DropdownMenuItem onSelect={() => setConfirm({ row: rx, status: "completed" })} data-testid="prescription-complete">
                    <CheckCircle2 />
                    {t("dentalFiles:prescriptions.complete")}
                  </DropdownMenuItem>
                  <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setConfirm({ row: rx, status: "cancelled" })} data-testid="prescription-cancel">
                    <XCircle />
                    {t("dentalFiles:prescriptions.cancel")}
                  </DropdownMenuItem>
                </RowMenu>
              ) : null}
            </TD>
          </TR>
        ))}
      </FileListTable>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`dentalFiles:prescriptions.confirm.${confirm.status}.title`, { number: confirm.row.number }) : ""}
        description={confirm ? t(`dentalFiles:prescriptions.confirm.${confirm.status}.body`) : ""}
        confirmLabel={confirm ? t(`dentalFiles:prescriptions.confirm.${confirm.status}.action`) : ""}
        destructive={confirm?.status === "cancelled"}
        busy={setStatus.isPending}
        onConfirm={() => confirm && setStatus.mutate({ id: confirm.row.id, status: confirm.status })}
        onCancel={() => setConfirm(null)}
        testId="prescription-status-dialog"
      />
    </>
  );
}

/** The status filter's choices. */
export function prescriptionStatusOptions(t: (k: string) => string) {
  return PRESCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`dentalFiles:prescriptionStatus.${s}`) }));
}

const emptyItem = (): Record<keyof PrescriptionItem, string> => ({ medication: "", dosage: "", frequency: "", duration: "", quantity: "", instructions: "" });

/** New prescription: the patient's allergies first, the dentist, one or more medications, pharmacy notes. */
function PrescriptionDialog({ patient, onDone }: { patient: DentalPatientSummary; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const dentists = useQuery(trpc.dental.getDentists.queryOptions());
  const [dentistId, setDentistId] = React.useState("");
  const [items, setItems] = React.useState([emptyItem()]);
  const [notes, setNotes] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!dentistId && dentists.data?.length === 1) setDentistId(dentists.data[0]!.id);
  }, [dentists.data, dentistId]);
  const create = useMutation(
    trpc.dental.createPrescription.mutationOptions({
      onSuccess: async (rx) => {
        await qc.invalidateQueries(trpc.dental.getPrescriptions.pathFilter());
        toast({ variant: "success", title: t("dentalFiles:prescriptions.toast.created"), description: t("dentalFiles:prescriptions.numbered", { number: rx.number }) });
        onDone();
      },
    }),
  );
  const submit = () => {
    const parsed = createPrescriptionInput.safeParse({ patientId: patient.id, dentistId: dentistId || undefined, items, pharmacyNotes: notes });
    if (!parsed.success) return setError(firstIssue(parsed.error.issues));
    setError(null);
    create.mutate(parsed.data);
  };
  const setItem = (index: number, key: keyof PrescriptionItem, value: string) => setItems((list) => list.map((item, i) => (i === index ? { ...item, [key]: value } : item)));
  const field = (index: number, key: keyof PrescriptionItem, className = "") => (
    <div className={`grid gap-1 ${className}`}>
      <Label htmlFor={`rx-${index}-${key}`} className="text-xs">
        {t(`dentalFiles:prescriptions.fields.${key}`)}
      </Label>
      <Input id={`rx-${index}-${key}`} value={items[index]![key]} onChange={(e) => setItem(index, key, e.target.value)} autoFocus={index === 0 && key === "medication" && !!dentistId} data-testid={`rx-${key}`} />
    </div>
  );
  return (
    <FormDialog
      testId="prescription-dialog"
      className="max-h-[92vh] max-w-2xl overflow-y-auto"
      title={t("dentalFiles:prescriptions.new")}
      description={t("dentalFiles:prescriptions.newFor", { name: patient.name })}
      onSubmit={submit}
      cancelLabel={t("dentalFiles:actions.cancel")}
      onCancel={onDone}
      submit={
        <Button type="submit" disabled={create.isPending} data-testid="prescription-save">
          {t("dentalFiles:prescriptions.save")}
        </Button>
      }
    >
      <AllergyWarning allergies={patient.allergies} />
      <div className="grid gap-1.5">
        <Label htmlFor="rx-dentist">{t("dentalFiles:prescriptions.fields.dentist")}</Label>
        <NativeSelect id="rx-dentist" value={dentistId} onChange={(e) => setDentistId(e.target.value)} autoFocus data-testid="rx-dentist">
          <option value="">{t("dentalFiles:prescriptions.chooseDentist")}</option>
          {(dentists.data ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </NativeSelect>
        {dentists.data && dentists.data.length === 0 ? <p className="text-xs text-muted-foreground">{t("dentalFiles:prescriptions.noDentists")}</p> : null}
      </div>
      {items.map((_, index) => (
        <fieldset key={`item-${index}`} className="grid gap-2 rounded-md border p-3" data-testid="rx-item">
          <legend className="px-1 text-sm font-medium">{t("dentalFiles:prescriptions.medicationN", { n: index + 1 })}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {field(index, "medication", "sm:col-span-2")}
            {field(index, "dosage")}
            {field(index, "frequency")}
            {field(index, "duration")}
            {field(index, "quantity")}
            {field(index, "instructions", "sm:col-span-2")}
          </div>
          {items.length > 1 ? (
            <Button type="button" variant="ghost" size="sm" className="justify-self-end text-destructive" onClick={() => setItems((list) => list.filter((__, i) => i !== index))}>
              <Trash2 />
              {t("dentalFiles:prescriptions.removeMedication", { n: index + 1 })}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {items.length < 20 ? (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => setItems((list) => [...list, emptyItem()])} data-testid="rx-add-item">
          <Plus />
          {t("dentalFiles:prescriptions.addMedication")}
        </Button>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="rx-notes">{t("dentalFiles:prescriptions.fields.pharmacyNotes")}</Label>
        <textarea id="rx-notes" className={textareaClass} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="prescription-error">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** The profile's prescriptions tab (right 'prescribe'). */
export function PrescriptionsTab({ patient }: { patient: DentalPatientSummary }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { has } = useDentalRights();
  const list = useLocalList<PrescriptionStatus>();
  const [creating, setCreating] = React.useState(false);
  const query = useQuery({ ...trpc.dental.getPrescriptions.queryOptions({ patientId: patient.id, page: list.page, pageSize: list.pageSize, search: list.search, status: list.filter ?? undefined }), placeholderData: keepPreviousData, enabled: has("prescribe") });
  if (!has("prescribe")) return <p className="text-sm text-muted-foreground">{t("dentalFiles:noAccess")}</p>;
  return (
    <div className="grid gap-4" data-testid="prescriptions-tab">
      <FileListFilters
        inTab
        search={{ label: t("dentalFiles:prescriptions.search"), value: list.text, onChange: list.setText }}
        filter={{ id: "rx-status", label: t("dentalFiles:columns.status"), allLabel: t("dentalFiles:allStatuses"), value: list.filter, options: prescriptionStatusOptions(t), onChange: list.setFilter }}
      >
        <Button onClick={() => setCreating(true)} data-testid="new-prescription">
          <Pill />
          {t("dentalFiles:prescriptions.new")}
        </Button>
      </FileListFilters>
      <PrescriptionsTable {...fileListProps(query, list, { showPatient: false, empty: list.search || list.filter ? t("dentalFiles:emptySearch") : t("dentalFiles:prescriptions.emptyPatient") })} />
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating ? <PrescriptionDialog patient={patient} onDone={() => setCreating(false)} /> : null}
      </Dialog>
    </div>
  );
}

