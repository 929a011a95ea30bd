import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, Pencil, Plus } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_TEMPLATES,
  fill,
  MESSAGE_CHANNELS,
  SAMPLE_VALUES,
  TEMPLATE_KINDS,
  type TemplateInput,
  type TemplateOutput,
  templateInput,
  unknownVariables,
} from "../../../../shared/appointments/templates";
import { fieldErrors, useTRPC } from "../../../app/trpc";
import { FormActions } from "../../../components/form-actions";
import { EditDialog, EmptyTableRow } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { DialogDescription, DialogTitle, SheetContent } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { tMessage } from "../../../lib/i18n";
import { ConfigHeader, useErrorToast } from "../config/common";
import { insertAtCursor, MessagePreview, Textarea, VariableChips } from "./common";

type TemplateRow = { id: string; name: string; kind: (typeof TEMPLATE_KINDS)[number]; channel: (typeof MESSAGE_CHANNELS)[number]; subject: string; body: string; is_active: boolean };
type Editing = TemplateRow | { draft: TemplateInput };

/** Plantillas de notificación (spec 03 'notification templates'): list with the active switch, editor with variable chips and a live preview. */
export function TemplatesPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const errorToast = useErrorToast();
  const q = useQuery(trpc.appointment.getTemplates.queryOptions());
  const rows = (q.data ?? []) as TemplateRow[];
  const [editing, setEditing] = React.useState<Editing | "new" | null>(null);
  const lang = i18n.language === "en" ? "en" : "es";
  const setActive = useMutation(
    trpc.appointment.setTemplateActive.mutationOptions({
      meta: { silent: true },
      onSuccess: async (row) => {
        await qc.invalidateQueries(trpc.appointment.getTemplates.pathFilter());
        toast({ variant: "success", title: t(row.is_active ? "appointmentMessages:templates.activated" : "appointmentMessages:templates.deactivated"), description: row.name });
      },
      onError: errorToast(t("appointmentMessages:templates.saveError")),
    }),
  );
  const inUse = (kind: "confirmation" | "reminder") => rows.find((r) => r.kind === kind && r.channel === "email" && r.is_active);

  return (
    <div className="grid gap-4" data-testid="appointment-templates-page">
      <ConfigHeader title={t("appointmentMessages:templates.title")} subtitle={t("appointmentMessages:templates.subtitle")}>
        <Button onClick={() => setEditing("new")} data-testid="new-template">
          <Plus />
          {t("appointmentMessages:templates.new")}
        </Button>
      </ConfigHeader>
      <Card>
        <CardContent className="grid gap-1 pt-5 text-sm" data-testid="templates-in-use">
          <span className="font-medium">{t("appointmentMessages:templates.defaultsTitle")}</span>
          {(["confirmation", "reminder"] as const).map((kind) => {
            const row = inUse(kind);
            const label = t(`appointmentMessages:kinds.${kind}`);
            return (
              <div key={kind} className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-muted-foreground">
                  {row ? t("appointmentMessages:templates.customInUse", { kind: label, name: row.name }) : t("appointmentMessages:templates.defaultInUse", { kind: label })}
                </span>
                {!row && !q.isLoading ? (
                  <Button variant="link" className="h-auto p-0" onClick={() => setEditing({ draft: { ...DEFAULT_TEMPLATES[lang][kind], kind, channel: "email" } })} data-testid={`use-default-${kind}`}>
                    {t("appointmentMessages:templates.useDefault")}
                  </Button>
                ) : null}
              </div>
            );
          })}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-5">
          <Table stack aria-label={t("appointmentMessages:templates.title")}>
            <THead>
              <TR>
                <TH>{t("appointmentMessages:templates.name")}</TH>
                <TH>{t("appointmentMessages:templates.kind")}</TH>
                <TH>{t("appointmentMessages:templates.channel")}</TH>
                <TH className="hidden md:table-cell">{t("appointmentMessages:templates.subject")}</TH>
                <TH>{t("appointmentMessages:templates.active")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {rows.map((r) => (
                <TR key={r.id} data-testid="template-row" data-name={r.name}>
                  <TD stack="primary" className="font-medium">
                    {r.name}
                  </TD>
                  <TD label={t("appointmentMessages:templates.kind")}>
                    <Badge variant={r.kind === "custom" ? "outline" : "secondary"}>{t(`appointmentMessages:kinds.${r.kind}`)}</Badge>
                  </TD>
                  <TD label={t("appointmentMessages:templates.channel")}>{t(`appointmentMessages:channels.${r.channel}`)}</TD>
                  <TD className="hidden max-w-72 truncate md:table-cell">{r.subject || <span className="text-muted-foreground">{t("appointmentMessages:templates.subjectNotUsed")}</span>}</TD>
                  <TD label={t("appointmentMessages:templates.active")}>
                    <Switch
                      checked={r.is_active}
                      disabled={setActive.isPending}
                      onCheckedChange={(v) => setActive.mutate({ id: r.id, is_active: v })}
                      aria-label={t("appointmentMessages:templates.activeLabel", { name: r.name })}
                      data-testid="template-active"
                    />
                  </TD>
                  <TD stack="actions" className="text-right">
                    <Button variant="ghost" size="icon" onClick={() => setEditing(r)} aria-label={t("appointmentMessages:templates.edit", { name: r.name })} title={t("common:actions.edit")} data-testid="edit-template">
                      <Pencil />
                    </Button>
                  </TD>
                </TR>
              ))}
              {q.isLoading ? <SkeletonRows cols={6} /> : null}
              {!q.isLoading && rows.length === 0 ? (
                <EmptyTableRow cols={6} icon={FileText} title={t("appointmentMessages:templates.emptyTitle")} hint={t("appointmentMessages:templates.emptyHint")} testId="templates-empty">
                  <Button variant="outline" onClick={() => setEditing("new")}>
                    {t("appointmentMessages:templates.new")}
                  </Button>
                </EmptyTableRow>
              ) : null}
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(item) => <TemplateSheet item={item} onDone={() => setEditing(null)} />}
      </EditDialog>
    </div>
  );
}

