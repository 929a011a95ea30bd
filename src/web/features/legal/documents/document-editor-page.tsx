import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { ArrowLeft, Eye, FileDown, Save } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, SIGNATURE_STATUSES } from "../../../../shared/legal/constants";
import { type AppRouter, useTRPC } from "../../../app/trpc";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field, Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/dates";
import { RichTextEditor } from "../editor/rich-text-editor";
import { DocumentBadges } from "./badges";

/** /home/legal/documents/:id: a document in the rich-text editor, its details, versions and exports. */
export function DocumentEditorPage() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const trpc = useTRPC();
  const doc = useQuery({ ...trpc.legalCase.getDocument.queryOptions({ id }), retry: false, refetchOnWindowFocus: false });
  if (doc.isLoading) return <Skeleton className="h-96 w-full" />;
  if (!doc.data) return <p className="p-4 text-muted-foreground">{t("legalDocs:editorPage.notFound")}</p>;
  return <Editor key={doc.data.id} doc={doc.data} />;
}

type Doc = inferRouterOutputs<AppRouter>["legalCase"]["getDocument"];

function Editor({ doc }: { doc: Doc }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [content, setContent] = React.useState(doc.content);
  const [title, setTitle] = React.useState(doc.title);
  const [baseVersion, setBaseVersion] = React.useState(doc.version);
  const [savedContent, setSavedContent] = React.useState(doc.content);
  const [savedTitle, setSavedTitle] = React.useState(doc.title);
  const [viewing, setViewing] = React.useState<number | null>(null);
  const dirty = content !== savedContent || title !== savedTitle;
  const versions = useQuery(trpc.legalCase.getDocumentVersions.queryOptions({ id: doc.id }));
  const save = useMutation(
    trpc.legalCase.saveDocument.mutationOptions({
      onSuccess: async (saved, vars) => {
        setBaseVersion(saved.version);
        setSavedContent(vars.content);
        setSavedTitle(saved.title);
        toast({ variant: "success", title: t("legalDocs:editorPage.saved", { version: saved.version }) });
        await qc.invalidateQueries(trpc.legalCase.pathFilter());
      },
    }),
  );
  const update = useMutation(
    trpc.legalCase.updateDocument.mutationOptions({
      onSuccess: async () => {
        toast({ variant: "success", title: t("legalDocs:editorPage.updated") });
        await qc.invalidateQueries(trpc.legalCase.getDocument.queryFilter({ id: doc.id }));
      },
    }),
  );
  const doSave = React.useCallback(() => {
    if (save.isPending) return;
    if (!title.trim()) return toast({ variant: "destructive", title: t("legalDocs:errors.titleRequired") });
    save.mutate({ id: doc.id, content, title: title.trim(), baseVersion });
  }, [save, title, content, baseVersion, doc.id, t]);

  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        doSave();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [doSave]);

  const exportUrl = (format: "pdf" | "docx") => `/api/legal/documents/${doc.id}/export?format=${format}`;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to={`/home/legal/cases/${doc.caseId}?tab=documents`}>
            <ArrowLeft />
            {t("legalDocs:editorPage.back")}
          </Link>
        </Button>
        <span className="text-sm text-muted-foreground break-words">
          {t("legalDocs:editorPage.case", { number: doc.caseNumber })} · {doc.caseTitle}
        </span>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor="doc-title-input" className="sr-only">
            {t("legalDocs:documents.name")}
          </Label>
          <Input id="doc-title-input" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} className="text-lg font-semibold" />
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span>
              {doc.documentNumber} · {t("legalDocs:editorPage.versionLabel", { version: baseVersion })}
            </span>
            <DocumentBadges doc={doc} />
            {dirty ? (
              <Badge variant="warning" data-testid="unsaved">
                {t("legalDocs:editorPage.unsaved")}
              </Badge>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={exportUrl("pdf")} download data-testid="export-pdf">
              <FileDown />
              {t("legalDocs:editorPage.exportPdf")}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={exportUrl("docx")} download data-testid="export-docx">
              <FileDown />
              {t("legalDocs:editorPage.exportWord")}
            </a>
          </Button>
          <Button onClick={doSave} disabled={save.isPending} title={t("legalDocs:editorPage.saveHint")} data-testid="save-document">
            <Save />
            {save.isPending ? t("legalDocs:editorPage.saving") : t("legalDocs:editorPage.save")}
            <kbd className="hidden text-xs opacity-70 md:inline">Ctrl+S</kbd>
          </Button>
        </div>
      </div>
      <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <RichTextEditor value={content} onChange={setContent} />
        <div className="grid content-start gap-4">
          <Card className="grid gap-3 p-4">
            <h2 className="font-semibold">{t("legalDocs:editorPage.details")}</h2>
            <Field label={t("legalDocs:documents.type")} htmlFor="doc-type-select">
              <NativeSelect id="doc-type-select" value={doc.documentType} onChange={(e) => update.mutate({ id: doc.id, documentType: e.target.value as (typeof DOCUMENT_TYPES)[number] })}>
                {DOCUMENT_TYPES.map((x) => (
                  <option key={x} value={x}>
                    {t(`legalDocs:documentTypes.${x}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t("legalDocs:documents.status")} htmlFor="doc-status-select">
              <NativeSelect id="doc-status-select" value={doc.status} onChange={(e) => update.mutate({ id: doc.id, status: e.target.value as (typeof DOCUMENT_STATUSES)[number] })}>
                {DOCUMENT_STATUSES.map((x) => (
                  <option key={x} value={x}>
                    {t(`legalDocs:statuses.${x}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t("legalDocs:editorPage.filedDate")} htmlFor="doc-filed">
              <Input id="doc-filed" type="date" defaultValue={doc.filedDate ?? ""} onBlur={(e) => e.target.value !== (doc.filedDate ?? "") && update.mutate({ id: doc.id, filedDate: e.target.value || null })} />
            </Field>
            <div className="flex items-center gap-2">
              <Switch id="doc-conf" checked={doc.isConfidential} onCheckedChange={(v) => update.mutate({ id: doc.id, isConfidential: v })} />
              <Label htmlFor="doc-conf">{t("legalDocs:documents.confidential")}</Label>
            </div>
            <div className="flex items-center gap-2">
              <Switch id="doc-sign" checked={doc.requiresSignature} onCheckedChange={(v) => update.mutate({ id: doc.id, requiresSignature: v })} />
              <Label htmlFor="doc-sign">{t("legalDocs:documents.requiresSignature")}</Label>
            </div>
            {doc.requiresSignature ? (
              <Field label={t("legalDocs:documents.signature")} htmlFor="doc-sign-status">
                <NativeSelect id="doc-sign-status" value={doc.signatureStatus} onChange={(e) => update.mutate({ id: doc.id, signatureStatus: e.target.value as (typeof SIGNATURE_STATUSES)[number] })}>
                  {SIGNATURE_STATUSES.map((x) => (
                    <option key={x} value={x}>
                      {t(`legalDocs:signatureStatuses.${x}`)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            ) : null}
          </Card>
          <Card className="grid gap-2 p-4">
            <h2 className="font-semibold">{t("legalDocs:editorPage.versions")}</h2>
            <ul className="grid gap-1" data-testid="document-versions">
              {(versions.data ?? []).map((v) => (
                <li key={v.version} className="flex items-center justify-between gap-2 text-sm">
                  <span className="min-w-0">
                    <span className="font-medium">{t("legalDocs:editorPage.versionLabel", { version: v.version })}</span>
                    {v.version === baseVersion ? <span className="ml-1 text-xs text-muted-foreground">({t("legalDocs:editorPage.current")})</span> : null}
                    <span className="block text-xs text-muted-foreground break-words">
                      {formatDateTime(v.createdAt)}
                      {v.createdByName ? ` · ${t("legalDocs:editorPage.by", { name: v.createdByName })}` : ""}
                    </span>
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => setViewing(v.version)} aria-label={`${t("legalDocs:editorPage.viewVersion")} ${t("legalDocs:editorPage.versionLabel", { version: v.version })}`}>
                    <Eye />
                    {t("legalDocs:editorPage.viewVersion")}
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)}>
        {viewing !== null ? <VersionView id={doc.id} version={viewing} /> : null}
      </Dialog>
    </div>
  );
}

function VersionView({ id, version }: { id: string; version: number }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const data = useQuery(trpc.legalCase.getDocumentVersion.queryOptions({ id, version }));
  return (
    <DialogContent closeLabel={t("legalDocs:editorPage.closeVersion")} className="max-h-[90vh] max-w-4xl overflow-y-auto">
      <DialogHeader className="pr-8">
        <DialogTitle>{t("legalDocs:editorPage.oldVersion", { version })}</DialogTitle>
        <DialogDescription>{data.data?.title ?? ""}</DialogDescription>
      </DialogHeader>
      {data.data ? <RichTextEditor value={data.data.content} editable={false} /> : <Skeleton className="h-64 w-full" />}
    </DialogContent>
  );
}
