import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Save } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { DOCUMENT_TYPES, TEMPLATE_VARIABLES } from "../../../../shared/legal/constants";
import { isTemplateVariable, templateVariables } from "../../../../shared/legal/variables";
import { useTRPC } from "../../../app/trpc";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field, Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/use-toast";
import { RichTextEditor } from "../editor/rich-text-editor";

type DocType = (typeof DOCUMENT_TYPES)[number];
interface Values {
  name: string;
  description: string;
  documentType: DocType;
  content: string;
  isActive: boolean;
}

/** /home/legal/templates/new and /home/legal/templates/:id: a template in the editor with its variables. */
export function TemplateFormPage() {
  const { id } = useParams();
  const trpc = useTRPC();
  const existing = useQuery({ ...trpc.legalCase.getTemplate.queryOptions({ id: id ?? "" }), enabled: !!id, retry: false });
  if (id && existing.isLoading) return <Skeleton className="h-96 w-full" />;
  const tpl = existing.data;
  return (
    <TemplateForm
      key={tpl?.id ?? "new"}
      id={tpl?.id}
      initial={{ name: tpl?.name ?? "", description: tpl?.description ?? "", documentType: (tpl?.documentType as DocType) ?? "contract", content: tpl?.content ?? "", isActive: tpl?.isActive ?? true }}
    />
  );
}

function TemplateForm({ id, initial }: { id?: string; initial: Values }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = React.useState<Values>(initial);
  const [error, setError] = React.useState<string | undefined>();
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((x) => ({ ...x, [k]: v }));
  const onSuccess = async (saved: { id: string }) => {
    toast({ variant: "success", title: t("legalDocs:templates.saved") });
    await qc.invalidateQueries(trpc.legalCase.pathFilter());
    if (!id) await navigate(`/home/legal/templates/${saved.id}`, { replace: true });
  };
  const create = useMutation(trpc.legalCase.createTemplate.mutationOptions({ onSuccess }));
  const update = useMutation(trpc.legalCase.updateTemplate.mutationOptions({ onSuccess }));
  const used = templateVariables(values.content);
  const submit = (e?: React.FormEvent) => {
    e?.preventDefault();
    if (!values.name.trim()) return setError(t("legalDocs:errors.templateNameRequired"));
    const body = { ...values, name: values.name.trim(), description: values.description.trim() || null };
    if (id) update.mutate({ id, ...body });
    else create.mutate(body);
  };
  return (
    <form className="grid min-w-0 gap-4" noValidate onSubmit={submit}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to="/home/legal/templates">
              <ArrowLeft />
              {t("legalDocs:templates.back")}
            </Link>
          </Button>
          <h1 className="text-xl font-semibold">{id ? t("legalDocs:templates.editTitle") : t("legalDocs:templates.newTitle")}</h1>
        </div>
        <Button type="submit" disabled={create.isPending || update.isPending}>
          <Save />
          {t("legalDocs:templates.save")}
        </Button>
      </div>
      <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 gap-4">
          <div className="grid gap-4 md:grid-cols-2">
            <Field label={t("legalDocs:templates.name")} htmlFor="tpl-name" error={error} required>
              <Input
                id="tpl-name"
                value={values.name}
                maxLength={200}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "tpl-name-error" : undefined}
                onChange={(e) => {
                  set("name", e.target.value);
                  setError(undefined);
                }}
              />
            </Field>
            <Field label={t("legalDocs:templates.type")} htmlFor="tpl-type">
              <NativeSelect id="tpl-type" value={values.documentType} onChange={(e) => set("documentType", e.target.value as DocType)}>
                {DOCUMENT_TYPES.map((x) => (
                  <option key={x} value={x}>
                    {t(`legalDocs:documentTypes.${x}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t("legalDocs:templates.description")} htmlFor="tpl-desc" className="md:col-span-2">
              <Input id="tpl-desc" value={values.description} maxLength={500} onChange={(e) => set("description", e.target.value)} />
            </Field>
            <div className="flex items-center gap-2">
              <Switch id="tpl-active" checked={values.isActive} onCheckedChange={(v) => set("isActive", v)} />
              <Label htmlFor="tpl-active">{t("legalDocs:templates.active")}</Label>
            </div>
          </div>
          <RichTextEditor value={values.content} onChange={(html) => set("content", html)} label={t("legalDocs:templates.content")} />
        </div>
        <Card className="grid content-start gap-3 self-start p-4">
          <h2 className="font-semibold">{t("legalDocs:templates.usedVariables")}</h2>
          <ul className="flex flex-wrap gap-1" data-testid="template-variables">
            {used.length === 0 ? <li className="text-sm text-muted-foreground">{t("legalDocs:templates.none")}</li> : null}
            {used.map((v) => (
              <li key={v}>
                <Badge variant={isTemplateVariable(v) ? "secondary" : "warning"} className="font-mono font-normal">
                  {v}
                  {isTemplateVariable(v) ? "" : ` (${t("legalDocs:templates.unknown")})`}
                </Badge>
              </li>
            ))}
          </ul>
          <h2 className="font-semibold">{t("legalDocs:templates.knownVariables")}</h2>
          <ul className="grid gap-0.5 text-xs font-mono text-muted-foreground">
            {TEMPLATE_VARIABLES.map((v) => (
              <li key={v}>{`{{${v}}}`}</li>
            ))}
          </ul>
        </Card>
      </div>
    </form>
  );
}
