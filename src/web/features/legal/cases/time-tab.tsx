import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Clock, Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { EMPTY_BILLING, entryAmount } from "../../../../shared/legal/billing";
import { hoursBetween, timeEntryCreateInput, timeEntryUpdateInput } from "../../../../shared/legal/case";
import { TIME_ACTIVITY_TYPES } from "../../../../shared/legal/constants";
import { formatMoney } from "../../../../shared/money/format";
import { type AppRouter, useTRPC } from "../../../app/trpc";
import { EmptyTableRow } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { Skeleton, SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { cn } from "../../../lib/utils";
import { ConfirmDialog } from "../../pos/panels/confirm-dialog";
import { blanksToNull, FArea, FSelect, FSwitch, FText, RecordDialog, useDialogForm, useEnumOptions } from "./case-common";
import { RowMenu, TabHeader } from "./tab-shell";

type TimeEntry = inferRouterOutputs<AppRouter>["legalCase"]["getTimeEntries"]["entries"][number];

/** The case's time entries and what they are worth: billable hours, billable amount and what is not billed yet. */
export function TimeTab({ caseId }: { caseId: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const time = useQuery(trpc.legalCase.getTimeEntries.queryOptions({ caseId }));
  const [editing, setEditing] = React.useState<TimeEntry | "new" | null>(null);
  const [deleting, setDeleting] = React.useState<TimeEntry | null>(null);
  const lang = i18n.language;
  const money = (v: string | null | undefined) => formatMoney(v ?? "0", lang);
  const refresh = async () => {
    await qc.invalidateQueries(trpc.legalCase.getTimeEntries.pathFilter());
    await qc.invalidateQueries(trpc.legalCase.getCase.pathFilter());
  };
  const remove = useMutation(
    trpc.legalCase.deleteTimeEntry.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setDeleting(null);
        toast({ variant: "success", title: t("legal:time.deleted") });
      },
    }),
  );
  const rows = time.data?.entries ?? [];
  const billing = time.data?.billing ?? EMPTY_BILLING;
  const loading = time.isLoading;
  return (
    <div className="grid gap-3">
      <TabHeader title={t("legal:time.title")} newLabel={t("legal:time.new")} onNew={() => setEditing("new")} testId="new-time-entry" />
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-live="polite" data-testid="time-billing">
        <Figure label={t("legal:detail.billableHours")} value={t("legal:common.hours", { hours: billing.billableHours })} testId="billable-hours" loading={loading} />
        <Figure label={t("legal:detail.billableAmount")} value={money(billing.billableAmount)} testId="billable-amount" strong loading={loading} />
        <Figure label={t("legal:detail.unbilledAmount")} value={money(billing.unbilledAmount)} testId="unbilled-amount" loading={loading} />
        <Figure label={t("legal:detail.nonBillableHours")} value={t("legal:common.hours", { hours: billing.nonBillableHours })} testId="non-billable-hours" loading={loading} />
      </dl>
      <Table stack aria-label={t("legal:time.title")}>
        <THead>
          <TR>
            <TH>{t("legal:time.columns.date")}</TH>
            <TH>{t("legal:time.columns.description")}</TH>
            <TH>{t("legal:time.columns.activity")}</TH>
            <TH className="text-right">{t("legal:time.columns.hours")}</TH>
            <TH className="text-right">{t("legal:time.columns.rate")}</TH>
            <TH className="text-right">{t("legal:time.columns.amount")}</TH>
            <TH>{t("legal:time.columns.billing")}</TH>
            <TH>
              <span className="sr-only">{t("legal:common.actions")}</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {time.isLoading ? <SkeletonRows rows={3} cols={8} /> : null}
          {!time.isLoading && rows.length === 0 ? <EmptyTableRow cols={8} icon={Clock} title={t("legal:time.empty")} hint={t("legal:time.emptyHint")} testId="time-empty" /> : null}
          {rows.map((e) => (
            <TR key={e.id} data-testid="time-row">
              <TD label={t("legal:time.columns.date")} className="whitespace-nowrap tabular-nums">
                {formatDate(e.entryDate, lang)}
                {e.startTime && e.endTime ? <span className="block text-xs text-muted-foreground">{`${e.startTime.slice(0, 5)}–${e.endTime.slice(0, 5)}`}</span> : null}
              </TD>
              <TD stack="primary" className="min-w-48 break-words">
                {e.description}
              </TD>
              <TD label={t("legal:time.columns.activity")}>{t(`legal:activityType.${e.activityType}`)}</TD>
              <TD label={t("legal:time.columns.hours")} className="text-right tabular-nums">
                {e.durationHours}
              </TD>
              <TD label={t("legal:time.columns.rate")} className="text-right tabular-nums">
                {e.isBillable ? money(e.hourlyRate) : "—"}
              </TD>
              <TD label={t("legal:time.columns.amount")} className="text-right font-medium tabular-nums">
                {e.isBillable ? money(e.totalAmount) : <span className="text-muted-foreground">{t("legal:time.nonBillable")}</span>}
              </TD>
              <TD label={t("legal:time.columns.billing")}>
                <Badge variant={e.billingStatus === "billed" ? "success" : e.billingStatus === "written_off" ? "outline" : "secondary"}>{t(`legal:billingStatus.${e.billingStatus}`)}</Badge>
              </TD>
              <TD stack="actions" className="text-right">
                {e.billingStatus === "unbilled" && (can("legal.update") || can("legal.delete")) ? (
                  <RowMenu label={t("legal:time.menu", { date: formatDate(e.entryDate, lang) })} testId="time-menu">
                    {can("legal.update") ? (
                      <DropdownMenuItem onSelect={() => setEditing(e)} data-testid="time-edit">
                        <Pencil />
                        {t("legal:common.edit")}
                      </DropdownMenuItem>
                    ) : null}
                    {can("legal.delete") ? (
                      <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setDeleting(e)} data-testid="time-delete">
                        <Trash2 />
                        {t("legal:common.delete")}
                      </DropdownMenuItem>
                    ) : null}
                  </RowMenu>
                ) : null}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <DialogContent closeLabel={t("legal:common.cancel")} className="max-h-[92vh] max-w-2xl overflow-y-auto" data-testid="time-dialog">
            <TimeForm caseId={caseId} entry={editing === "new" ? null : editing} onDone={() => setEditing(null)} onSaved={refresh} />
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t("legal:time.deleteTitle")}
        description={deleting ? t("legal:time.deleteBody", { hours: deleting.durationHours, date: formatDate(deleting.entryDate, lang) }) : ""}
        confirmLabel={t("legal:common.delete")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
        testId="time-delete-dialog"
      />
    </div>
  );
}

function Figure({ label, value, testId, strong, loading }: { label: string; value: string; testId: string; strong?: boolean; loading?: boolean }) {
  return (
    <div className="grid gap-1 rounded-[var(--radius-card)] border bg-card p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      {loading ? (
        <dd>
          <Skeleton className="h-7 w-24" />
        </dd>
      ) : (
        <dd className={cn("text-lg tabular-nums", strong && "font-bold")} data-testid={testId}>
          {value}
        </dd>
      )}
    </div>
  );
}

