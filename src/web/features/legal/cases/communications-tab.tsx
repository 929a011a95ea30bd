import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { ArrowDownLeft, ArrowUpRight, Flag, Mail, Pencil } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { communicationCreateInput, communicationUpdateInput } from "../../../../shared/legal/case";
import { COMMUNICATION_DIRECTIONS, COMMUNICATION_STATUSES, COMMUNICATION_TYPES } from "../../../../shared/legal/constants";
import { type AppRouter, useTRPC } from "../../../app/trpc";
import { EmptyTableRow } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { blanksToNull, FArea, FSelect, FSwitch, FText, fromLocalInput, RecordDialog, toLocalInput, useDialogForm, useEnumOptions } from "./case-common";
import { TabHeader } from "./tab-shell";

type Communication = inferRouterOutputs<AppRouter>["legalCase"]["getCommunications"][number];

/** E-mails, calls, meetings and letters of the case, newest first. */
export function CommunicationsTab({ caseId }: { caseId: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const list = useQuery(trpc.legalCase.getCommunications.queryOptions({ caseId }));
  const [editing, setEditing] = React.useState<Communication | "new" | null>(null);
  const rows = list.data ?? [];
  const lang = i18n.language;
  return (
    <div className="grid gap-3">
      <TabHeader title={t("legal:communications.title")} newLabel={t("legal:communications.new")} onNew={() => setEditing("new")} testId="new-communication" />
      <Table stack aria-label={t("legal:communications.title")}>
        <THead>
          <TR>
            <TH>{t("legal:communications.columns.date")}</TH>
            <TH>{t("legal:communications.columns.subject")}</TH>
            <TH>{t("legal:communications.columns.type")}</TH>
            <TH>{t("legal:communications.columns.people")}</TH>
            <TH>{t("legal:communications.columns.status")}</TH>
            <TH>
              <span className="sr-only">{t("legal:common.actions")}</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {list.isLoading ? <SkeletonRows rows={3} cols={6} /> : null}
          {!list.isLoading && rows.length === 0 ? <EmptyTableRow cols={6} icon={Mail} title={t("legal:communications.empty")} hint={t("legal:communications.emptyHint")} testId="communications-empty" /> : null}
          {rows.map((c) => {
            const Dir = c.direction === "inbound" ? ArrowDownLeft : ArrowUpRight;
            return (
              <TR key={c.id} data-testid="communication-row">
                <TD label={t("legal:communications.columns.date")} className="whitespace-nowrap tabular-nums">
                  {formatDateTime(c.sentAt, lang)}
                </TD>
                <TD stack="primary" className="min-w-48 break-words">
                  <span className="font-medium">{c.subject}</span>
                  {c.content ? <span className="line-clamp-2 block text-xs text-muted-foreground">{c.content}</span> : null}
                  {c.requiresFollowup ? (
                    <span className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-warning">
                      <Flag className="size-3" aria-hidden />
                      {t("legal:communications.followup", { date: formatDate(c.followupDate, lang) })}
                    </span>
                  ) : null}
                </TD>
                <TD label={t("legal:communications.columns.type")}>
                  <span className="inline-flex items-center gap-1">
                    <Dir className="size-4" aria-hidden />
                    {t(`legal:communicationType.${c.type}`)} · {t(`legal:direction.${c.direction}`)}
                  </span>
                </TD>
                <TD label={t("legal:communications.columns.people")} className="break-words">
                  {c.sender ?? "—"}
                  {c.recipients.length > 0 ? <span className="block text-xs text-muted-foreground">→ {c.recipients.join(", ")}</span> : null}
                </TD>
                <TD label={t("legal:communications.columns.status")}>
                  <Badge variant={c.status === "failed" ? "destructive" : c.status === "draft" ? "outline" : "secondary"}>{t(`legal:communicationStatus.${c.status}`)}</Badge>
                </TD>
                <TD stack="actions" className="text-right">
                  {can("legal.update") ? (
                    <Button variant="ghost" size="icon" onClick={() => setEditing(c)} aria-label={t("legal:communications.editNamed", { subject: c.subject })} title={t("legal:common.edit")} data-testid="communication-edit">
                      <Pencil />
                    </Button>
                  ) : null}
                </TD>
              </TR>
            );
          })}
        </TBody>
      </Table>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <DialogContent closeLabel={t("legal:common.cancel")} className="max-h-[92vh] max-w-2xl overflow-y-auto" data-testid="communication-dialog">
            <CommunicationForm caseId={caseId} item={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

function CommunicationForm({ caseId, item, onDone }: { caseId: string; item: Communication | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const options = useEnumOptions();
  const s = (v: string | null | undefined) => v ?? "";
  const f = useDialogForm(
    {
      type: item?.type ?? "email",
      direction: item?.direction ?? "outbound",
      subject: s(item?.subject),
      content: s(item?.content),
      sender: s(item?.sender),
      recipients: (item?.recipients ?? []).join(", "),
      status: item?.status ?? "sent",
      sentAt: toLocalInput(item?.sentAt ?? new Date().toISOString()),
      requiresFollowup: item?.requiresFollowup ?? false,
      followupDate: s(item?.followupDate),
    },
    "communication",
  );
  const done = async (title: string) => {
    await qc.invalidateQueries(trpc.legalCase.getCommunications.pathFilter());
    toast({ variant: "success", title });
    onDone();
  };
  const silent = { meta: { silent: true } };
  const create = useMutation(trpc.legalCase.createCommunication.mutationOptions({ ...silent, onSuccess: () => done(t("legal:communications.created")), onError: f.fail }));
  const update = useMutation(trpc.legalCase.updateCommunication.mutationOptions({ ...silent, onSuccess: () => done(t("legal:communications.updated")), onError: f.fail }));
  const submit = () => {
    const v = f.values;
    const recipients = String(v.recipients)
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    const input = { ...blanksToNull({ ...v, followupDate: v.requiresFollowup ? v.followupDate : "" }), recipients, sentAt: fromLocalInput(String(v.sentAt)) };
    if (item) {
      const parsed = f.check(communicationUpdateInput, { ...input, id: item.id });
      if (parsed) update.mutate(parsed);
    } else {
      const parsed = f.check(communicationCreateInput, { ...input, caseId });
      if (parsed) create.mutate(parsed);
    }
  };
  const pending = create.isPending || update.isPending;
  return (
    <RecordDialog area="communications" editing={!!item} pending={pending} onSubmit={submit} onCancel={onDone} saveTestId="communication-save">
      <div className="grid gap-3 sm:grid-cols-2">
        <FText f={f} name="subject" label={t("legal:communications.fields.subject")} required autoFocus className="sm:col-span-2" />
        <FSelect f={f} name="type" label={t("legal:communications.fields.type")} required options={options("communicationType", COMMUNICATION_TYPES)} />
        <FSelect f={f} name="direction" label={t("legal:communications.fields.direction")} required options={options("direction", COMMUNICATION_DIRECTIONS)} />
        <FText f={f} name="sentAt" type="datetime-local" label={t("legal:communications.fields.sentAt")} />
        <FSelect f={f} name="status" label={t("legal:communications.fields.status")} options={options("communicationStatus", COMMUNICATION_STATUSES)} />
        <FText f={f} name="sender" label={t("legal:communications.fields.sender")} />
        <FText f={f} name="recipients" label={t("legal:communications.fields.recipients")} hint={t("legal:communications.recipientsHint")} />
        <FArea f={f} name="content" label={t("legal:communications.fields.content")} className="sm:col-span-2" rows={4} />
        <FSwitch f={f} name="requiresFollowup" label={t("legal:communications.fields.requiresFollowup")} />
        {f.values.requiresFollowup ? <FText f={f} name="followupDate" type="date" label={t("legal:communications.fields.followupDate")} /> : null}
      </div>
    </RecordDialog>
  );
}
