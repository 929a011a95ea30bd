import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, ChevronLeft, Clock, CreditCard, UserRound } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { cn } from "../../lib/utils";
import { formatTime, longDate } from "../appointments/booking/dates";
import { newBookingKey } from "./booking-key";
import { PortalShell, usePortal } from "./portal-shell";
import { portalDates, SlotPicker } from "./slot-picker";

const STEPS = ["service", "employee", "date", "time", "info", "payment", "confirmation"] as const;
type Step = (typeof STEPS)[number];

const E = (key: string) => `bookingPortal:errors.${key}`;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
/** The customer-info step (the server checks the same again). */
const infoSchema = z.object({
  customer_name: z.string().trim().min(1, E("required")).max(200, E("tooLong")),
  customer_email: z.string().trim().min(1, E("required")).pipe(z.email(E("invalidEmail"))),
  customer_phone: z
    .string()
    .trim()
    .min(1, E("required"))
    .refine((v) => PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7 && (v.match(/\d/g)?.length ?? 0) <= 15, E("invalidPhone")),
  customer_notes: z.string().max(2000, E("tooLong")),
  accept_terms: z.literal(true, { error: E("acceptTerms") }),
});
type Info = { customer_name: string; customer_email: string; customer_phone: string; customer_notes: string; accept_terms: boolean };

type Service = { id: string; name: string; description: string | null; price: string; duration: number; allow_employee_selection: boolean };
type Booked = {
  appointment_number: string;
  service_name: string;
  employee_name: string;
  date: string;
  time: string;
  total_amount: string;
  deposit_required: boolean;
  deposit_amount: string;
  payment_link: { url: string; amount: string } | null;
};

/** /book: the public booking flow (spec 03: service, employee, date, time, customer info, payment, confirmation). */
export function BookPage() {
  return (
    <PortalShell>
      <BookingFlow />
    </PortalShell>
  );
}

