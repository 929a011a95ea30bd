import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, LogOut, MailCheck } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { formatDate } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { cn } from "../../lib/utils";
import { formatTime, longDate } from "../appointments/booking/dates";
import { PortalShell, usePortal } from "./portal-shell";
import { portalDates, SlotPicker } from "./slot-picker";

/** /book/account and /book/account/* (or under the portal's path): sign-in by e-mailed link, then the customer area. */
export function AccountPage() {
  return (
    <PortalShell>
      <Account />
    </PortalShell>
  );
}

function Account() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const token = params.get("token");
  const me = useQuery({ ...trpc.portal.me.queryOptions(), retry: false });
  if (token) return <TokenSignIn token={token} onDone={() => setParams({}, { replace: true })} />;
  if (me.isLoading) return <Skeleton className="h-64 w-full" />;
  if (!me.data) return <RequestLink />;
  return <CustomerArea name={me.data.name} />;
}

/** The link's token signs in once; a used or expired one says so. */
function TokenSignIn({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const started = React.useRef(false);
  const signIn = useMutation(
    trpc.portal.signIn.mutationOptions({
      onSuccess: async (customer) => {
        // The customer is the answer: a 'me' read that left before the cookie was set must not win.
        await qc.cancelQueries(trpc.portal.me.queryFilter());
        qc.setQueryData(trpc.portal.me.queryKey(), customer);
        await qc.invalidateQueries({ ...trpc.portal.pathFilter(), predicate: (q) => JSON.stringify(q.queryKey[0]) !== JSON.stringify(["portal", "me"]) });
        onDone();
      },
    }),
  );
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn.mutate({ token });
  }, [signIn, token]);
  if (signIn.isError) {
    return (
      <div className="grid gap-4">
        <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" role="alert" data-testid="portal-link-error">
          {signIn.error.message}
        </p>
        <Button variant="outline" onClick={onDone}>
          {t("bookingPortal:account.askAgain")}
        </Button>
      </div>
    );
  }
  return <p className="text-muted-foreground">{t("bookingPortal:account.signingIn")}</p>;
}

