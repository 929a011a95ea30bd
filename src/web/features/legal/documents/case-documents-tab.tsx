import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, Plus } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { DOCUMENT_TYPES } from "../../../../shared/legal/constants";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { EmptyTableRow } from "../../../components/list-page";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field, Label } from "../../../components/ui/label";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { DocumentBadges } from "./badges";

/** The Documentos tab of a case: its documents (confidential ones only for owner and admins) and 'Nuevo documento'. */
export function CaseDocumentsTab({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const docs = useQuery(trpc.legalCase.getDocuments.queryOptions({ caseId }));
  const [creating, setCreating] = React.useState(false);
  return (
    <section className="grid gap-3" aria-labelledby="case-documents-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="case-documents-title" className="text-lg font-semibold">
          {t("legalDocs:documents.title")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/home/legal/templates">{t("legalDocs:documents.templates")}</Link>
          </Button>
          <Button size="sm" onClick={() => setCreating(true)} data-testid="new-document">
            <Plus />
            {t("legalDocs:documents.new")}
          </Button>
        </div>
      </div>
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <THead>
            <TR>
              <TH>{t("legalDocs:documents.name")}</TH>
              <TH className="hidden md:table-cell">{t("legalDocs:documents.type")}</TH>
              <TH>{t("legalDocs:documents.status")}</TH>
              <TH className="hidden md:table-cell">{t("legalDocs:documents.date")}</TH>
              <TH className="hidden lg:table-cell">{t("legalDocs:documents.author")}</TH>
            </TR>
          </THead>
          <TBody>
            {docs.isLoading ? (
              <SkeletonRows rows={3} cols={5} />
            ) : (docs.data ?? []).length === 0 ? (
              <EmptyTableRow cols={5} icon={FileText} title={t("legalDocs:documents.empty")} hint={t("legalDocs:documents.emptyHint")} testId="documents-empty" />
            ) : (
              (docs.data ?? []).map((d) => (
                <TR key={d.id} data-testid="document-row">
                  <TD>
                    <Link to={`/home/legal/documents/${d.id}`} className="font-medium break-words hover:underline">
                      {d.title}
                    </Link>
                    <div className="text-xs text-muted-foreground">
                      {d.documentNumber} · v{d.version}
                    </div>
                  </TD>
                  <TD className="hidden md:table-cell">{t(`legalDocs:documentTypes.${d.documentType}`)}</TD>
                  <TD>
                    <DocumentBadges doc={d} />
                  </TD>
                  <TD className="hidden md:table-cell whitespace-nowrap">{d.documentDate}</TD>
                  <TD className="hidden lg:table-cell">{d.authorName ?? "—"}</TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
      </div>
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating ? <NewDocumentDialog caseId={caseId} onClose={() => setCreating(false)} /> : null}
      </Dialog>
    </section>
  );
}

function NewDocumentDialog({ caseId, onClose }: { caseId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const templates = useQuery(trpc.legalCase.getTemplates.queryOptions({}));
  const [title, setTitle] = React.useState("");
  const [documentType, setDocumentType] = React.useState<(typeof DOCUMENT_TYPES)[number]>("pleading");
  const [templateId, setTemplateId] = React.useState("");
  const [isConfidential, setConfidential] = React.useState(false);
  const [requiresSignature, setRequiresSignature] = React.useState(false);
  const [error, setError] = React.useState<string | undefined>();
  const preview = useQuery({ ...trpc.legalCase.previewTemplate.queryOptions({ templateId, caseId }), enabled: !!templateId });
  const create = useMutation(
    trpc.legalCase.createDocument.mutationOptions({
      onSuccess: async (doc) => {
        await qc.invalidateQueries(trpc.legalCase.getDocuments.queryFilter({ caseId }));
        onClose();
        await navigate(`/home/legal/documents/${doc.id}`);
      },
    }),
  );
  const active = (templates.data ?? []).filter((tpl) => tpl.isActive);
  return (
    <DialogContent closeLabel={t("legalDocs:editor.close")} className="max-h-[90vh] overflow-y-auto">
      <FormDialog
        title={t("legalDocs:documents.new")}
        description={t("legalDocs:documents.newDescription")}
        cancelLabel={t("legalDocs:editor.cancel")}
        onCancel={onClose}
        onSubmit={() => {
          if (!title.trim()) return setError(t("legalDocs:errors.titleRequired"));
          create.mutate({ caseId, title: title.trim(), documentType, templateId: templateId || undefined, isConfidential, requiresSignature });
        }}
        submit={
          <Button type="submit" disabled={create.isPending} data-testid="create-document">
            {create.isPending ? t("legalDocs:documents.creating") : t("legalDocs:documents.create")}
          </Button>
        }
      >
        <Field label={t("legalDocs:documents.name")} htmlFor="doc-title" error={error} required>
          <Input
            id="doc-title"
            value={title}
            maxLength={200}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "doc-title-error" : undefined}
            onChange={(e) => {
              setTitle(e.target.value);
              setError(undefined);
            }}
          />
        </Field>
        <Field label={t("legalDocs:documents.template")} htmlFor="doc-template">
          <NativeSelect
            id="doc-template"
            value={templateId}
            onChange={(e) => {
              setTemplateId(e.target.value);
              const tpl = active.find((x) => x.id === e.target.value);
              if (tpl) {
                setDocumentType(tpl.documentType as (typeof DOCUMENT_TYPES)[number]);
                if (!title.trim()) setTitle(tpl.name);
              }
            }}
          >
            <option value="">{t("legalDocs:documents.noTemplate")}</option>
            {active.map((tpl) => (
              <option key={tpl.id} value={tpl.id}>
                {tpl.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {templateId && preview.data ? (
          <p className={preview.data.unknownVariables.length ? "rounded-md border border-warning bg-warning/10 p-2 text-sm text-foreground" : "text-sm text-muted-foreground"} data-testid="template-preview" role="status">
            {preview.data.unknownVariables.length
              ? t("legalDocs:documents.unknownVariables", { names: preview.data.unknownVariables.map((n) => `{{${n}}}`).join(", "), interpolation: { escapeValue: false } })
              : t("legalDocs:documents.allVariablesKnown")}
          </p>
        ) : null}
        <Field label={t("legalDocs:documents.type")} htmlFor="doc-type">
          <NativeSelect id="doc-type" value={documentType} onChange={(e) => setDocumentType(e.target.value as (typeof DOCUMENT_TYPES)[number])}>
            {DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`legalDocs:documentTypes.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="flex flex-wrap gap-4">
          <div className="flex items-center gap-2">
            <Switch id="doc-confidential" checked={isConfidential} onCheckedChange={setConfidential} />
            <Label htmlFor="doc-confidential">{t("legalDocs:documents.confidential")}</Label>
          </div>
          <div className="flex items-center gap-2">
            <Switch id="doc-signature" checked={requiresSignature} onCheckedChange={setRequiresSignature} />
            <Label htmlFor="doc-signature">{t("legalDocs:documents.requiresSignature")}</Label>
          </div>
        </div>
      </FormDialog>
    </DialogContent>
  );
}
