import { useQuery } from "@tanstack/react-query";
import { AlertCircle, BarChart3, CalendarCheck, ClipboardList, FlaskConical, UserPlus, Users, Wallet } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { acceptanceRate } from "../../../../shared/dental/reports";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDate } from "../../../lib/dates";
import { cn } from "../../../lib/utils";
import type { ChartDatum } from "../../dashboard/charts";
import { useDentalRights } from "../dental-layout";
import { RevenueTable, STATUS_COLORS } from "./parts";

/** Recharts stays in its own chunk (the suite's charts module), fetched when a chart draws. */
const RankedBarChart = React.lazy(() => import("../../dashboard/charts").then((m) => ({ default: m.RankedBarChart })));
const DonutChart = React.lazy(() => import("../../dashboard/charts").then((m) => ({ default: m.DonutChart })));

/** /home/dental (right 'access'; the layout refuses others): the practice at a glance. */
export function DentalDashboardPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { has } = useDentalRights();
  const q = useQuery(trpc.dental.getDashboard.queryOptions());
  const d = q.data;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("dentalAdmin:dashboard.title")}</h1>
        <div className="flex flex-wrap gap-2">
          {has("patients") ? (
            <Button asChild>
              <Link to="/home/dental/patients/new" data-testid="quick-new-patient">
                <UserPlus />
                {t("dentalAdmin:dashboard.newPatient")}
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/home/dental/patients">
              <Users />
              {t("dentalAdmin:dashboard.patients")}
            </Link>
          </Button>
          {has("reports") ? (
            <Button asChild variant="outline">
              <Link to="/home/dental/reports">
                <BarChart3 />
                {t("dentalAdmin:dashboard.reports")}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      {q.isError ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground" role="alert">
            <AlertCircle className="size-6 text-destructive" aria-hidden="true" />
            {t("dentalAdmin:dashboard.loadError")}
            <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
              {t("dentalAdmin:dashboard.retry")}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Stat testId="stat-patients-today" icon={CalendarCheck} label={t("dentalAdmin:dashboard.patientsToday")} value={d ? String(d.patientsSeen.today) : null} hint={d ? formatDate(d.today, i18n.language) : null} />
            <Stat testId="stat-patients-month" icon={Users} label={t("dentalAdmin:dashboard.patientsMonth")} value={d ? String(d.patientsSeen.month) : null} hint={null} />
            <Stat
              testId="stat-revenue-month"
              icon={Wallet}
              label={t("dentalAdmin:dashboard.revenueMonth")}
              value={d ? formatMoney(d.revenueMonth, i18n.language) : null}
              hint={d ? t("dentalAdmin:dashboard.revenueMonthHint", { date: formatDate(d.monthStart, i18n.language) }) : null}
            />
            <Stat
              testId="stat-lab-orders"
              icon={FlaskConical}
              label={t("dentalAdmin:dashboard.labPending")}
              value={d ? String(d.labOrders.pending) : null}
              hint={d ? (d.labOrders.overdue > 0 ? t("dentalAdmin:dashboard.labOverdue", { count: d.labOrders.overdue }) : t("dentalAdmin:dashboard.labNoneOverdue")) : null}
              alert={!!d && d.labOrders.overdue > 0}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <TreatmentsWidget data={d?.treatmentsByStatus} />
            <RevenueWidget data={d?.revenueByProcedure} />
            <PlansWidget data={d?.plans} />
          </div>
        </>
      )}
    </div>
  );
}

function Stat({ testId, icon: Icon, label, value, hint, alert }: { testId: string; icon: React.ElementType; label: string; value: string | null; hint: string | null; alert?: boolean }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex items-start gap-3 pt-5">
        <span className="rounded-md bg-accent p-2 text-accent-foreground" aria-hidden="true">
          <Icon className="size-5" />
        </span>
        <div className="min-w-0">
          <div className="text-sm text-muted-foreground">{label}</div>
          {value === null ? <Skeleton className="mt-1 h-7 w-20" /> : <div className="text-xl font-bold tabular-nums [overflow-wrap:anywhere] sm:text-2xl" data-testid={`${testId}-value`}>{value}</div>}
          {hint ? <div className={cn("text-xs", alert ? "font-medium text-destructive" : "text-muted-foreground")}>{hint}</div> : null}
        </div>
      </CardContent>
    </Card>
  );
}

