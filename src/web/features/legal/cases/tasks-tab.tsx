import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { ListChecks, Pencil } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { taskCreateInput, taskUpdateInput } from "../../../../shared/legal/case";
import { CASE_PRIORITIES, TASK_STATUSES, TASK_TYPES } from "../../../../shared/legal/constants";
import { formatMoney } from "../../../../shared/money/format";
import { type AppRouter, useTRPC } from "../../../app/trpc";
import { EmptyTableRow } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { CasePriorityBadge } from "./badges";
import { blanksToNull, FArea, FSelect, FSwitch, FText, RecordDialog, useDialogForm, useEnumOptions } from "./case-common";
import { TabHeader } from "./tab-shell";

type Task = inferRouterOutputs<AppRouter>["legalCase"]["getTasks"][number];

/** The case's tasks with their assignee, due date and progress. */
export function TasksTab({ caseId }: { caseId: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const tasks = useQuery(trpc.legalCase.getTasks.queryOptions({ caseId }));
  const attorneys = useQuery(trpc.legalCase.getAttorneys.queryOptions());
  const nameOf = (id: string | null) => (id ? (attorneys.data?.find((a) => a.id === id)?.name ?? "—") : t("legal:tasks.unassigned"));
  const [editing, setEditing] = React.useState<Task | "new" | null>(null);
  const rows = tasks.data ?? [];
  return (
    <div className="grid gap-3">
      <TabHeader title={t("legal:tasks.title")} newLabel={t("legal:tasks.new")} onNew={() => setEditing("new")} testId="new-task" />
      <Table stack aria-label={t("legal:tasks.title")}>
        <THead>
          <TR>
            <TH>{t("legal:tasks.columns.task")}</TH>
            <TH>{t("legal:tasks.columns.assignee")}</TH>
            <TH>{t("legal:tasks.columns.due")}</TH>
            <TH>{t("legal:tasks.columns.priority")}</TH>
            <TH>{t("legal:tasks.columns.status")}</TH>
            <TH>{t("legal:tasks.columns.completion")}</TH>
            <TH>
              <span className="sr-only">{t("legal:common.actions")}</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {tasks.isLoading ? <SkeletonRows rows={3} cols={7} /> : null}
          {!tasks.isLoading && rows.length === 0 ? <EmptyTableRow cols={7} icon={ListChecks} title={t("legal:tasks.empty")} hint={t("legal:tasks.emptyHint")} testId="tasks-empty" /> : null}
          {rows.map((task) => (
            <TR key={task.id} data-testid="task-row">
              <TD stack="primary" className="break-words">
                <span className="font-medium">{task.title}</span>
                <span className="block text-xs text-muted-foreground">
                  {t(`legal:taskType.${task.taskType}`)}
                  {task.isBillable && task.hourlyRate ? ` · ${formatMoney(task.hourlyRate, i18n.language)}/h` : ""}
                </span>
              </TD>
              <TD label={t("legal:tasks.columns.assignee")}>{task.assigneeName ?? nameOf(task.assigneeId)}</TD>
              <TD label={t("legal:tasks.columns.due")} className="whitespace-nowrap tabular-nums">
                {formatDate(task.dueDate, i18n.language)}
                {task.completedDate ? <span className="block text-xs text-muted-foreground">{t("legal:tasks.completedOn", { date: formatDate(task.completedDate, i18n.language) })}</span> : null}
              </TD>
              <TD label={t("legal:tasks.columns.priority")}>
                <CasePriorityBadge priority={task.priority} />
              </TD>
              <TD label={t("legal:tasks.columns.status")}>
                <Badge variant={task.status === "completed" ? "success" : task.status === "cancelled" ? "outline" : task.status === "in_progress" ? "default" : "secondary"}>{t(`legal:taskStatus.${task.status}`)}</Badge>
              </TD>
              <TD label={t("legal:tasks.columns.completion")}>
                <div className="flex min-w-28 items-center gap-2">
                  <div
                    className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
                    role="progressbar"
                    aria-valuenow={task.completionPercentage}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-label={t("legal:tasks.completion", { value: task.completionPercentage })}
                  >
                    <div className="h-full bg-primary" style={{ width: `${task.completionPercentage}%` }} />
                  </div>
                  <span className="text-xs tabular-nums">{task.completionPercentage} %</span>
                </div>
              </TD>
              <TD stack="actions" className="text-right">
                {can("legal.update") ? (
                  <Button variant="ghost" size="icon" onClick={() => setEditing(task)} aria-label={t("legal:tasks.editNamed", { title: task.title })} title={t("legal:common.edit")} data-testid="task-edit">
                    <Pencil />
                  </Button>
                ) : null}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <DialogContent closeLabel={t("legal:common.cancel")} className="max-h-[92vh] max-w-2xl overflow-y-auto" data-testid="task-dialog">
            <TaskForm caseId={caseId} task={editing === "new" ? null : editing} attorneys={attorneys.data ?? []} onDone={() => setEditing(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

function TaskForm({ caseId, task, attorneys, onDone }: { caseId: string; task: Task | null; attorneys: { id: string; name: string }[]; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const options = useEnumOptions();
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  const f = useDialogForm(
    {
      title: s(task?.title),
      taskType: task?.taskType ?? "drafting",
      priority: task?.priority ?? "normal",
      status: task?.status ?? "pending",
      assigneeId: s(task?.assigneeId),
      dueDate: s(task?.dueDate),
      estimatedHours: s(task?.estimatedHours),
      actualHours: s(task?.actualHours),
      isBillable: task?.isBillable ?? true,
      hourlyRate: s(task?.hourlyRate),
      completionPercentage: s(task?.completionPercentage ?? 0),
      description: s(task?.description),
    },
    "task",
  );
  const done = async (title: string) => {
    await qc.invalidateQueries(trpc.legalCase.getTasks.pathFilter());
    toast({ variant: "success", title });
    onDone();
  };
  const silent = { meta: { silent: true } };
  const create = useMutation(trpc.legalCase.createTask.mutationOptions({ ...silent, onSuccess: () => done(t("legal:tasks.created")), onError: f.fail }));
  const update = useMutation(trpc.legalCase.updateTask.mutationOptions({ ...silent, onSuccess: () => done(t("legal:tasks.updated")), onError: f.fail }));
  const submit = () => {
    const v = f.values;
    const pct = String(v.completionPercentage).trim();
    const input = blanksToNull({ ...v, completionPercentage: pct === "" ? undefined : Number.isNaN(Number(pct)) ? pct : Number(pct) });
    if (task) {
      const parsed = f.check(taskUpdateInput, { ...input, id: task.id });
      if (parsed) update.mutate(parsed);
    } else {
      const parsed = f.check(taskCreateInput, { ...input, caseId });
      if (parsed) create.mutate(parsed);
    }
  };
  const pending = create.isPending || update.isPending;
  return (
    <RecordDialog area="tasks" editing={!!task} pending={pending} onSubmit={submit} onCancel={onDone} saveTestId="task-save">
      <div className="grid gap-3 sm:grid-cols-2">
        <FText f={f} name="title" label={t("legal:tasks.fields.title")} required autoFocus className="sm:col-span-2" />
        <FSelect f={f} name="taskType" label={t("legal:tasks.fields.taskType")} required options={options("taskType", TASK_TYPES)} />
        <FSelect f={f} name="assigneeId" label={t("legal:tasks.fields.assignee")} none={t("legal:tasks.unassigned")} options={attorneys.map((a) => ({ value: a.id, label: a.name }))} />
        <FSelect f={f} name="priority" label={t("legal:tasks.fields.priority")} options={options("priority", CASE_PRIORITIES)} />
        <FSelect f={f} name="status" label={t("legal:tasks.fields.status")} options={options("taskStatus", TASK_STATUSES)} />
        <FText f={f} name="dueDate" type="date" label={t("legal:tasks.fields.dueDate")} />
        <FText f={f} name="completionPercentage" inputMode="numeric" label={t("legal:tasks.fields.completionPercentage")} className="[&_input]:text-right" />
        <FText f={f} name="estimatedHours" inputMode="decimal" label={t("legal:tasks.fields.estimatedHours")} className="[&_input]:text-right" />
        <FText f={f} name="actualHours" inputMode="decimal" label={t("legal:tasks.fields.actualHours")} className="[&_input]:text-right" />
        <FSwitch f={f} name="isBillable" label={t("legal:tasks.fields.isBillable")} />
        {f.values.isBillable ? <FText f={f} name="hourlyRate" inputMode="decimal" placeholder="0.00" label={t("legal:tasks.fields.hourlyRate")} className="[&_input]:text-right" /> : null}
        <FArea f={f} name="description" label={t("legal:tasks.fields.description")} className="sm:col-span-2" />
      </div>
    </RecordDialog>
  );
}
