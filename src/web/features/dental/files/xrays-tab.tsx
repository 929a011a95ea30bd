import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ImageUp, ScanLine } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { XRAY_TYPES, type XrayType } from "../../../../shared/dental/constants";
import { createXrayInput, XRAY_ACCEPT } from "../../../../shared/dental/files";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { PaginationBar } from "../../../components/pagination";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/dates";
import { FileListFilters, type FileListProps, fileListProps } from "../components/file-list";
import { ToothChartSelector } from "../components/tooth-chart-selector";
import type { DentalPatientSummary } from "../components/types";
import { useDentalRights } from "../dental-layout";
import { firstIssue, localToday, PatientLink, teethText, textareaClass, uploadDentalFile, useLocalList } from "./common";
import { AnnotatedImage } from "./xray-image";
import { type XrayView, XrayViewer } from "./xray-viewer";

export type XrayRow = XrayView & { patientId: string; patientNumber: number };

export function xrayTypeOptions(t: (k: string) => string) {
  return XRAY_TYPES.map((x) => ({ value: x, label: t(`dentalFiles:xrayType.${x}`) }));
}

/** The x-rays as cards (thumbnail with its annotations, type, date, teeth, findings); a card opens the viewer. */
export function XrayGrid({ rows, loading, pagination, onPage, onPageSize, showPatient, empty }: FileListProps<XrayRow>) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = React.useState<XrayRow | null>(null);
  return (
    <>
      {loading ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <p className="rounded-md border py-10 text-center text-sm text-muted-foreground" data-testid="xrays-empty">
          {empty}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("dentalFiles:xrays.title")}>
          {rows.map((x) => (
            <li key={x.id} className="grid content-start overflow-hidden rounded-[var(--radius-card)] border bg-card" data-testid="xray-card" data-xray-id={x.id}>
              <button type="button" className="block bg-black focus-visible:outline-2 focus-visible:outline-ring" onClick={() => setOpen(x)} aria-label={t("dentalFiles:xrays.open", { type: t(`dentalFiles:xrayType.${x.type}`), date: formatDate(x.takenAt, i18n.language) })} data-testid="xray-open">
                <AnnotatedImage src={x.fileUrl} alt="" annotations={x.annotations} className="mx-auto max-h-56 w-fit" imgClassName="max-h-56 w-auto" />
              </button>
              <div className="grid gap-1 p-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{t(`dentalFiles:xrayType.${x.type}`)}</span>
                  <span className="text-xs text-muted-foreground">{formatDate(x.takenAt, i18n.language)}</span>
                </div>
                {showPatient ? <PatientLink id={x.patientId} name={x.patientName} number={x.patientNumber} tab="xrays" /> : null}
                <span className="text-xs text-muted-foreground">
                  {t("dentalFiles:columns.teeth")}: {teethText(x.teeth)}
                  {x.annotations.length ? ` · ${t("dentalFiles:xrays.shapeCount", { count: x.annotations.length })}` : ""}
                </span>
                {x.findings ? <p className="line-clamp-2 break-words">{x.findings}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <PaginationBar pagination={pagination} onPage={onPage} onPageSize={onPageSize} />
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        {open ? <XrayViewer xray={open} onClose={() => setOpen(null)} /> : null}
      </Dialog>
    </>
  );
}

/** Upload one or more images of one session: type, teeth, findings, taken by, date. */
function XrayUploadDialog({ patient, onDone }: { patient: DentalPatientSummary; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [files, setFiles] = React.useState<File[]>([]);
  const [type, setType] = React.useState<XrayType | "">("");
  const [teeth, setTeeth] = React.useState<number[]>([]);
  const [findings, setFindings] = React.useState("");
  const [takenBy, setTakenBy] = React.useState("");
  const [takenAt, setTakenAt] = React.useState(localToday());
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const create = useMutation(trpc.dental.createXray.mutationOptions());
  const submit = async () => {
    if (files.length === 0) return setError(t("dentalFiles:errors.imageRequired"));
    const check = createXrayInput.safeParse({ patientId: patient.id, type: type || undefined, files: [{ url: "/api/dental/files/00000000-0000-0000-0000-000000000000.png", name: "x" }], teeth, findings, takenBy, takenAt });
    if (!check.success) return setError(firstIssue(check.error.issues));
    setError(null);
    setBusy(true);
    try {
      const uploaded = [];
      for (const file of files) uploaded.push(await uploadDentalFile(file));
      await create.mutateAsync({ ...check.data, files: uploaded.map((u) => ({ url: u.url, name: u.name })) });
      await qc.invalidateQueries(trpc.dental.getXrays.pathFilter());
      toast({ variant: "success", title: t("dentalFiles:xrays.uploaded", { count: files.length }) });
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      testId="xray-dialog"
      className="max-h-[92vh] max-w-xl overflow-y-auto"
      title={t("dentalFiles:xrays.new")}
      description={t("dentalFiles:xrays.newFor", { name: patient.name })}
      onSubmit={() => void submit()}
      cancelLabel={t("dentalFiles:actions.cancel")}
      onCancel={onDone}
      submit={
        <Button type="submit" disabled={busy} data-testid="xray-upload-save">
          {busy ? t("dentalFiles:actions.uploading") : t("dentalFiles:xrays.upload")}
        </Button>
      }
    >
      <div className="grid gap-1.5">
        <Label htmlFor="xray-files">{t("dentalFiles:xrays.fields.images")}</Label>
        <Input id="xray-files" type="file" accept={XRAY_ACCEPT} multiple autoFocus onChange={(e) => setFiles(Array.from(e.target.files ?? []))} data-testid="xray-files" />
        <p className="text-xs text-muted-foreground">{t("dentalFiles:xrays.imagesHint")}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="xray-type">{t("dentalFiles:xrays.fields.type")}</Label>
          <NativeSelect id="xray-type" value={type} onChange={(e) => setType(e.target.value as XrayType | "")} data-testid="xray-type">
            <option value="">{t("dentalFiles:xrays.chooseType")}</option>
            {xrayTypeOptions(t).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="xray-date">{t("dentalFiles:xrays.fields.takenAt")}</Label>
          <Input id="xray-date" type="date" value={takenAt} onChange={(e) => setTakenAt(e.target.value)} data-testid="xray-date" />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="xray-teeth">{t("dentalFiles:xrays.fields.teeth")}</Label>
        <ToothChartSelector id="xray-teeth" value={teeth} onChange={setTeeth} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="xray-taken-by">{t("dentalFiles:xrays.fields.takenBy")}</Label>
        <Input id="xray-taken-by" value={takenBy} onChange={(e) => setTakenBy(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="xray-new-findings">{t("dentalFiles:xrays.fields.findings")}</Label>
        <textarea id="xray-new-findings" className={textareaClass} rows={2} value={findings} onChange={(e) => setFindings(e.target.value)} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="xray-error">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** The profile's x-rays tab (rights 'files' and 'confidential'). */
export function XraysTab({ patient }: { patient: DentalPatientSummary }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { has } = useDentalRights();
  const allowed = has("files") && has("confidential");
  const list = useLocalList<XrayType>(12);
  const [creating, setCreating] = React.useState(false);
  const query = useQuery({ ...trpc.dental.getXrays.queryOptions({ patientId: patient.id, page: list.page, pageSize: list.pageSize, search: list.search, type: list.filter ?? undefined }), placeholderData: keepPreviousData, enabled: allowed });
  if (!allowed) return <p className="text-sm text-muted-foreground">{t("dentalFiles:xrays.noAccess")}</p>;
  return (
    <div className="grid gap-4" data-testid="xrays-tab">
      <FileListFilters
        inTab
        search={{ label: t("dentalFiles:xrays.search"), value: list.text, onChange: list.setText }}
        filter={{ id: "xray-type-filter", label: t("dentalFiles:xrays.fields.type"), allLabel: t("dentalFiles:allTypes"), value: list.filter, options: xrayTypeOptions(t), onChange: list.setFilter }}
      >
        <Button onClick={() => setCreating(true)} data-testid="new-xray">
          <ImageUp />
          {t("dentalFiles:xrays.new")}
        </Button>
      </FileListFilters>
      <XrayGrid
        {...fileListProps(query, list, {
          showPatient: false,
          empty:
            list.search || list.filter ? (
              t("dentalFiles:emptySearch")
            ) : (
              <span className="grid justify-items-center gap-2">
                <ScanLine className="size-8" aria-hidden />
                {t("dentalFiles:xrays.emptyPatient")}
              </span>
            ),
        })}
      />
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating ? <XrayUploadDialog patient={patient} onDone={() => setCreating(false)} /> : null}
      </Dialog>
    </div>
  );
}