function TimeForm({ caseId, entry, onDone, onSaved }: { caseId: string; entry: TimeEntry | null; onDone: () => void; onSaved: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const options = useEnumOptions();
  const s = (v: string | null | undefined) => v ?? "";
  const byRange = !!(entry?.startTime && entry?.endTime);
  const [mode, setMode] = React.useState<"duration" | "range">(byRange ? "range" : "duration");
  const f = useDialogForm(
    {
      entryDate: entry?.entryDate ?? todayInSantoDomingo(),
      durationHours: byRange ? "" : s(entry?.durationHours),
      startTime: s(entry?.startTime?.slice(0, 5)),
      endTime: s(entry?.endTime?.slice(0, 5)),
      activityType: entry?.activityType ?? "research",
      description: s(entry?.description),
      isBillable: entry?.isBillable ?? true,
      hourlyRate: s(entry?.hourlyRate),
    },
    "time",
  );
  const done = async (title: string) => {
    await onSaved();
    toast({ variant: "success", title });
    onDone();
  };
  const silent = { meta: { silent: true } };
  const create = useMutation(trpc.legalCase.createTimeEntry.mutationOptions({ ...silent, onSuccess: () => done(t("legal:time.created")), onError: f.fail }));
  const update = useMutation(trpc.legalCase.updateTimeEntry.mutationOptions({ ...silent, onSuccess: () => done(t("legal:time.updated")), onError: f.fail }));
  const v = f.values;
  const submit = () => {
    const base = { ...v, durationHours: mode === "duration" ? v.durationHours : "", startTime: mode === "range" ? v.startTime : "", endTime: mode === "range" ? v.endTime : "" };
    const input = blanksToNull(base);
    if (entry) {
      const parsed = f.check(timeEntryUpdateInput, { ...input, id: entry.id });
      if (parsed) update.mutate(parsed);
    } else {
      const parsed = f.check(timeEntryCreateInput, { ...input, caseId });
      if (parsed) create.mutate(parsed);
    }
  };
  const pending = create.isPending || update.isPending;
  const hours = mode === "range" ? (v.startTime && v.endTime && String(v.endTime) > String(v.startTime) ? hoursBetween(String(v.startTime), String(v.endTime)) : null) : String(v.durationHours).trim() || null;
  const preview = (() => {
    if (!hours || !v.isBillable || !String(v.hourlyRate).trim()) return null;
    try {
      return formatMoney(entryAmount(hours, String(v.hourlyRate).replace(/,/g, ""), true), i18n.language);
    } catch {
      return null;
    }
  })();
  return (
    <RecordDialog area="time" editing={!!entry} pending={pending} onSubmit={submit} onCancel={onDone} saveTestId="time-save">
      <div className="grid gap-3 sm:grid-cols-2">
        <FText f={f} name="entryDate" type="date" label={t("legal:time.fields.entryDate")} required />
        <FSelect f={f} name="activityType" label={t("legal:time.fields.activityType")} required options={options("activityType", TIME_ACTIVITY_TYPES)} />
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t("legal:time.mode")}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {(["duration", "range"] as const).map((m) => (
              <label key={m} className="inline-flex cursor-pointer items-center gap-2">
                <input type="radio" name="time-mode" value={m} checked={mode === m} onChange={() => setMode(m)} className="size-4 accent-[var(--color-primary)]" data-testid={`time-mode-${m}`} />
                {m === "duration" ? t("legal:time.byDuration") : t("legal:time.byRange")}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === "duration" ? (
          <FText f={f} name="durationHours" inputMode="decimal" placeholder="1.50" label={t("legal:time.fields.durationHours")} required className="[&_input]:text-right" autoFocus />
        ) : (
          <>
            <FText f={f} name="startTime" type="time" label={t("legal:time.fields.startTime")} required />
            <FText f={f} name="endTime" type="time" label={t("legal:time.fields.endTime")} required />
          </>
        )}
        <FArea f={f} name="description" label={t("legal:time.fields.description")} required className="sm:col-span-2" rows={2} />
        <FSwitch f={f} name="isBillable" label={t("legal:time.fields.isBillable")} />
        {v.isBillable ? (
          <FText f={f} name="hourlyRate" inputMode="decimal" placeholder="0.00" label={t("legal:time.fields.hourlyRate")} className="[&_input]:text-right" hint={t("legal:time.rateHint")} />
        ) : null}
      </div>
      {preview ? (
        <p className="text-right text-sm" data-testid="time-preview">
          {t("legal:time.preview", { hours, amount: preview })}
        </p>
      ) : null}
    </RecordDialog>
  );
}