function BookingFlow() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const portal = usePortal();
  const [params] = useSearchParams();
  const services = useQuery(trpc.portal.getServices.queryOptions());
  const [step, setStep] = React.useState<Step>("service");
  const [serviceId, setServiceId] = React.useState("");
  const [employeeId, setEmployeeId] = React.useState<string | null>(null);
  const [date, setDate] = React.useState("");
  const [time, setTime] = React.useState("");
  const [info, setInfo] = React.useState<Info>({ customer_name: "", customer_email: "", customer_phone: "", customer_notes: "", accept_terms: false });
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [booked, setBooked] = React.useState<Booked | null>(null);
  const keyRef = React.useRef(newBookingKey());
  const service = services.data?.find((s) => s.id === serviceId) as Service | undefined;
  const employees = useQuery({ ...trpc.portal.getEmployees.queryOptions({ service_id: serviceId }), enabled: !!serviceId });
  const employee = employees.data?.employees.find((e) => e.id === employeeId);
  const dates = React.useMemo(() => portalDates(portal.max_advance_days), [portal.max_advance_days]);

  // A shareable link (/book?service=…&employee=…) preselects; it skips the steps it answers.
  const preset = React.useRef(false);
  React.useEffect(() => {
    if (preset.current || !services.data) return;
    preset.current = true;
    const s = services.data.find((x) => x.id === params.get("service"));
    if (!s) return;
    setServiceId(s.id);
    const e = params.get("employee");
    if (e && s.allow_employee_selection) {
      setEmployeeId(e);
      setStep("date");
    } else setStep(s.allow_employee_selection ? "employee" : "date");
  }, [services.data, params]);
  // A preselected employee that does not do the service is dropped.
  React.useEffect(() => {
    if (employeeId && employees.data && !employees.data.employees.some((e) => e.id === employeeId)) setEmployeeId(null);
  }, [employeeId, employees.data]);

  const book = useMutation(
    trpc.portal.book.mutationOptions({
      onSuccess: (r) => {
        setBooked(r);
        setStep("confirmation");
      },
      onError: (e) => {
        const message = e.message;
        toast({ variant: "destructive", title: t("bookingPortal:errors.bookFailed"), description: message });
        if (message === t("bookingPortal:errors.noAvailability")) {
          setTime("");
          setStep("time");
          keyRef.current = newBookingKey();
          void qc.invalidateQueries(trpc.portal.getAvailableSlots.pathFilter());
        }
      },
    }),
  );

  const visible = STEPS.filter((s) => s !== "employee" || service?.allow_employee_selection !== false);
  const index = visible.indexOf(step);
  const back = () => setStep(visible[Math.max(0, index - 1)]!);

  const chooseService = (s: Service) => {
    if (s.id !== serviceId) {
      setServiceId(s.id);
      setEmployeeId(null);
      setTime("");
    }
    setStep(s.allow_employee_selection ? "employee" : "date");
  };
  const checkInfo = () => {
    const parsed = infoSchema.safeParse(info);
    if (parsed.success) {
      setErrors({});
      setStep("payment");
      return;
    }
    setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), tMessage(i.message) ?? i.message])));
  };
  const confirm = () =>
    book.mutate({
      ...info,
      customer_notes: info.customer_notes || null,
      accept_terms: info.accept_terms,
      service_id: serviceId,
      employee_id: employeeId,
      date,
      time,
      idempotency_key: keyRef.current,
    });
  const restart = () => {
    keyRef.current = newBookingKey();
    setBooked(null);
    setServiceId("");
    setEmployeeId(null);
    setDate("");
    setTime("");
    setStep("service");
  };

  const home = portal.pages.home;
  return (
    <>
      {home?.enabled && (home.title || home.body) && step === "service" ? (
        <section className="grid gap-1" data-testid="portal-home">
          {home.title ? <h1 className="text-2xl font-semibold">{home.title}</h1> : null}
          {home.body ? <p className="whitespace-pre-line text-muted-foreground">{home.body}</p> : null}
        </section>
      ) : null}
      <ol className="flex gap-1" aria-label={t("bookingPortal:flow.steps")} data-testid="portal-steps">
        {visible.map((s, i) => (
          <li key={s} className="flex-1" aria-current={s === step ? "step" : undefined}>
            <div className={cn("h-1.5 rounded-full bg-muted", i <= index && "bg-primary")} />
            <span className={cn("mt-1 hidden text-xs text-muted-foreground sm:block", s === step && "font-medium text-foreground")}>{t(`bookingPortal:steps.${s}`)}</span>
          </li>
        ))}
      </ol>
      <Card>
        <CardHeader>
          <p className="text-xs text-muted-foreground sm:hidden">{t("bookingPortal:flow.stepOf", { n: index + 1, total: visible.length })}</p>
          <CardTitle data-testid="portal-step-title">{t(`bookingPortal:stepTitles.${step}`)}</CardTitle>
          {service && step !== "service" && step !== "confirmation" ? (
            <CardDescription data-testid="portal-summary-line">
              {[service.name, employee?.name, date ? longDate(date, lang) : null, time ? formatTime(time, lang) : null].filter(Boolean).join(" · ")}
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {step === "service" ? (
            services.isLoading ? (
              <Skeleton className="h-40 w-full" />
            ) : services.data?.length ? (
              <div className="grid gap-2" data-testid="portal-services">
                {services.data.map((s) => (
                  <button
                    key={s.id}
                    type="button"
                    onClick={() => chooseService(s)}
                    className={cn(
                      "flex min-h-16 items-center justify-between gap-3 rounded-[var(--radius-card)] border bg-background p-3 text-left hover:border-primary hover:bg-accent",
                      s.id === serviceId && "border-primary",
                    )}
                    data-testid="portal-service"
                  >
                    <span className="grid gap-0.5">
                      <span className="font-medium">{s.name}</span>
                      {s.description ? <span className="line-clamp-2 text-sm text-muted-foreground">{s.description}</span> : null}
                      <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                        <Clock aria-hidden className="size-3.5" />
                        {t("bookingPortal:flow.minutes", { count: s.duration })}
                      </span>
                    </span>
                    <span className="shrink-0 font-semibold tabular-nums">{formatMoney(s.price, lang)}</span>
                  </button>
                ))}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground" data-testid="portal-no-services">
                {t("bookingPortal:flow.noServices")}
              </p>
            )
          ) : null}

          {step === "employee" ? (
            <div className="grid gap-2" data-testid="portal-employees">
              <button
                type="button"
                onClick={() => {
                  setEmployeeId(null);
                  setTime("");
                  setStep("date");
                }}
                className={cn("flex min-h-14 items-center gap-3 rounded-[var(--radius-card)] border bg-background p-3 text-left hover:bg-accent", employeeId === null && "border-primary")}
                data-testid="portal-employee-any"
              >
                <UserRound aria-hidden className="size-5 text-muted-foreground" />
                <span className="font-medium">{t("bookingPortal:flow.anyEmployee")}</span>
              </button>
              {(employees.data?.employees ?? []).map((e) => (
                <button
                  key={e.id}
                  type="button"
                  onClick={() => {
                    setEmployeeId(e.id);
                    setTime("");
                    setStep("date");
                  }}
                  className={cn("flex min-h-14 items-center gap-3 rounded-[var(--radius-card)] border bg-background p-3 text-left hover:bg-accent", employeeId === e.id && "border-primary")}
                  data-testid="portal-employee"
                >
                  <span className="grid size-9 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">{e.name.slice(0, 1)}</span>
                  <span className="grid">
                    <span className="font-medium">{e.name}</span>
                    {e.position ? <span className="text-sm text-muted-foreground">{e.position}</span> : null}
                  </span>
                </button>
              ))}
            </div>
          ) : null}

          {step === "date" || step === "time" ? (
            <SlotPicker
              serviceId={serviceId}
              employeeId={employeeId}
              dates={dates}
              date={date}
              time={time}
              show={step}
              onDate={(d) => {
                setDate(d);
                setTime("");
                setStep("time");
              }}
              onTime={(v) => {
                setTime(v);
                setStep("info");
              }}
            />
          ) : null}

          {step === "info" ? (
            <form
              className="grid gap-3"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                checkInfo();
              }}
              data-testid="portal-info"
            >
              <Field label={t("bookingPortal:fields.name")} htmlFor="portal-name" required error={errors.customer_name}>
                <Input id="portal-name" autoComplete="name" value={info.customer_name} onChange={(e) => setInfo({ ...info, customer_name: e.target.value })} />
              </Field>
              <Field label={t("bookingPortal:fields.email")} htmlFor="portal-email" required error={errors.customer_email}>
                <Input id="portal-email" type="email" autoComplete="email" value={info.customer_email} onChange={(e) => setInfo({ ...info, customer_email: e.target.value })} />
              </Field>
              <Field label={t("bookingPortal:fields.phone")} htmlFor="portal-phone" required error={errors.customer_phone}>
                <Input id="portal-phone" type="tel" autoComplete="tel" placeholder="809-555-0123" value={info.customer_phone} onChange={(e) => setInfo({ ...info, customer_phone: e.target.value })} />
              </Field>
              <Field label={t("bookingPortal:fields.notes")} htmlFor="portal-notes" error={errors.customer_notes}>
                <textarea
                  id="portal-notes"
                  rows={3}
                  maxLength={2000}
                  value={info.customer_notes}
                  onChange={(e) => setInfo({ ...info, customer_notes: e.target.value })}
                  className="rounded-[var(--radius-input)] border border-input bg-background px-3 py-2 text-sm"
                />
              </Field>
              {portal.terms_text ? (
                <div className="max-h-32 overflow-y-auto whitespace-pre-line rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground" data-testid="portal-terms">
                  {portal.terms_text}
                </div>
              ) : null}
              <div className="grid gap-1">
                <label className="flex min-h-11 items-center gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="size-5 accent-[var(--primary)]"
                    checked={info.accept_terms}
                    onChange={(e) => setInfo({ ...info, accept_terms: e.target.checked })}
                    data-testid="portal-accept-terms"
                  />
                  {t("bookingPortal:fields.acceptTerms")}
                </label>
                {errors.accept_terms ? (
                  <p className="text-sm text-destructive" role="alert">
                    {errors.accept_terms}
                  </p>
                ) : null}
              </div>
              <FlowButtons onBack={back} next={t("bookingPortal:flow.continue")} submit />
            </form>
          ) : null}

          {step === "payment" && service ? (
            <div className="grid gap-4" data-testid="portal-payment">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t("bookingPortal:fields.service")}</dt>
                <dd>{service.name}</dd>
                <dt className="text-muted-foreground">{t("bookingPortal:fields.employee")}</dt>
                <dd>{employee?.name ?? t("bookingPortal:flow.anyEmployee")}</dd>
                <dt className="text-muted-foreground">{t("bookingPortal:fields.when")}</dt>
                <dd>
                  {longDate(date, lang)} · {formatTime(time, lang)}
                </dd>
                <dt className="text-muted-foreground">{t("bookingPortal:fields.customer")}</dt>
                <dd>{info.customer_name}</dd>
                <dt className="text-muted-foreground">{t("bookingPortal:fields.price")}</dt>
                <dd className="font-semibold tabular-nums">{formatMoney(service.price, lang)}</dd>
              </dl>
              <div className="flex gap-3 rounded-md border p-3 text-sm" style={{ borderColor: "var(--portal-secondary)" }}>
                <CreditCard aria-hidden className="mt-0.5 size-5 shrink-0" />
                <p data-testid="portal-payment-note">
                  {portal.require_deposit ? t("bookingPortal:flow.depositNote", { percent: Number(portal.deposit_percent) }) : t("bookingPortal:flow.payAtVisit")}
                </p>
              </div>
              <FlowButtons onBack={back} next={book.isPending ? t("bookingPortal:flow.booking") : t("bookingPortal:flow.confirm")} onNext={confirm} disabled={book.isPending} />
            </div>
          ) : null}

          {step === "confirmation" && booked ? (
            <div className="grid gap-4" data-testid="portal-confirmation">
              <div className="flex items-center gap-3">
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground">
                  <Check aria-hidden className="size-5" />
                </span>
                <p>
                  {t("bookingPortal:flow.booked")} <strong data-testid="portal-booked-number">#{booked.appointment_number}</strong>
                </p>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t("bookingPortal:fields.service")}</dt>
                <dd>{booked.service_name}</dd>
                <dt className="text-muted-foreground">{t("bookingPortal:fields.employee")}</dt>
                <dd data-testid="portal-booked-employee">{booked.employee_name}</dd>
                <dt className="text-muted-foreground">{t("bookingPortal:fields.when")}</dt>
                <dd data-testid="portal-booked-when">
                  {longDate(booked.date, lang)} · {formatTime(booked.time, lang)}
                </dd>
                <dt className="text-muted-foreground">{t("bookingPortal:fields.price")}</dt>
                <dd className="tabular-nums">{formatMoney(booked.total_amount, lang)}</dd>
              </dl>
              {booked.deposit_required ? (
                booked.payment_link ? (
                  <div className="grid gap-2 rounded-md border p-3" data-testid="portal-deposit">
                    <p className="text-sm">{t("bookingPortal:flow.depositDue", { amount: formatMoney(booked.deposit_amount, lang) })}</p>
                    <Button asChild>
                      <a href={booked.payment_link.url} target="_blank" rel="noreferrer" data-testid="portal-pay-link">
                        <CreditCard aria-hidden />
                        {t("bookingPortal:flow.payDeposit")}
                      </a>
                    </Button>
                  </div>
                ) : (
                  <p className="rounded-md border p-3 text-sm" data-testid="portal-deposit-later">
                    {t("bookingPortal:errors.depositRequired")}: {t("bookingPortal:flow.depositContact", { amount: formatMoney(booked.deposit_amount, lang) })}
                  </p>
                )
              ) : null}
              <p className="text-sm text-muted-foreground">{t("bookingPortal:flow.manageHint")}</p>
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link to={`${portal.base}/account`}>{t("bookingPortal:nav.account")}</Link>
                </Button>
                <Button variant="outline" onClick={restart}>
                  {t("bookingPortal:flow.bookAnother")}
                </Button>
              </div>
            </div>
          ) : null}

          {step !== "service" && step !== "info" && step !== "payment" && step !== "confirmation" ? (
            <div>
              <Button variant="ghost" onClick={back} data-testid="portal-back">
                <ChevronLeft aria-hidden />
                {t("bookingPortal:flow.back")}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
      {portal.pages.about?.enabled && portal.pages.about.body && step === "service" ? (
        <section className="grid gap-1" data-testid="portal-about">
          {portal.pages.about.title ? <h2 className="font-semibold">{portal.pages.about.title}</h2> : null}
          <p className="whitespace-pre-line text-sm text-muted-foreground">{portal.pages.about.body}</p>
        </section>
      ) : null}
      {portal.pages.contact?.enabled && portal.pages.contact.body ? (
        <footer className="whitespace-pre-line text-center text-sm text-muted-foreground" data-testid="portal-contact">
          {portal.pages.contact.body}
        </footer>
      ) : null}
    </>
  );
}

function FlowButtons({ onBack, next, onNext, submit, disabled }: { onBack: () => void; next: string; onNext?: () => void; submit?: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-between gap-2 pt-2">
      <Button type="button" variant="ghost" onClick={onBack} data-testid="portal-back">
        <ChevronLeft aria-hidden />
        {t("bookingPortal:flow.back")}
      </Button>
      <Button type={submit ? "submit" : "button"} size="lg" onClick={onNext} disabled={disabled} data-testid="portal-next">
        {next}
      </Button>
    </div>
  );
}
