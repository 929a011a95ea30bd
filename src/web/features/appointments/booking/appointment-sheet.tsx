import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, CreditCard, History, Receipt } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { REFUNDABLE_APPOINTMENT_STATUSES } from "../../../../shared/appointments/refunds";
import { type AppointmentStatus, MOVABLE_STATUSES } from "../../../../shared/appointments/schemas";
import { toBig } from "../../../../shared/catalog/decimal";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime, todayInSantoDomingo } from "../../../lib/dates";
import { tMessage } from "../../../lib/i18n";
import { usePermissions } from "../../../lib/permissions";
import { cn } from "../../../lib/utils";
import { SheetRefund } from "../payments/sheet-refund";
import { ApplyPaymentDialog } from "./apply-payment-dialog";
import { formatTime, longDate } from "./dates";
import { MessageActions } from "./message-actions";
import { AppointmentStatusBadge } from "./status-badge";
import type { AppointmentRow } from "./types";

/** Status changes that undo the appointment ask once, with an optional reason. */
const ASKS: readonly AppointmentStatus[] = ["cancelled", "no_show"];

/**
 * One appointment in a side sheet: customer, service, professional, date and time, amounts
 * (total, deposit, paid, balance due, invoice), its payments and status history; the status
 * changes the transition table allows, 'Aplicar pago' and 'Reprogramar' (a date and a free slot).
 */
export function AppointmentSheet({ appointmentId, onOpenChange, onChanged }: { appointmentId: string | null; onOpenChange: (open: boolean) => void; onChanged?: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={appointmentId !== null} onOpenChange={onOpenChange}>
      {appointmentId ? (
        <SheetContent closeLabel={t("common:actions.close")} className="max-w-xl gap-5 p-4 sm:p-6" data-testid="appointment-sheet">
          <SheetBody id={appointmentId} onChanged={onChanged} />
        </SheetContent>
      ) : null}
    </Dialog>
  );
}

