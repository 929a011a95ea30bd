import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, FileUp, Lock, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { DOCUMENT_TYPES, type DocumentType } from "../../../../shared/dental/constants";
import { createDocumentInput, DOCUMENT_ACCEPT } from "../../../../shared/dental/files";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { TD, TH, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/dates";
import { ConfirmDialog } from "../../pos/panels/confirm-dialog";
import { FileListFilters, FileListTable } from "../components/file-list";
import type { DentalPatientSummary } from "../components/types";
import { useDentalRights } from "../dental-layout";
import { firstIssue, formatSize, uploadDentalFile, useLocalList } from "./common";

/** The document's name with its file's extension, for the browser's download. */
function downloadName(name: string, url: string): string {
  const ext = url.slice(url.lastIndexOf("."));
  return name.toLowerCase().endsWith(ext) ? name : `${name}${ext}`;
}

const typeOptions = (t: (k: string) => string) => DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`dentalFiles:documentType.${d}`) }));

/** Upload a document: the file and the type are both required (spec 03), max 10 MB; name, tags, confidential. */
function DocumentDialog({ patient, canConfidential, onDone }: { patient: DentalPatientSummary; canConfidential: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [file, setFile] = React.useState<File | null>(null);
  const [name, setName] = React.useState("");
  const [type, setType] = React.useState<DocumentType | "">("");
  const [tags, setTags] = React.useState("");
  const [confidential, setConfidential] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const create = useMutation({ ...trpc.dental.createDocument.mutationOptions(), meta: { silent: true } });
  const submit = async () => {
    if (!file) return setError(t("dentalFiles:errors.documentFileRequired"));
    const draft = { patientId: patient.id, name: name.trim() || file.name, type: type || undefined, fileUrl: "/api/dental/files/00000000-0000-0000-0000-000000000000.pdf", tags: tags.split(",").map((s) => s.trim()).filter(Boolean), isConfidential: confidential };
    const check = createDocumentInput.safeParse(draft);
    if (!check.success) return setError(firstIssue(check.error.issues));
    setError(null);
    setBusy(true);
    try {
      const uploaded = await uploadDentalFile(file);
      await create.mutateAsync({ ...check.data, fileUrl: uploaded.url });
      await qc.invalidateQueries(trpc.dental.getDocuments.pathFilter());
      toast({ variant: "success", title: t("dentalFiles:documents.toast.uploaded"), description: check.data.name });
      onDone();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setError(message);
      toast({ variant: "destructive", title: t("dentalFiles:errors.uploadDocument"), description: message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      testId="document-dialog"
      className="max-h-[92vh] max-w-lg overflow-y-auto"
      title={t("dentalFiles:documents.new")}
      description={t("dentalFiles:documents.newFor", { name: patient.name })}
      onSubmit={() => void submit()}
      cancelLabel={t("dentalFiles:actions.cancel")}
      onCancel={onDone}
      submit={
        <Button type="submit" disabled={busy} data-testid="document-save">
          {busy ? t("dentalFiles:actions.uploading") : t("dentalFiles:documents.upload")}
        </Button>
      }
    >
      <div className="grid gap-1.5">
        <Label htmlFor="doc-file">{t("dentalFiles:documents.fields.file")}</Label>
        <Input id="doc-file" type="file" accept={DOCUMENT_ACCEPT} autoFocus onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="document-file" />
        <p className="text-xs text-muted-foreground">{t("dentalFiles:documents.fileHint")}</p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="doc-type">{t("dentalFiles:documents.fields.type")}</Label>
        <NativeSelect id="doc-type" value={type} onChange={(e) => setType(e.target.value as DocumentType | "")} data-testid="document-type">
          <option value="">{t("dentalFiles:documents.chooseType")}</option>
          {typeOptions(t).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="doc-name">{t("dentalFiles:documents.fields.name")}</Label>
        <Input id="doc-name" value={name} placeholder={file?.name ?? ""} onChange={(e) => setName(e.target.value)} data-testid="document-name" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="doc-tags">{t("dentalFiles:documents.fields.tags")}</Label>
        <Input id="doc-tags" value={tags} placeholder={t("dentalFiles:documents.tagsHint")} onChange={(e) => setTags(e.target.value)} data-testid="document-tags" />
      </div>
      {canConfidential ? (
        <div className="flex items-start gap-3 rounded-md border p-3">
          <Switch id="doc-confidential" checked={confidential} onCheckedChange={setConfidential} data-testid="document-confidential" />
          <div className="grid gap-0.5">
            <Label htmlFor="doc-confidential">{t("dentalFiles:documents.fields.confidential")}</Label>
            <p className="text-xs text-muted-foreground">{t("dentalFiles:documents.confidentialHint")}</p>
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="document-error">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** The profile's documents tab (right 'files'; confidential documents only with 'confidential'). */
export function DocumentsTab({ patient }: { patient: DentalPatientSummary }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { has } = useDentalRights();
  const list = useLocalList<DocumentType>();
  const [creating, setCreating] = React.useState(false);
  const [deleting, setDeleting] = React.useState<{ id: string; name: string } | null>(null);
  const query = useQuery({ ...trpc.dental.getDocuments.queryOptions({ patientId: patient.id, page: list.page, pageSize: list.pageSize, search: list.search, type: list.filter ?? undefined }), placeholderData: keepPreviousData, enabled: has("files") });
  const remove = useMutation({
    ...trpc.dental.deleteDocument.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.dental.getDocuments.pathFilter());
        toast({ variant: "success", title: t("dentalFiles:documents.toast.deleted"), description: deleting?.name });
        setDeleting(null);
      },
      onError: (e) => toast({ variant: "destructive", title: t("dentalFiles:errors.deleteDocument"), description: e.message }),
    }),
    meta: { silent: true },
  });
  if (!has("files")) return <p className="text-sm text-muted-foreground">{t("dentalFiles:noAccess")}</p>;
  const rows = query.data?.data ?? [];
  return (
    <div className="grid gap-4" data-testid="documents-tab">
      <FileListFilters
        inTab
        search={{ label: t("dentalFiles:documents.search"), value: list.text, onChange: list.setText }}
        filter={{ id: "doc-type-filter", label: t("dentalFiles:documents.fields.type"), allLabel: t("dentalFiles:allTypes"), value: list.filter, options: typeOptions(t), onChange: list.setFilter }}
      >
        <Button onClick={() => setCreating(true)} data-testid="new-document">
          <FileUp />
          {t("dentalFiles:documents.new")}
        </Button>
      </FileListFilters>
      <FileListTable
        label={t("dentalFiles:documents.title")}
        cols={6}
        rows={rows}
        loading={query.isLoading}
        empty={list.search || list.filter ? t("dentalFiles:emptySearch") : t("dentalFiles:documents.empty")}
        emptyTestId="documents-empty"
        pagination={query.data?.pagination}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        head={
          <>
            <TH>{t("dentalFiles:documents.fields.name")}</TH>
            <TH>{t("dentalFiles:documents.fields.type")}</TH>
            <TH className="hidden md:table-cell">{t("dentalFiles:documents.columns.size")}</TH>
            <TH className="hidden md:table-cell">{t("dentalFiles:documents.columns.date")}</TH>
            <TH>{t("dentalFiles:documents.fields.tags")}</TH>
            <TH>
              <span className="sr-only">{t("dentalFiles:columns.actions")}</span>
            </TH>
          </>
        }
      >
        {rows.map((d) => (
          <TR key={d.id} data-testid="document-row">
            <TD stack="primary">
              <a href={d.fileUrl} download={downloadName(d.name, d.fileUrl)} className="inline-flex items-center gap-1.5 font-medium break-words hover:underline" data-testid="document-link">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                {d.name}
              </a>
              {d.isConfidential ? (
                <Badge variant="warning" className="ml-2 gap-1" data-testid="document-confidential-badge">
                  <Lock className="size-3" aria-hidden />
                  {t("dentalFiles:documents.confidential")}
                </Badge>
              ) : null}
            </TD>
            <TD label={t("dentalFiles:documents.fields.type")}>{t(`dentalFiles:documentType.${d.type}`)}</TD>
            <TD className="hidden whitespace-nowrap md:table-cell" label={t("dentalFiles:documents.columns.size")}>
              {formatSize(d.fileSize, i18n.language)}
            </TD>
            <TD className="hidden whitespace-nowrap md:table-cell" label={t("dentalFiles:documents.columns.date")}>
              {formatDate(d.createdAt, i18n.language)}
            </TD>
            <TD label={t("dentalFiles:documents.fields.tags")}>
              <span className="flex flex-wrap gap-1">
                {d.tags.length
                  ? d.tags.map((tag) => (
                      <Badge key={tag} variant="outline">
                        {tag}
                      </Badge>
                    ))
                  : "—"}
              </span>
            </TD>
            <TD stack="actions" className="text-right">
              <Button variant="ghost" size="icon" className="text-destructive" aria-label={t("dentalFiles:documents.delete", { name: d.name })} onClick={() => setDeleting({ id: d.id, name: d.name })} data-testid="document-delete">
                <Trash2 />
              </Button>
            </TD>
          </TR>
        ))}
      </FileListTable>
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating ? <DocumentDialog patient={patient} canConfidential={has("confidential")} onDone={() => setCreating(false)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t("dentalFiles:documents.deleteDialog.title")}
        description={t("dentalFiles:documents.deleteDialog.body", { name: deleting?.name ?? "" })}
        confirmLabel={t("dentalFiles:documents.deleteDialog.confirm")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
        testId="delete-document-dialog"
      />
    </div>
  );
}
