import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FlaskConical, Pencil } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { LAB_ORDER_STATUSES, type LabOrderStatus } from "../../../../shared/dental/constants";
import { createLabOrderInput, nextLabOrderStatuses, OPEN_LAB_ORDER_STATUSES } from "../../../../shared/dental/files";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { DropdownMenuItem, DropdownMenuSeparator } from "../../../components/ui/dropdown-menu";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { TD, TH, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/dates";
import { cn } from "../../../lib/utils";
import { FileListFilters, type FileListProps, FileListTable, fileListProps, RowMenu } from "../components/file-list";
import { ToothChartSelector } from "../components/tooth-chart-selector";
import type { DentalPatientSummary } from "../components/types";
import { useDentalRights } from "../dental-layout";
import { firstIssue, LabOrderStatusBadge, localToday, PatientLink, teethText, textareaClass, useLocalList } from "./common";

export interface LabOrderListRow {
  id: string;
  number: number;
  patientId: string;
  patientName: string;
  patientNumber: number;
  laboratory: string;
  orderType: string;
  teeth: number[];
  dueDate: string;
  specifications: string | null;
  trackingNumber: string | null;
  cost: string | null;
  status: LabOrderStatus;
  overdue: boolean;
}

export function labStatusOptions(t: (k: string) => string) {
  return LAB_ORDER_STATUSES.map((s) => ({ value: s, label: t(`dentalFiles:labStatus.${s}`) }));
}

/** New or edit: laboratory, order type, teeth, due date, specifications, tracking number, cost. */
function LabOrderDialog({ patientId, patientName, order, onDone }: { patientId: string; patientName: string; order: LabOrderListRow | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [form, setForm] = React.useState({
    laboratory: order?.laboratory ?? "",
    orderType: order?.orderType ?? "",
    dueDate: order?.dueDate ?? localToday(),
    specifications: order?.specifications ?? "",
    trackingNumber: order?.trackingNumber ?? "",
    cost: order?.cost ?? "",
  });
  const [teeth, setTeeth] = React.useState<number[]>(order?.teeth ?? []);
  const [error, setError] = React.useState<string | null>(null);
  const done = async (title: string, number: number) => {
    await qc.invalidateQueries(trpc.dental.getLabOrders.pathFilter());
    toast({ variant: "success", title, description: t("dentalFiles:labOrders.numbered", { number }) });
    onDone();
  };
  const create = useMutation(trpc.dental.createLabOrder.mutationOptions({ onSuccess: (o) => done(t("dentalFiles:labOrders.toast.created"), o.number) }));
  const update = useMutation(trpc.dental.updateLabOrder.mutationOptions({ onSuccess: (o) => done(t("dentalFiles:labOrders.toast.updated"), o.number) }));
  const submit = () => {
    const parsed = createLabOrderInput.safeParse({ patientId, ...form, cost: form.cost.trim() === "" ? null : form.cost, teeth });
    if (!parsed.success) return setError(firstIssue(parsed.error.issues));
    setError(null);
    const { patientId: _p, ...fields } = parsed.data;
    if (order) update.mutate({ id: order.id, ...fields });
    else create.mutate(parsed.data);
  };
  const text = (key: "laboratory" | "orderType" | "trackingNumber" | "cost", extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`lab-${key}`}>{t(`dentalFiles:labOrders.fields.${key}`)}</Label>
      <Input id={`lab-${key}`} value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} data-testid={`lab-${key}`} {...extra} />
    </div>
  );
  return (
    <FormDialog
      testId="lab-order-dialog"
      className="max-h-[92vh] max-w-xl overflow-y-auto"
      title={order ? t("dentalFiles:labOrders.edit", { number: order.number }) : t("dentalFiles:labOrders.new")}
      description={t("dentalFiles:labOrders.for", { name: patientName })}
      onSubmit={submit}
      cancelLabel={t("dentalFiles:actions.cancel")}
      onCancel={onDone}
      submit={
        <Button type="submit" disabled={create.isPending || update.isPending} data-testid="lab-order-save">
          {t("dentalFiles:labOrders.save")}
        </Button>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {text("laboratory", { autoFocus: true })}
        {text("orderType", { placeholder: t("dentalFiles:labOrders.orderTypeHint") })}
        <div className="grid gap-1.5">
          <Label htmlFor="lab-due">{t("dentalFiles:labOrders.fields.dueDate")}</Label>
          <Input id="lab-due" type="date" value={form.dueDate} onChange={(e) => setForm((f) => ({ ...f, dueDate: e.target.value }))} data-testid="lab-dueDate" />
        </div>
        {text("cost", { inputMode: "decimal" })}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lab-teeth">{t("dentalFiles:labOrders.fields.teeth")}</Label>
        <ToothChartSelector id="lab-teeth" value={teeth} onChange={setTeeth} />
      </div>
      {text("trackingNumber")}
      <div className="grid gap-1.5">
        <Label htmlFor="lab-specs">{t("dentalFiles:labOrders.fields.specifications")}</Label>
        <textarea id="lab-specs" className={textareaClass} rows={3} value={form.specifications} onChange={(e) => setForm((f) => ({ ...f, specifications: e.target.value }))} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="lab-order-error">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** The lab orders table of the tab and of /home/dental/lab-orders: status moves and edit. */
export function LabOrdersTable(props: FileListProps<LabOrderListRow>) {
  const { rows, showPatient } = props;
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [editing, setEditing] = React.useState<LabOrderListRow | null>(null);
  const move = useMutation(
    trpc.dental.setLabOrderStatus.mutationOptions({
      onSuccess: async (o) => {
        await qc.invalidateQueries(trpc.dental.getLabOrders.pathFilter());
        toast({ variant: "success", title: t("dentalFiles:labOrders.toast.status", { status: t(`dentalFiles:labStatus.${o.status}`) }), description: t("dentalFiles:labOrders.numbered", { number: o.number }) });
      },
    }),
  );
  const cols = showPatient ? 7 : 6;
  return (
    <>
      <FileListTable
        {...props}
        label={t("dentalFiles:labOrders.title")}
        cols={cols}
        emptyTestId="lab-orders-empty"
        head={
          <>
            <TH>{t("dentalFiles:labOrders.columns.order")}</TH>
            {showPatient ? <TH>{t("dentalFiles:columns.patient")}</TH> : null}
            <TH>{t("dentalFiles:columns.teeth")}</TH>
            <TH>{t("dentalFiles:labOrders.fields.dueDate")}</TH>
            <TH>{t("dentalFiles:columns.status")}</TH>
            <TH className="hidden text-right lg:table-cell">{t("dentalFiles:labOrders.fields.cost")}</TH>
            <TH>
              <span className="sr-only">{t("dentalFiles:columns.actions")}</span>
            </TH>
          </>
        }
      >
        {rows.map((o) => {
          const next = nextLabOrderStatuses(o.status);
          const open = (OPEN_LAB_ORDER_STATUSES as readonly string[]).includes(o.status);
          return (
            <TR key={o.id} data-testid="lab-order-row" data-overdue={o.overdue || undefined}>
              <TD stack="primary">
                <div className="font-medium break-words">
                  {o.orderType} <span className="text-xs font-normal text-muted-foreground">{t("dentalFiles:labOrders.numbered", { number: o.number })}</span>
                </div>
                <div className="text-xs text-muted-foreground break-words">
                  {o.laboratory}
                  {o.trackingNumber ? ` · ${t("dentalFiles:labOrders.tracking", { number: o.trackingNumber })}` : ""}
                </div>
              </TD>
              {showPatient ? (
                <TD label={t("dentalFiles:columns.patient")}>
                  <PatientLink id={o.patientId} name={o.patientName} number={o.patientNumber} tab="labOrders" />
                </TD>
              ) : null}
              <TD label={t("dentalFiles:columns.teeth")}>{teethText(o.teeth)}</TD>
              <TD label={t("dentalFiles:labOrders.fields.dueDate")} className={cn("whitespace-nowrap", o.overdue && "font-medium text-destructive")}>
                {formatDate(o.dueDate, i18n.language)}
              </TD>
              <TD label={t("dentalFiles:columns.status")}>
                <LabOrderStatusBadge status={o.status} overdue={o.overdue} />
              </TD>
              <TD className="hidden text-right tabular-nums lg:table-cell" label={t("dentalFiles:labOrders.fields.cost")}>
                {o.cost ? formatMoney(o.cost, i18n.language) : "—"}
              </TD>
              <TD stack="actions" className="text-right">
                {open ? (
                  <RowMenu label={t("dentalFiles:labOrders.menu", { number: o.number })} testId="lab-order-menu">
                    <DropdownMenuItem onSelect={() => setEditing(o)} data-testid="lab-order-edit">
                      <Pencil />
                      {t("dentalFiles:labOrders.editAction")}
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    {next.map((s) => (
                      <DropdownMenuItem key={s} className={s === "cancelled" ? "text-destructive focus:text-destructive" : undefined} disabled={move.isPending} onSelect={() => move.mutate({ id: o.id, status: s })} data-testid={`lab-order-to-${s}`}>
                        {t(`dentalFiles:labOrders.moveTo.${s}`)}
                      </DropdownMenuItem>
                    ))}
                  </RowMenu>
                ) : null}
              </TD>
            </TR>
          );
        })}
      </FileListTable>
      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        {editing ? <LabOrderDialog patientId={editing.patientId} patientName={editing.patientName} order={editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
    </>
  );
}

/** The overdue toggle with its count ('Atrasadas (2)'). */
export function OverdueToggle({ pressed, count, onToggle }: { pressed: boolean; count: number; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="button" variant={pressed ? "default" : "outline"} aria-pressed={pressed} onClick={onToggle} data-testid="lab-overdue-filter">
      {t("dentalFiles:labOrders.overdue")}
      <span className={cn("rounded-full px-2 text-xs tabular-nums", pressed ? "bg-primary-foreground/20" : count > 0 ? "bg-destructive text-destructive-foreground" : "bg-muted")} data-testid="lab-overdue-count">
        {count}
      </span>
    </Button>
  );
}

/** The profile's lab orders tab (right 'files'). */
export function LabOrdersTab({ patient }: { patient: DentalPatientSummary }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { has } = useDentalRights();
  const list = useLocalList<LabOrderStatus>();
  const [overdue, setOverdue] = React.useState(false);
  const [creating, setCreating] = React.useState(false);
  const query = useQuery({ ...trpc.dental.getLabOrders.queryOptions({ patientId: patient.id, page: list.page, pageSize: list.pageSize, search: list.search, status: list.filter ?? undefined, overdue: overdue || undefined }), placeholderData: keepPreviousData, enabled: has("files") });
  if (!has("files")) return <p className="text-sm text-muted-foreground">{t("dentalFiles:noAccess")}</p>;
  return (
    <div className="grid gap-4" data-testid="lab-orders-tab">
      <FileListFilters
        inTab
        search={{ label: t("dentalFiles:labOrders.search"), value: list.text, onChange: list.setText }}
        filter={{ id: "lab-status", label: t("dentalFiles:columns.status"), allLabel: t("dentalFiles:allStatuses"), value: list.filter, options: labStatusOptions(t), onChange: list.setFilter }}
      >
        <OverdueToggle pressed={overdue} count={query.data?.overdueCount ?? 0} onToggle={() => {
            setOverdue((o) => !o);
            list.setPage(1);
          }} />
        <Button onClick={() => setCreating(true)} data-testid="new-lab-order">
          <FlaskConical />
          {t("dentalFiles:labOrders.new")}
        </Button>
      </FileListFilters>
      <LabOrdersTable {...fileListProps(query, list, { showPatient: false, empty: list.search || list.filter || overdue ? t("dentalFiles:emptySearch") : t("dentalFiles:labOrders.emptyPatient") })} />
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating ? <LabOrderDialog patientId={patient.id} patientName={patient.name} order={null} onDone={() => setCreating(false)} /> : null}
      </Dialog>
    </div>
  );
}