function SheetBody({ id, onChanged }: { id: string; onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const detail = useQuery(trpc.appointment.getById.queryOptions({ id }));
  const [paying, setPaying] = React.useState(false);
  const [asking, setAsking] = React.useState<AppointmentStatus | null>(null);
  const [reason, setReason] = React.useState("");
  const [moving, setMoving] = React.useState(false);

  const changed = async () => {
    await qc.invalidateQueries(trpc.appointment.pathFilter());
    onChanged?.();
  };
  const status = useMutation(
    trpc.appointment.updateStatus.mutationOptions({
      meta: { silent: true },
      onSuccess: async (row) => {
        toast({ variant: "success", title: t("appointments:sheet.statusChanged", { status: t(`appointments:statuses.${row.status}`) }) });
        setAsking(null);
        setReason("");
        await changed();
      },
      onError: (e) => toast({ variant: "destructive", title: t("common:error"), description: tMessage(e.message) || t("appointments:sheet.statusFailed") }),
    }),
  );

  const a = detail.data;
  if (!a) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <DialogTitle className="text-lg font-semibold">{t("appointments:sheet.title", { number: "" })}</DialogTitle>
        <DialogDescription className="sr-only">{t("common:loading")}</DialogDescription>
        {detail.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {detail.error.message}
          </p>
        ) : (
          Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-6 w-full" />)
        )}
      </div>
    );
  }
  const row = a as unknown as AppointmentRow;
  const hasBalance = toBig(a.balance_due).gt(0);
  const canPay = hasBalance && a.status !== "cancelled" && can("appointments.apply_payment");
  const canMove = (MOVABLE_STATUSES as readonly string[]).includes(a.status) && can("appointments.update");
  const canChange = can("appointments.update");
  // A cancelled or no-show appointment with money paid: its refund is asked for here or in 'Pagos'.
  const canRefund = (REFUNDABLE_APPOINTMENT_STATUSES as readonly string[]).includes(a.status) && toBig(a.amount_paid).gt(0) && can("appointments.apply_payment");

  return (
    <>
      <header className="grid gap-1 pr-8">
        <div className="flex flex-wrap items-center gap-2">
          <DialogTitle className="text-lg font-semibold">{t("appointments:sheet.title", { number: a.appointment_number })}</DialogTitle>
          <AppointmentStatusBadge status={a.status} />
        </div>
        <DialogDescription className="text-sm text-muted-foreground">
          {a.service_name} · {longDate(a.appointment_date, lang)} · {formatTime(a.start_time, lang)}–{formatTime(a.end_time, lang)}
        </DialogDescription>
      </header>

      {canChange && a.allowed_statuses.length > 0 ? (
        <div className="grid gap-2" data-testid="appointment-status-actions">
          <div className="flex flex-wrap gap-2">
            {a.allowed_statuses.map((s) => (
              <Button
                key={s}
                size="sm"
                variant={ASKS.includes(s) ? "outline" : s === "confirmed" ? "default" : "secondary"}
                className={cn(ASKS.includes(s) && "border-destructive/50 text-destructive hover:bg-destructive/10 hover:text-destructive")}
                disabled={status.isPending}
                onClick={() => (ASKS.includes(s) ? setAsking(s) : status.mutate({ id: a.id, status: s }))}
                data-testid={`appointment-to-${s}`}
              >
                {t(`appointments:sheet.to.${s}`)}
              </Button>
            ))}
          </div>
          {asking ? (
            <form
              className="grid gap-2 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 p-3"
              onSubmit={(e) => {
                e.preventDefault();
                status.mutate({ id: a.id, status: asking, reason: reason.trim() || undefined });
              }}
              data-testid="appointment-confirm-status"
            >
              <p className="text-sm font-medium">{t(`appointments:sheet.ask.${asking}`)}</p>
              <Input value={reason} maxLength={500} placeholder={t("appointments:sheet.reason")} aria-label={t("appointments:sheet.reason")} onChange={(e) => setReason(e.target.value)} autoFocus />
              <div className="flex flex-wrap justify-end gap-2">
                <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(null)}>
                  {t("appointments:sheet.keep")}
                </Button>
                <Button type="submit" variant="destructive" size="sm" disabled={status.isPending} data-testid="appointment-confirm-status-yes">
                  {t(`appointments:sheet.confirm.${asking}`)}
                </Button>
              </div>
            </form>
          ) : null}
        </div>
      ) : null}

      <section className="grid gap-2" aria-labelledby="apt-money">
        <h3 id="apt-money" className="flex items-center gap-2 text-sm font-semibold">
          <CreditCard className="size-4" /> {t("appointments:sheet.payment")}
        </h3>
        <dl className="grid grid-cols-2 gap-2 rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm sm:grid-cols-4">
          <Money label={t("appointments:fields.total")} value={formatMoney(a.total_amount, lang)} testId="appointment-total" />
          <Money label={t("appointments:fields.deposit")} value={formatMoney(a.deposit_amount, lang)} testId="appointment-deposit" />
          <Money label={t("appointments:fields.paid")} value={formatMoney(a.amount_paid, lang)} testId="appointment-paid" />
          <Money label={t("appointments:fields.balance")} value={formatMoney(a.balance_due, lang)} testId="appointment-balance" strong />
        </dl>
        {a.invoice_number ? (
          <p className="flex items-center gap-2 text-sm" data-testid="appointment-invoice">
            <Receipt className="size-4 text-muted-foreground" />
            {t("appointments:sheet.invoice")}: <span className="font-mono font-medium">{a.invoice_number}</span>
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {canPay ? (
            <Button size="sm" onClick={() => setPaying(true)} data-testid="appointment-apply-payment">
              <CreditCard /> {t("appointments:sheet.applyPayment")}
            </Button>
          ) : null}
          {canRefund ? <SheetRefund appointment={a} onRequested={() => onChanged?.()} /> : null}
          {canMove ? (
            <Button size="sm" variant="outline" onClick={() => setMoving((m) => !m)} aria-expanded={moving} data-testid="appointment-reschedule">
              <CalendarClock /> {t("appointments:sheet.reschedule")}
            </Button>
          ) : null}
          {canMove ? <MessageActions appointment={row} /> : null}
        </div>
        {moving && canMove ? (
          <ReschedulePanel
            appointment={row}
            onDone={async () => {
              setMoving(false);
              await changed();
            }}
          />
        ) : null}
      </section>

      <section className="grid gap-2" aria-labelledby="apt-details">
        <h3 id="apt-details" className="text-sm font-semibold">
          {t("appointments:sheet.details")}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="appointment-details">
          <Info label={t("appointments:fields.customer")} value={a.customer_name} />
          {a.customer_email ? <Info label={t("appointments:fields.email")} value={a.customer_email} /> : null}
          {a.customer_phone ? <Info label={t("appointments:fields.phone")} value={a.customer_phone} /> : null}
          <Info label={t("appointments:fields.service")} value={a.service_name} />
          <Info label={t("appointments:fields.professional")} value={a.employee_name} />
          <Info label={t("appointments:fields.date")} value={longDate(a.appointment_date, lang)} />
          <Info label={t("appointments:fields.time")} value={`${formatTime(a.start_time, lang)} – ${formatTime(a.end_time, lang)}`} />
          <Info label={t("appointments:fields.duration")} value={t("appointments:wizard.minutes", { count: a.duration_minutes })} />
          <Info label={t("appointments:fields.partySize")} value={String(a.party_size)} />
          {a.customer_notes ? <Info label={t("appointments:fields.notes")} value={a.customer_notes} /> : null}
        </dl>
      </section>

      <section className="grid gap-2" aria-labelledby="apt-payments">
        <h3 id="apt-payments" className="text-sm font-semibold">
          {t("appointments:sheet.payments")}
        </h3>
        {a.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("appointments:sheet.noPayments")}</p>
        ) : (
          <ul className="grid gap-2">
            {a.payments.map((p) => (
              <li key={p.id} className="grid gap-0.5 rounded-[var(--radius-card)] border p-3 text-sm" data-testid="appointment-payment">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    {t(`appointments:payment.types.${p.payment_type}`)} · {p.method_name}
                  </span>
                  <span className="font-semibold tabular-nums">{formatMoney(p.amount, lang)}</span>
                </div>
                <div className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
                  <span>{formatDateTime(p.created_at as string | Date, lang)}</span>
                  {p.invoice_number ? (
                    <span>
                      {t("appointments:sheet.invoice")} <span className="font-mono">{p.invoice_number}</span>
                      {p.ncf ? ` · NCF ${p.ncf}` : ""}
                    </span>
                  ) : null}
                </div>
                {p.deposit_status ? <span className="text-xs">{t("appointments:sheet.depositStatus", { status: t(`appointments:depositStatuses.${p.deposit_status}`) })}</span> : null}
                {p.notes ? <span className="text-xs text-muted-foreground">{p.notes}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-2" aria-labelledby="apt-history">
        <h3 id="apt-history" className="flex items-center gap-2 text-sm font-semibold">
          <History className="size-4" /> {t("appointments:sheet.history")}
        </h3>
        <ol className="grid gap-2 border-l pl-4">
          {a.history.map((h, i) => (
            <li key={`${h.to_status}-${i}`} className="grid gap-0.5 text-sm" data-testid="appointment-history">
              <span className="flex flex-wrap items-center gap-1">
                {h.from_status ? (
                  <>
                    <AppointmentStatusBadge status={h.from_status as AppointmentStatus} /> →
                  </>
                ) : null}
                <AppointmentStatusBadge status={h.to_status as AppointmentStatus} />
              </span>
              <span className="text-xs text-muted-foreground">
                {formatDateTime(h.created_at as string | Date, lang)}
                {h.user_name ? ` · ${h.user_name}` : ""}
              </span>
              {h.note ? <span className="text-xs">{h.note}</span> : null}
            </li>
          ))}
        </ol>
      </section>

      {paying ? (
        <ApplyPaymentDialog
          appointment={row}
          open={paying}
          onOpenChange={setPaying}
          onApplied={() => {
            void changed();
          }}
        />
      ) : null}
    </>
  );
}

function Money({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn("tabular-nums", strong ? "font-bold" : "font-semibold")} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </>
  );
}

/** Another date and a free slot (availability re-checked by the server, the appointment itself left out). */
function ReschedulePanel({ appointment: a, onDone }: { appointment: AppointmentRow; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const [date, setDate] = React.useState(a.appointment_date);
  const [employeeId, setEmployeeId] = React.useState(a.employee_id);
  const [time, setTime] = React.useState("");
  const employees = useQuery(trpc.employee.getByService.queryOptions({ serviceId: a.service_id }));
  const slots = useQuery({ ...trpc.appointment.getAvailableSlots.queryOptions({ date, service_id: a.service_id, employee_id: employeeId || undefined }), enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
  const move = useMutation(
    trpc.appointment.reschedule.mutationOptions({
      meta: { silent: true },
      onSuccess: (row) => {
        toast({ variant: "success", title: t("appointments:sheet.rescheduled", { date: longDate(row.appointment_date, lang), time: formatTime(row.start_time, lang) }) });
        onDone();
      },
      onError: (e) => toast({ variant: "destructive", title: t("common:error"), description: tMessage(e.message) || t("appointments:sheet.rescheduleFailed") }),
    }),
  );
  return (
    <form
      className="grid gap-3 rounded-[var(--radius-card)] border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!time) return toast({ variant: "destructive", title: t("appointments:wizard.errors.dateTime") });
        move.mutate({ id: a.id, appointment_date: date, start_time: time, employee_id: employeeId !== a.employee_id ? employeeId : undefined });
      }}
      data-testid="reschedule-panel"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1 text-sm font-medium">
          {t("appointments:fields.date")}
          <Input
            type="date"
            value={date}
            min={todayInSantoDomingo()}
            onChange={(e) => {
              setDate(e.target.value);
              setTime("");
            }}
            data-testid="reschedule-date"
          />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {t("appointments:fields.professional")}
          <NativeSelect
            value={employeeId}
            onChange={(e) => {
              setEmployeeId(e.target.value);
              setTime("");
            }}
            data-testid="reschedule-employee"
          >
            {(employees.data ?? [{ id: a.employee_id, name: a.employee_name }]).map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      {slots.data && slots.data.length === 0 ? <p className="text-sm text-muted-foreground">{t("appointments:wizard.noSlots")}</p> : null}
      {slots.isLoading ? <p className="text-sm text-muted-foreground">{t("appointments:wizard.loadingSlots")}</p> : null}
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="reschedule-slots">
        {slots.data?.map((s) => (
          <button
            key={s.time}
            type="button"
            disabled={!s.available}
            aria-pressed={time === s.time}
            onClick={() => setTime(s.time)}
            className={cn(
              "grid min-h-11 place-items-center rounded-[var(--radius-button)] border px-1 py-1 text-sm tabular-nums hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:bg-muted disabled:text-muted-foreground",
              time === s.time && "border-primary bg-primary text-primary-foreground hover:bg-primary/90",
            )}
            data-testid="reschedule-slot"
            data-time={s.time}
          >
            <span>{formatTime(s.time, lang)}</span>
            {!s.available ? <span className="text-[0.7rem] leading-none">{t("appointments:wizard.busy")}</span> : null}
          </button>
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={move.isPending || !time} data-testid="reschedule-save">
          {t("appointments:sheet.rescheduleSave")}
        </Button>
      </div>
    </form>
  );
}