function RequestLink() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [email, setEmail] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  const request = useMutation(trpc.portal.requestLink.mutationOptions({ onError: (e) => setError(e.message) }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = z.string().trim().min(1, "bookingPortal:errors.required").pipe(z.email("bookingPortal:errors.invalidEmail")).safeParse(email);
    if (!parsed.success) {
      setError(tMessage(parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    request.mutate({ email: parsed.data });
  };
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle>{t("bookingPortal:account.signInTitle")}</CardTitle>
        <CardDescription>{t("bookingPortal:account.signInHint")}</CardDescription>
      </CardHeader>
      <CardContent>
        {request.isSuccess ? (
          <div className="flex gap-3 rounded-md border p-3 text-sm" data-testid="portal-link-sent" role="status">
            <MailCheck aria-hidden className="size-5 shrink-0 text-primary" />
            <p>{t("bookingPortal:account.linkSent", { email })}</p>
          </div>
        ) : (
          <form className="grid gap-3" onSubmit={submit} noValidate data-testid="portal-request-link">
            <Field label={t("bookingPortal:fields.email")} htmlFor="portal-account-email" required error={error}>
              <Input id="portal-account-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            <Button type="submit" size="lg" disabled={request.isPending}>
              {t("bookingPortal:account.sendLink")}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

type Mine = {
  id: string;
  appointment_number: string;
  status: string;
  service_id: string;
  service_name: string;
  employee_id: string;
  employee_name: string;
  appointment_date: string;
  start_time: string;
  duration_minutes: number;
  total_amount: string;
  amount_paid: string;
  can_change: boolean;
  can_cancel: boolean;
  can_reschedule: boolean;
};

const TABS = [
  { to: "", key: "dashboard", end: true },
  { to: "/appointments", key: "appointments", end: false },
  { to: "/payments", key: "payments", end: false },
] as const;

function CustomerArea({ name }: { name: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { base } = usePortal();
  const account = `${base}/account`;
  const signOut = useMutation(
    trpc.portal.signOut.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.portal.pathFilter());
        await navigate(account);
      },
    }),
  );
  const section = pathname.startsWith(`${account}/payments`) ? "payments" : pathname.startsWith(`${account}/appointments`) ? "appointments" : "dashboard";
  return (
    <div className="grid gap-4" data-testid="portal-area">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold" data-testid="portal-hello">
          {t("bookingPortal:account.hello", { name })}
        </h1>
        <div className="flex gap-2">
          <Button asChild size="sm">
            <Link to={base}>
              <CalendarPlus aria-hidden />
              {t("bookingPortal:account.bookNew")}
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => signOut.mutate()}>
            <LogOut aria-hidden />
            {t("bookingPortal:account.signOut")}
          </Button>
        </div>
      </div>
      <nav className="flex gap-1 overflow-x-auto border-b" aria-label={t("bookingPortal:nav.account")}>
        {TABS.map((tab) => (
          <NavLink
            key={tab.key}
            to={`${account}${tab.to}`}
            end={tab.end}
            className={({ isActive }) => cn("-mb-px inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground", isActive && "border-primary text-foreground")}
            data-testid={`portal-tab-${tab.key}`}
          >
            {t(`bookingPortal:account.tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      {section === "dashboard" ? <Dashboard /> : section === "appointments" ? <Appointments /> : <Payments />}
    </div>
  );
}

function useMine() {
  const trpc = useTRPC();
  return useQuery(trpc.portal.myAppointments.queryOptions());
}

function Dashboard() {
  const { t } = useTranslation();
  const mine = useMine();
  const { base } = usePortal();
  if (mine.isLoading) return <Skeleton className="h-40 w-full" />;
  const next = mine.data?.upcoming[0];
  return (
    <div className="grid gap-4">
      <section className="grid gap-2" data-testid="portal-next-appointment">
        <h2 className="text-sm font-medium text-muted-foreground">{t("bookingPortal:account.nextAppointment")}</h2>
        {next ? (
          <AppointmentCard a={next as Mine} refundHours={mine.data!.refund_window_hours} />
        ) : (
          <Card>
            <CardContent className="grid gap-3 pt-5">
              <p className="text-sm text-muted-foreground">{t("bookingPortal:account.noUpcoming")}</p>
              <Button asChild className="w-fit">
                <Link to={base}>{t("bookingPortal:account.bookNew")}</Link>
              </Button>
            </CardContent>
          </Card>
        )}
      </section>
      <p className="text-sm text-muted-foreground">
        {t("bookingPortal:account.summary", { upcoming: mine.data?.upcoming.length ?? 0, past: mine.data?.past.length ?? 0 })}{" "}
        <Link to={`${base}/account/appointments`} className="font-medium text-primary underline-offset-4 hover:underline">
          {t("bookingPortal:account.seeAll")}
        </Link>
      </p>
    </div>
  );
}

function Appointments() {
  const { t } = useTranslation();
  const mine = useMine();
  if (mine.isLoading) return <Skeleton className="h-64 w-full" />;
  const data = mine.data!;
  return (
    <div className="grid gap-6">
      <section className="grid gap-2" data-testid="portal-upcoming">
        <h2 className="font-semibold">{t("bookingPortal:account.upcoming")}</h2>
        {data.upcoming.length === 0 ? <p className="text-sm text-muted-foreground">{t("bookingPortal:account.noUpcoming")}</p> : null}
        {data.upcoming.map((a) => (
          <AppointmentCard key={a.id} a={a as Mine} refundHours={data.refund_window_hours} />
        ))}
      </section>
      <section className="grid gap-2" data-testid="portal-past">
        <h2 className="font-semibold">{t("bookingPortal:account.past")}</h2>
        {data.past.length === 0 ? <p className="text-sm text-muted-foreground">{t("bookingPortal:account.noPast")}</p> : null}
        {data.past.map((a) => (
          <AppointmentCard key={a.id} a={a as Mine} refundHours={data.refund_window_hours} />
        ))}
      </section>
    </div>
  );
}

const STATUS_VARIANT: Record<string, "default" | "secondary" | "destructive" | "success" | "warning" | "outline"> = {
  pending: "warning",
  confirmed: "success",
  rescheduled: "secondary",
  cancelled: "destructive",
  completed: "outline",
  no_show: "outline",
};

function AppointmentCard({ a, refundHours }: { a: Mine; refundHours: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [dialog, setDialog] = React.useState<"cancel" | "reschedule" | null>(null);
  const movable = ["pending", "confirmed", "rescheduled"].includes(a.status);
  return (
    <Card data-testid="portal-appointment" data-id={a.id}>
      <CardContent className="grid gap-2 pt-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid">
            <span className="font-medium">{a.service_name}</span>
            <span className="text-sm" data-testid="portal-appointment-when" data-date={a.appointment_date} data-time={a.start_time}>
              {longDate(a.appointment_date, lang)} · {formatTime(a.start_time, lang)}
            </span>
            <span className="text-sm text-muted-foreground">
              {a.employee_name} · #{a.appointment_number}
            </span>
          </div>
          <Badge variant={STATUS_VARIANT[a.status] ?? "outline"} data-testid="portal-appointment-status">
            {t(`bookingPortal:status.${a.status}`)}
          </Badge>
        </div>
        {movable ? (
          a.can_change ? (
            a.can_reschedule || a.can_cancel ? (
              <div className="flex flex-wrap gap-2">
                {a.can_reschedule ? (
                  <Button variant="outline" size="sm" onClick={() => setDialog("reschedule")} data-testid="portal-reschedule">
                    {t("bookingPortal:account.reschedule")}
                  </Button>
                ) : null}
                {a.can_cancel ? (
                  <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setDialog("cancel")} data-testid="portal-cancel">
                    {t("bookingPortal:account.cancel")}
                  </Button>
                ) : null}
              </div>
            ) : (
              <p className="text-xs text-muted-foreground" data-testid="portal-contact-to-change">
                {t("bookingPortal:account.contactToChange")}
              </p>
            )
          ) : (
            <p className="text-xs text-muted-foreground" data-testid="portal-too-late">
              {t("bookingPortal:errors.outsideWindow", { hours: refundHours })}
            </p>
          )
        ) : null}
      </CardContent>
      {dialog === "cancel" ? <CancelDialog a={a} onClose={() => setDialog(null)} /> : null}
      {dialog === "reschedule" ? <RescheduleDialog a={a} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}

function CancelDialog({ a, onClose }: { a: Mine; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const cancel = useMutation(
    trpc.portal.cancel.mutationOptions({
      onSuccess: async (done) => {
        await qc.invalidateQueries(trpc.portal.pathFilter());
        toast({
          variant: "success",
          title: t("bookingPortal:account.cancelled"),
          description: done.refund ? t("bookingPortal:account.refundRequested", { amount: formatMoney(done.refund.amount, i18n.language) }) : undefined,
        });
        onClose();
      },
      onError: (e) => toast({ variant: "destructive", title: t("bookingPortal:errors.cancelFailed"), description: e.message }),
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("bookingPortal:flow.close")}>
        <DialogHeader>
          <DialogTitle>{t("bookingPortal:account.cancelTitle")}</DialogTitle>
          <DialogDescription>
            {a.service_name} · {longDate(a.appointment_date, i18n.language)} · {formatTime(a.start_time, i18n.language)}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("bookingPortal:account.keep")}
          </Button>
          <Button variant="destructive" onClick={() => cancel.mutate({ id: a.id })} disabled={cancel.isPending} data-testid="portal-cancel-confirm">
            {t("bookingPortal:account.cancelConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function RescheduleDialog({ a, onClose }: { a: Mine; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const portal = usePortal();
  const [date, setDate] = React.useState(a.appointment_date);
  const [time, setTime] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const dates = React.useMemo(() => portalDates(portal.max_advance_days), [portal.max_advance_days]);
  const move = useMutation(
    trpc.portal.reschedule.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.portal.pathFilter());
        toast({ variant: "success", title: t("bookingPortal:account.rescheduled") });
        onClose();
      },
      onError: (e) => {
        setError(e.message);
        void qc.invalidateQueries(trpc.portal.getAvailableSlots.pathFilter());
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("bookingPortal:flow.close")} className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("bookingPortal:account.rescheduleTitle")}</DialogTitle>
          <DialogDescription>{a.service_name}</DialogDescription>
        </DialogHeader>
        <SlotPicker
          serviceId={a.service_id}
          employeeId={a.employee_id}
          dates={dates}
          date={date}
          time={time}
          onDate={(d) => {
            setDate(d);
            setTime("");
          }}
          onTime={setTime}
          testPrefix="portal-move"
          current={{ date: a.appointment_date, time: a.start_time }}
        />
        {error ? (
          <p className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("bookingPortal:flow.back")}
          </Button>
          <Button onClick={() => move.mutate({ id: a.id, date, time })} disabled={!time || move.isPending} data-testid="portal-reschedule-confirm">
            {t("bookingPortal:account.rescheduleConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Payments() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const payments = useQuery(trpc.portal.payments.queryOptions());
  if (payments.isLoading) return <Skeleton className="h-40 w-full" />;
  const rows = payments.data ?? [];
  if (rows.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="portal-no-payments">
        {t("bookingPortal:account.noPayments")}
      </p>
    );
  }
  return (
    <div className="grid gap-2" data-testid="portal-payments">
      {rows.map((p) => (
        <Card key={p.id}>
          <CardContent className="flex flex-wrap items-center justify-between gap-2 pt-4">
            <div className="grid text-sm">
              <span className="font-medium">
                {p.service_name} · #{p.appointment_number}
              </span>
              <span className="text-muted-foreground">
                {formatDate(p.created_at, lang)} · {t(`bookingPortal:paymentTypes.${p.payment_type}`)} · {p.method_name}
                {p.invoice_number ? ` · ${t("bookingPortal:account.invoice")} ${p.invoice_number}` : ""}
              </span>
            </div>
            <span className="font-semibold tabular-nums">{formatMoney(p.amount, lang)}</span>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