function Widget({ id, title, description, loading, children }: { id: string; title: string; description: string; loading: boolean; children: React.ReactNode }) {
  return (
    <Card className="min-w-0" role="region" aria-labelledby={`${id}-title`} data-testid={id} aria-busy={loading}>
      <CardHeader className="pb-3">
        <CardTitle id={`${id}-title`} className="text-base">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{loading ? <Skeleton className="h-40 w-full" /> : children}</CardContent>
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-1 py-8 text-center text-sm text-muted-foreground" data-testid="widget-empty">
      <ClipboardList className="size-8" aria-hidden="true" />
      {text}
    </div>
  );
}

function TreatmentsWidget({ data }: { data: { status: string; count: number }[] | undefined }) {
  const { t } = useTranslation();
  const shown = (data ?? []).filter((s) => s.count > 0);
  const chart: ChartDatum[] = shown.map((s) => ({ key: s.status, label: t(`dentalAdmin:planStatuses.${s.status}`), value: s.count, display: String(s.count), color: STATUS_COLORS[s.status] }));
  return (
    <Widget id="dental-treatments" title={t("dentalAdmin:dashboard.treatments")} description={t("dentalAdmin:dashboard.treatmentsHint")} loading={!data}>
      {shown.length === 0 ? (
        <Empty text={t("dentalAdmin:dashboard.empty")} />
      ) : (
        <div className="grid gap-3">
          <React.Suspense fallback={<Skeleton className="h-[180px] w-full" />}>
            <DonutChart data={chart} height={180} />
          </React.Suspense>
          <table className="w-full text-sm" aria-label={t("dentalAdmin:dashboard.treatments")} data-testid="treatments-by-status">
            <thead className="sr-only">
              <tr>
                <th scope="col">{t("dentalAdmin:dashboard.status")}</th>
                <th scope="col">{t("dentalAdmin:dashboard.plansCount")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((s) => (
                <tr key={s.status} className="border-b last:border-0">
                  <td className="py-1.5">
                    <span className="flex items-center gap-2">
                      <span className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: STATUS_COLORS[s.status] }} aria-hidden="true" />
                      {t(`dentalAdmin:planStatuses.${s.status}`)}
                    </span>
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{s.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Widget>
  );
}

function RevenueWidget({ data }: { data: { procedureTypeId: string; code: string; name: string; count: number; revenue: string }[] | undefined }) {
  const { t, i18n } = useTranslation();
  const rows = data ?? [];
  const chart: ChartDatum[] = rows.slice(0, 6).map((r) => ({ key: r.procedureTypeId, label: r.name, value: Number(r.revenue), display: formatMoney(r.revenue, i18n.language) }));
  return (
    <Widget id="dental-revenue" title={t("dentalAdmin:dashboard.revenueByProcedure")} description={t("dentalAdmin:dashboard.revenueByProcedureHint")} loading={!data}>
      {rows.length === 0 ? (
        <Empty text={t("dentalAdmin:dashboard.noRevenue")} />
      ) : (
        <div className="grid gap-3">
          <React.Suspense fallback={<Skeleton className="h-[160px] w-full" />}>
            <RankedBarChart data={chart} lang={i18n.language} seriesLabel={t("dentalAdmin:dashboard.revenue")} />
          </React.Suspense>
          <RevenueTable rows={rows} label={t("dentalAdmin:dashboard.revenueByProcedure")} />
        </div>
      )}
    </Widget>
  );
}

function PlansWidget({ data }: { data: { proposed: number; accepted: number } | undefined }) {
  const { t } = useTranslation();
  const rate = data ? acceptanceRate(data.proposed, data.accepted) : null;
  const width = data && data.proposed > 0 ? `${Math.min(100, Math.round((data.accepted * 100) / data.proposed))}%` : "0%";
  return (
    <Widget id="dental-plans" title={t("dentalAdmin:dashboard.plans")} description={t("dentalAdmin:dashboard.plansHint")} loading={!data}>
      {data ? (
        <div className="grid gap-4">
          <dl className="grid grid-cols-3 gap-2 text-center">
            <div>
              <dt className="text-xs text-muted-foreground">{t("dentalAdmin:dashboard.proposed")}</dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid="plans-proposed">
                {data.proposed}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t("dentalAdmin:dashboard.accepted")}</dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid="plans-accepted">
                {data.accepted}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t("dentalAdmin:dashboard.acceptance")}</dt>
              <dd className="text-2xl font-bold tabular-nums">{rate === null ? "—" : `${rate} %`}</dd>
            </div>
          </dl>
          <div className="h-3 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-primary" style={{ width }} />
          </div>
        </div>
      ) : null}
    </Widget>
  );
}