const blank: TemplateInput = { name: "", kind: "custom", channel: "email", subject: "", body: "" };

function TemplateSheet({ item, onDone }: { item: Editing | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const errorToast = useErrorToast();
  const existing = item && "id" in item ? item : null;
  const form = useForm<TemplateInput, unknown, TemplateOutput>({
    resolver: zodResolver(templateInput),
    defaultValues: existing
      ? { id: existing.id, name: existing.name, kind: existing.kind, channel: existing.channel, subject: existing.subject, body: existing.body }
      : item && "draft" in item
        ? item.draft
        : blank,
  });
  const save = useMutation(
    trpc.appointment.saveTemplate.mutationOptions({
      meta: { silent: true },
      onSuccess: async (saved) => {
        await qc.invalidateQueries(trpc.appointment.getTemplates.pathFilter());
        toast({ variant: "success", title: t("appointmentMessages:templates.saved"), description: saved.name });
        onDone();
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          if (["name", "subject", "body", "kind", "channel"].includes(field)) form.setError(field as "name", { message });
        }
        errorToast(t("appointmentMessages:templates.saveError"))(error);
      },
    }),
  );
  const subjectRef = React.useRef<HTMLInputElement | null>(null);
  const bodyRef = React.useRef<HTMLTextAreaElement | null>(null);
  const lastField = React.useRef<"subject" | "body">("body");
  const subjectReg = form.register("subject");
  const bodyReg = form.register("body");
  const [subject = "", body = "", channel] = form.watch(["subject", "body", "channel"]);
  const values = SAMPLE_VALUES[i18n.language === "en" ? "en" : "es"];
  const errors = form.formState.errors;
  const isEmail = channel === "email";

  const insert = (variable: string) => {
    const field = isEmail ? lastField.current : "body";
    const el = field === "subject" ? subjectRef.current : bodyRef.current;
    form.setValue(field, insertAtCursor(el, form.getValues(field) ?? "", `{{${variable}}}`), { shouldDirty: true });
  };

  return (
    <SheetContent closeLabel={t("common:actions.close")} className="max-w-2xl" data-testid="template-sheet">
      <DialogTitle>{existing ? t("appointmentMessages:templates.editorEdit") : t("appointmentMessages:templates.editorNew")}</DialogTitle>
      <DialogDescription>{t("appointmentMessages:templates.editorHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
        <Field label={t("appointmentMessages:templates.name")} htmlFor="template-name" error={tMessage(errors.name?.message)} required>
          <Input id="template-name" autoComplete="off" {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("appointmentMessages:templates.kind")} htmlFor="template-kind" error={tMessage(errors.kind?.message)} required>
            <NativeSelect id="template-kind" {...form.register("kind")}>
              {TEMPLATE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`appointmentMessages:kinds.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("appointmentMessages:templates.channel")} htmlFor="template-channel" error={tMessage(errors.channel?.message)} required>
            <NativeSelect id="template-channel" {...form.register("channel")}>
              {MESSAGE_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {t(`appointmentMessages:channels.${c}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">{t("appointmentMessages:templates.oneActiveHint")}</p>
        {isEmail ? (
          <Field label={t("appointmentMessages:templates.subject")} htmlFor="template-subject" error={tMessage(errors.subject?.message)} required>
            <Input
              id="template-subject"
              autoComplete="off"
              {...subjectReg}
              ref={(el) => {
                subjectReg.ref(el);
                subjectRef.current = el;
              }}
              onFocus={() => {
                lastField.current = "subject";
              }}
              aria-invalid={!!errors.subject}
            />
          </Field>
        ) : null}
        <VariableChips onInsert={insert} />
        <Field label={t("appointmentMessages:templates.body")} htmlFor="template-body" error={tMessage(errors.body?.message)} required>
          <Textarea
            id="template-body"
            rows={8}
            {...bodyReg}
            ref={(el) => {
              bodyReg.ref(el);
              bodyRef.current = el;
            }}
            onFocus={() => {
              lastField.current = "body";
            }}
            aria-invalid={!!errors.body}
          />
        </Field>
        <MessagePreview subject={isEmail ? fill(subject, values) : undefined} body={fill(body, values)} unknown={unknownVariables(`${isEmail ? subject : ""}\n${body}`)} testId="template-preview" />
        <FormActions pending={save.isPending} onCancel={onDone} testId="save-template" />
      </form>
    </SheetContent>
  );
}
