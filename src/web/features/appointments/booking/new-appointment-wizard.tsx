import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, ChevronLeft, ChevronRight, Search, UserRound, X } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { APPOINTMENT_LIMITS } from "../../../../shared/appointments/schemas";
import { formatMoney } from "../../../../shared/money/format";
import { errorCode, useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../../lib/dates";
import { tMessage } from "../../../lib/i18n";
import { usePermissions } from "../../../lib/permissions";
import { useDebounce } from "../../../lib/use-debounce";
import { cn } from "../../../lib/utils";
import { dayLabel, formatTime, longDate, wizardDates } from "./dates";
import type { WizardInitial } from "./types";

const STEPS = ["customer", "service", "dateTime", "confirm"] as const;
type Step = 1 | 2 | 3 | 4;

interface Draft {
  customer_id: string | null;
  customer_code: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  service_id: string;
  employee_id: string;
  duration_minutes: number;
  appointment_date: string;
  start_time: string;
  customer_notes: string;
}

const emptyDraft = (initial?: WizardInitial, dates: string[] = []): Draft => ({
  customer_id: null,
  customer_code: null,
  customer_name: "",
  customer_email: "",
  customer_phone: "",
  service_id: initial?.service_id ?? "",
  employee_id: initial?.employee_id ?? "",
  duration_minutes: APPOINTMENT_LIMITS.defaultDurationMinutes,
  appointment_date: initial?.date && dates.includes(initial.date) ? initial.date : "",
  start_time: initial?.date && dates.includes(initial.date) ? (initial.time ?? "") : "",
  customer_notes: "",
});

export interface CreatedAppointment {
  id: string;
  appointment_number: string;
  employee_id: string;
  employee_name: string;
  status: string;
  appointment_date: string;
  start_time: string;
}

/**
 * 'Nueva cita' (spec 01 §2, §4, §5): a 4-step dialog (customer, service and professional, date and
 * time, confirmation) that neither a click outside nor Escape closes (its close button and
 * 'Cancelar' do). Forward only after the step's check; Back always. Enter goes forward; each step
 * puts the focus on its first field. Confirming creates the appointment once (idempotency key),
 * then resets and closes.
 */
export function NewAppointmentWizard({
  open,
  onOpenChange,
  initial,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial?: WizardInitial;
  onCreated?: (created: CreatedAppointment) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          closeLabel={t("common:actions.close")}
          className="max-h-[95dvh] max-w-2xl grid-rows-[auto_auto_minmax(0,1fr)_auto] overflow-hidden p-0 sm:p-0"
          onInteractOutside={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => e.preventDefault()}
          data-testid="appointment-wizard"
        >
          <WizardBody initial={initial} onClose={() => onOpenChange(false)} onCreated={onCreated} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function WizardBody({ initial, onClose, onCreated }: { initial?: WizardInitial; onClose: () => void; onCreated?: (created: CreatedAppointment) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const dates = React.useMemo(() => wizardDates(todayInSantoDomingo(), APPOINTMENT_LIMITS.wizardDays), []);
  const [step, setStep] = React.useState<Step>(1);
  const [draft, setDraft] = React.useState<Draft>(() => emptyDraft(initial, dates));
  const [error, setError] = React.useState<string | null>(null);
  const key = React.useRef<string>(crypto.randomUUID());
  const firstField = React.useRef<HTMLElement | null>(null);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setError(null);
  };

  // Services (schedulable products, page size 100) and the chosen service's professionals.
  const services = useQuery(trpc.product.getAll.queryOptions({ search: "", isScheduleable: true, page: 1, pageSize: APPOINTMENT_LIMITS.serviceListPageSize, showDeleted: false }));
  const serviceList = services.data?.data ?? [];
  const service = serviceList.find((s) => s.id === draft.service_id);
  // A service given by the calendar takes its duration once the list has arrived.
  React.useEffect(() => {
    if (service?.defaultDuration && draft.duration_minutes === APPOINTMENT_LIMITS.defaultDurationMinutes && service.defaultDuration !== draft.duration_minutes) {
      setDraft((d) => ({ ...d, duration_minutes: service.defaultDuration ?? d.duration_minutes }));
    }
  }, [service?.id]);
  const employees = useQuery({ ...trpc.employee.getByService.queryOptions({ serviceId: draft.service_id }), enabled: !!draft.service_id });
  const employee = employees.data?.find((e) => e.id === draft.employee_id);

  React.useEffect(() => {
    // Each step starts on its first field.
    const id = window.setTimeout(() => firstField.current?.focus(), 0);
    return () => window.clearTimeout(id);
  }, [step]);

  const stepProblem = (s: Step): string | null => {
    if (s === 1 && !draft.customer_name.trim()) return "appointments:wizard.errors.name";
    if (s === 2 && !draft.service_id) return "appointments:wizard.errors.service";
    if (s === 3 && (!draft.appointment_date || !draft.start_time)) return "appointments:wizard.errors.dateTime";
    return null;
  };

  const create = useMutation(
    trpc.appointment.create.mutationOptions({
      meta: { silent: true },
      onSuccess: async (created) => {
        toast({ variant: "success", title: t("appointments:wizard.created", { number: created.appointment_number }), description: `${draft.customer_name.trim()} · ${longDate(created.appointment_date, lang)} · ${formatTime(created.start_time, lang)}` });
        key.current = crypto.randomUUID();
        setDraft(emptyDraft(undefined, dates));
        setStep(1);
        await qc.invalidateQueries(trpc.appointment.pathFilter());
        onCreated?.(created as CreatedAppointment);
        onClose();
      },
      onError: (e) => {
        // Nothing was created on a refusal: the next try is a new request (a lost answer keeps the key).
        if (errorCode(e) === "BAD_REQUEST" || errorCode(e) === "NOT_FOUND") key.current = crypto.randomUUID();
        toast({ variant: "destructive", title: t("common:error"), description: tMessage(e.message) || t("appointments:wizard.createFailed") });
        void qc.invalidateQueries(trpc.appointment.getAvailableSlots.pathFilter());
      },
    }),
  );

  const next = () => {
    if (step < 4) {
      const problem = stepProblem(step);
      if (problem) return setError(problem);
      setError(null);
      setStep((s) => (s + 1) as Step);
      return;
    }
    const missing = ([1, 2, 3] as const).some((s) => stepProblem(s));
    if (missing) return setError("appointments:wizard.errors.incomplete");
    create.mutate({
      customer_id: draft.customer_id ?? undefined,
      customer_name: draft.customer_name.trim(),
      customer_email: draft.customer_email.trim() || undefined,
      customer_phone: draft.customer_phone.trim() || undefined,
      service_id: draft.service_id,
      employee_id: draft.employee_id || undefined,
      appointment_date: draft.appointment_date,
      start_time: draft.start_time,
      duration_minutes: draft.duration_minutes,
      customer_notes: draft.customer_notes.trim() || undefined,
      party_size: APPOINTMENT_LIMITS.defaultPartySize,
      idempotency_key: key.current,
    });
  };
  const back = () => {
    setError(null);
    setStep((s) => Math.max(1, s - 1) as Step);
  };

  return (
    <form
      className="contents"
      noValidate
      onKeyDown={(e) => {
        // Enter on a select goes forward too (browsers submit only from text fields).
        if (e.key === "Enter" && e.target instanceof HTMLSelectElement) {
          e.preventDefault();
          e.currentTarget.requestSubmit();
        }
      }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!create.isPending) next();
      }}
    >
      <DialogHeader className="px-4 pt-4 pr-12 sm:px-6 sm:pt-6">
        <DialogTitle>{t("appointments:wizard.title")}</DialogTitle>
        <DialogDescription>{t(`appointments:wizard.descriptions.${STEPS[step - 1]}`)}</DialogDescription>
      </DialogHeader>
      <Stepper step={step} />
      <div className="grid content-start gap-4 overflow-y-auto px-4 py-1 sm:px-6" data-testid={`wizard-step-${step}`}>
        {step === 1 ? <CustomerStep draft={draft} set={set} firstField={firstField} /> : null}
        {step === 2 ? (
          <div className="grid gap-4">
            <Field label={t("appointments:fields.service")} htmlFor="wizard-service" required>
              <NativeSelect
                id="wizard-service"
                ref={(el) => {
                  firstField.current = el;
                }}
                value={draft.service_id}
                onChange={(e) => {
                  const chosen = serviceList.find((s) => s.id === e.target.value);
                  // Choosing a service sets its duration and clears the professional (spec 01 §4).
                  set({ service_id: e.target.value, employee_id: "", start_time: "", duration_minutes: chosen?.defaultDuration ?? APPOINTMENT_LIMITS.defaultDurationMinutes });
                }}
                data-testid="wizard-service"
              >
                <option value="">{services.isLoading ? t("common:loading") : t("appointments:wizard.chooseService")}</option>
                {serviceList.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {service ? (
              <p className="text-sm text-muted-foreground" data-testid="wizard-service-info">
                {t("appointments:wizard.serviceInfo", { duration: draft.duration_minutes, price: formatMoney(service.price, lang) })}
              </p>
            ) : null}
            {!services.isLoading && serviceList.length === 0 ? <p className="text-sm text-muted-foreground">{t("appointments:wizard.noServices")}</p> : null}
            <Field label={t("appointments:fields.professional")} htmlFor="wizard-employee">
              <NativeSelect
                id="wizard-employee"
                value={draft.employee_id}
                disabled={!draft.service_id}
                onChange={(e) => set({ employee_id: e.target.value, start_time: "" })}
                data-testid="wizard-employee"
              >
                <option value="">{t("appointments:wizard.anyProfessional")}</option>
                {employees.data?.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {draft.service_id && employees.data && employees.data.length === 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="wizard-no-employees">
                {t("appointments:wizard.noEmployees")}
              </p>
            ) : null}
          </div>
        ) : null}
        {step === 3 ? <DateTimeStep draft={draft} set={set} dates={dates} firstField={firstField} /> : null}
        {step === 4 ? (
          <dl className="grid gap-x-4 gap-y-2 rounded-[var(--radius-card)] border bg-muted/40 p-4 text-sm sm:grid-cols-[auto_1fr]" data-testid="wizard-summary">
            <SummaryRow label={t("appointments:fields.customer")} value={draft.customer_name.trim() || "—"} />
            {draft.customer_email.trim() ? <SummaryRow label={t("appointments:fields.email")} value={draft.customer_email.trim()} /> : null}
            {draft.customer_phone.trim() ? <SummaryRow label={t("appointments:fields.phone")} value={draft.customer_phone.trim()} /> : null}
            <SummaryRow label={t("appointments:fields.service")} value={service?.name ?? "—"} />
            <SummaryRow label={t("appointments:fields.professional")} value={employee?.name ?? t("appointments:wizard.anyProfessional")} />
            <SummaryRow label={t("appointments:fields.date")} value={draft.appointment_date ? longDate(draft.appointment_date, lang) : "—"} />
            <SummaryRow label={t("appointments:fields.time")} value={draft.start_time ? formatTime(draft.start_time, lang) : "—"} />
            <SummaryRow label={t("appointments:fields.duration")} value={t("appointments:wizard.minutes", { count: draft.duration_minutes })} />
            {service ? <SummaryRow label={t("appointments:fields.price")} value={formatMoney(service.price, lang)} /> : null}
            {draft.customer_notes.trim() ? <SummaryRow label={t("appointments:fields.notes")} value={draft.customer_notes.trim()} /> : null}
          </dl>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-[var(--radius-button)] border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid="wizard-error">
            {t(error)}
          </p>
        ) : null}
      </div>
      <DialogFooter className="flex-wrap justify-between gap-2 border-t px-4 py-3 sm:px-6">
        <Button type="button" variant="ghost" onClick={onClose} data-testid="wizard-cancel">
          {t("common:actions.cancel")}
        </Button>
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={back} disabled={step === 1 || create.isPending} data-testid="wizard-back">
            <ChevronLeft /> {t("appointments:wizard.back")}
          </Button>
          {step < 4 ? (
            <Button type="submit" data-testid="wizard-next">
              {t("appointments:wizard.next")} <ChevronRight />
            </Button>
          ) : (
            <Button
              type="submit"
              disabled={create.isPending}
              ref={(el) => {
                if (step === 4) firstField.current = el;
              }}
              data-testid="wizard-confirm"
            >
              <Check /> {create.isPending ? t("appointments:wizard.creating") : t("appointments:wizard.confirm")}
            </Button>
          )}
        </div>
      </DialogFooter>
    </form>
  );
}

function Stepper({ step }: { step: Step }) {
  const { t } = useTranslation();
  return (
    <ol className="flex gap-1 px-4 sm:px-6" aria-label={t("appointments:wizard.stepsLabel")} data-testid="wizard-stepper">
      {STEPS.map((name, i) => {
        const n = i + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li key={name} className="flex min-w-0 flex-1 flex-col gap-1" aria-current={state === "current" ? "step" : undefined}>
            <span className={cn("h-1.5 rounded-full", state === "todo" ? "bg-muted" : "bg-primary")} />
            <span className={cn("flex items-start gap-1 text-xs leading-tight", state === "current" ? "font-semibold text-foreground" : "text-muted-foreground")}>
              <span
                className={cn(
                  "grid size-5 shrink-0 place-items-center rounded-full border text-[0.65rem]",
                  state === "done" && "border-primary bg-primary text-primary-foreground",
                  state === "current" && "border-primary text-primary",
                )}
              >
                {state === "done" ? <Check className="size-3" /> : n}
              </span>
              <span className={cn("pt-0.5", state !== "current" && "hidden sm:inline")}>{t(`appointments:wizard.steps.${name}`)}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </>
  );
}

type StepProps = { draft: Draft; set: (patch: Partial<Draft>) => void; firstField: React.RefObject<HTMLElement | null> };

/** Step 1: find an existing customer (10 results, 300 ms after typing stops) or type the name, e-mail and phone. */
function CustomerStep({ draft, set, firstField }: StepProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const canSearch = can("customers.view");
  const [search, setSearch] = React.useState("");
  const term = useDebounce(search.trim(), APPOINTMENT_LIMITS.customerSearchDebounceMs);
  const results = useQuery({
    ...trpc.customer.getAll.queryOptions({ search: term, page: 1, pageSize: APPOINTMENT_LIMITS.wizardCustomerResults, showDeleted: false }),
    enabled: term.length > 0 && canSearch,
  });
  // What was typed is what is searched: a cleared box (a customer picked) shows no list at once.
  const searching = term.length > 0 && search.trim().length > 0;
  const rows = searching ? (results.data?.data ?? []) : [];
  return (
    <div className="grid gap-4">
      <div className={cn("grid gap-1.5", !canSearch && "hidden")}>
        <label htmlFor="wizard-customer-search" className="text-sm font-medium">
          {t("appointments:wizard.searchCustomer")}
        </label>
        <div className="relative">
          <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
          <Input
            id="wizard-customer-search"
            ref={(el) => {
              if (canSearch) firstField.current = el;
            }}
            className="pl-9"
            value={search}
            autoComplete="off"
            placeholder={t("appointments:wizard.searchPlaceholder")}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              // Enter in the search box picks the only match instead of going forward.
              if (e.key === "Enter" && rows.length === 1 && !draft.customer_id) {
                e.preventDefault();
                const c = rows[0]!;
                set({ customer_id: c.id, customer_code: c.code, customer_name: c.name, customer_email: c.email ?? "", customer_phone: c.phone ?? "" });
                setSearch("");
              }
            }}
            data-testid="wizard-customer-search"
          />
        </div>
        {searching ? (
          <ul className="max-h-48 overflow-y-auto rounded-[var(--radius-card)] border" aria-label={t("appointments:wizard.results")} data-testid="wizard-customer-results">
            {results.isLoading ? <li className="px-3 py-2 text-sm text-muted-foreground">{t("common:loading")}</li> : null}
            {!results.isLoading && rows.length === 0 ? <li className="px-3 py-2 text-sm text-muted-foreground">{t("appointments:wizard.noCustomers")}</li> : null}
            {rows.map((c) => (
              <li key={c.id} className="border-b last:border-0">
                <button
                  type="button"
                  className="flex min-h-11 w-full flex-wrap items-center justify-between gap-x-3 px-3 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                  onClick={() => {
                    set({ customer_id: c.id, customer_code: c.code, customer_name: c.name, customer_email: c.email ?? "", customer_phone: c.phone ?? "" });
                    setSearch("");
                  }}
                  data-testid="wizard-customer-result"
                >
                  <span className="font-medium">{c.name}</span>
                  <span className="text-xs text-muted-foreground">{[c.code, c.phone, c.email].filter(Boolean).join(" · ")}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {draft.customer_id ? (
        <div className="flex items-center justify-between gap-2 rounded-[var(--radius-card)] border border-primary/40 bg-primary/5 px-3 py-2 text-sm" data-testid="wizard-customer-chosen">
          <span className="flex items-center gap-2">
            <UserRound className="size-4 text-primary" />
            {t("appointments:wizard.existingCustomer", { name: draft.customer_name, code: draft.customer_code ?? "" })}
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={() => set({ customer_id: null, customer_code: null })} data-testid="wizard-customer-clear">
            <X /> {t("appointments:wizard.unlinkCustomer")}
          </Button>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("appointments:fields.customerName")} htmlFor="wizard-name" required className="sm:col-span-2">
          <Input
            id="wizard-name"
            ref={(el) => {
              if (!canSearch) firstField.current = el;
            }}
            value={draft.customer_name} maxLength={200} autoComplete="off" onChange={(e) => set({ customer_name: e.target.value })} data-testid="wizard-name" />
        </Field>
        <Field label={t("appointments:fields.email")} htmlFor="wizard-email">
          <Input id="wizard-email" type="email" value={draft.customer_email} maxLength={254} autoComplete="off" onChange={(e) => set({ customer_email: e.target.value })} data-testid="wizard-email" />
        </Field>
        <Field label={t("appointments:fields.phone")} htmlFor="wizard-phone">
          <Input id="wizard-phone" type="tel" value={draft.customer_phone} maxLength={40} autoComplete="off" onChange={(e) => set({ customer_phone: e.target.value })} data-testid="wizard-phone" />
        </Field>
      </div>
    </div>
  );
}

/** Step 3: the next 14 days from tomorrow, the day's slots (busy ones disabled, 'Ocupado') and notes. */
function DateTimeStep({ draft, set, dates, firstField }: StepProps & { dates: string[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const slots = useQuery({
    ...trpc.appointment.getAvailableSlots.queryOptions({ date: draft.appointment_date, service_id: draft.service_id, employee_id: draft.employee_id || undefined }),
    enabled: !!draft.appointment_date && !!draft.service_id,
  });
  const list = slots.data ?? [];
  // A time taken meanwhile (the server refused it, the slots were read again) is no longer chosen.
  React.useEffect(() => {
    if (draft.start_time && slots.data?.some((s) => s.time === draft.start_time && !s.available)) set({ start_time: "" });
  }, [slots.data]);
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          {t("appointments:fields.date")} <span className="text-destructive">*</span>
        </legend>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-7" data-testid="wizard-dates">
          {dates.map((d, i) => {
            const label = dayLabel(d, lang);
            const chosen = draft.appointment_date === d;
            return (
              <button
                key={d}
                type="button"
                ref={(el) => {
                  if (chosen || (i === 0 && !draft.appointment_date)) firstField.current = el;
                }}
                aria-pressed={chosen}
                aria-label={longDate(d, lang)}
                // Choosing a date clears the time (spec 01 §4).
                onClick={() => set({ appointment_date: d, start_time: "" })}
                className={cn(
                  "grid min-h-14 place-items-center rounded-[var(--radius-button)] border px-1 py-1.5 text-center text-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
                  chosen && "border-primary bg-primary text-primary-foreground hover:bg-primary/90",
                )}
                data-testid="wizard-date"
                data-date={d}
              >
                <span className="capitalize">{label.weekday}</span>
                <span className="font-semibold">{label.day}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          {t("appointments:fields.time")} <span className="text-destructive">*</span>
        </legend>
        {!draft.appointment_date ? <p className="text-sm text-muted-foreground">{t("appointments:wizard.pickDateFirst")}</p> : null}
        {draft.appointment_date && slots.isLoading ? <p className="text-sm text-muted-foreground">{t("appointments:wizard.loadingSlots")}</p> : null}
        {draft.appointment_date && slots.data && list.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="wizard-no-slots">
            {t("appointments:wizard.noSlots")}
          </p>
        ) : null}
        {list.length > 0 ? (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="wizard-slots">
            {list.map((s) => {
              const chosen = draft.start_time === s.time;
              return (
                <button
                  key={s.time}
                  type="button"
                  disabled={!s.available}
                  aria-pressed={chosen}
                  onClick={() => set({ start_time: s.time })}
                  className={cn(
                    "grid min-h-11 place-items-center rounded-[var(--radius-button)] border px-1 py-1 text-sm tabular-nums transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:bg-muted disabled:text-muted-foreground disabled:hover:bg-muted",
                    chosen && "border-primary bg-primary text-primary-foreground hover:bg-primary/90",
                  )}
                  data-testid="wizard-slot"
                  data-time={s.time}
                  data-available={s.available}
                >
                  <span>{formatTime(s.time, lang)}</span>
                  {!s.available ? <span className="text-[0.7rem] leading-none">{t("appointments:wizard.busy")}</span> : null}
                </button>
              );
            })}
          </div>
        ) : null}
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor="wizard-notes" className="text-sm font-medium">
          {t("appointments:fields.notes")}
        </label>
        <textarea
          id="wizard-notes"
          rows={2}
          maxLength={2000}
          value={draft.customer_notes}
          onChange={(e) => set({ customer_notes: e.target.value })}
          className="w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
          placeholder={t("appointments:wizard.notesPlaceholder")}
          data-testid="wizard-notes"
        />
      </div>
    </div>
  );
}
