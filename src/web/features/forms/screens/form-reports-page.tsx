import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { isCalendarDate } from "../../../../shared/platform/dates";
import { useTRPC } from "../../../app/trpc";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { formatDate } from "../../../lib/dates";
import { AccessDenied, RequirePermission } from "../../shell/guards";
import { FormPageHeader, SUBMISSION_STATUSES, useFormOf } from "./form-common";

export function FormReportsPage() {
  return (
    <RequirePermission permission="forms.view">
      <ReportsScreen />
    </RequirePermission>
  );
}

const dateParam = (v: string | null) => (v && isCalendarDate(v) ? v : undefined);

function ReportsScreen() {
  const { id = "" } = useParams();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const form = useFormOf(id);
  const [params, setParams] = useSearchParams();
  const from = dateParam(params.get("from"));
  const to = dateParam(params.get("to"));
  const range = from && to && from > to ? { from: to, to: from } : { from, to };
  const report = useQuery({ ...trpc.formSubmission.report.queryOptions({ formId: id, ...range }), placeholderData: keepPreviousData, retry: false });
  const r = report.data;
  const number = (v: number | null, digits = 2) => (v === null ? "—" : new Intl.NumberFormat(lang === "en" ? "en-US" : "es-DO", { maximumFractionDigits: digits }).format(v));
  const setDate = (key: "from" | "to", value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  if (form.isError || report.isError) return <AccessDenied message={form.error?.message ?? report.error?.message ?? t("formScreens:loadError")} />;
  const optionLabel = (type: string, value: string, label: string | null) => {
    if (label) return label;
    if (type === "rating") return t("formScreens:reports.stars", { count: Number(value) });
    if (value === "true") return t("formScreens:yes");
    if (value === "false") return t("formScreens:no");
    return value;
  };
  const days = r?.perDay.map((d) => ({ label: formatDate(d.date, lang), count: d.count })) ?? [];

  return (
    <div className="grid gap-4">
      <FormPageHeader
        formId={id}
        name={form.data?.name}
        status={form.data?.status}
        loading={form.isLoading}
        title={t("formScreens:reports.title")}
        subtitle={form.data ? t("formScreens:reports.subtitle", { name: form.data.name }) : undefined}
      >
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="report-from">{t("formScreens:reports.from")}</Label>
            <Input id="report-from" type="date" className="w-40" value={from ?? ""} onChange={(e) => setDate("from", e.target.value)} data-testid="report-from" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="report-to">{t("formScreens:reports.to")}</Label>
            <Input id="report-to" type="date" className="w-40" value={to ?? ""} onChange={(e) => setDate("to", e.target.value)} data-testid="report-to" />
          </div>
        </div>
      </FormPageHeader>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Card>
          <CardContent className="grid gap-1 pt-5">
            <span className="text-sm text-muted-foreground">{t("formScreens:reports.total")}</span>
            {r ? (
              <span className="text-3xl font-bold tabular-nums" data-testid="report-total">
                {r.total}
              </span>
            ) : (
              <Skeleton className="h-9 w-16" />
            )}
          </CardContent>
        </Card>
        {SUBMISSION_STATUSES.map((s) => (
          <Card key={s}>
            <CardContent className="grid gap-1 pt-5">
              <span className="text-sm text-muted-foreground">{t(`formScreens:submissionStatus.${s}`)}</span>
              {r ? (
                <span className="text-3xl font-bold tabular-nums" data-testid={`report-${s}`}>
                  {r.byStatus[s]}
                </span>
              ) : (
                <Skeleton className="h-9 w-16" />
              )}
            </CardContent>
          </Card>
        ))}
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t("formScreens:reports.overTime")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!r ? (
            <Skeleton className="h-64 w-full" />
          ) : days.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground" data-testid="report-empty">
              {t("formScreens:reports.empty")}
            </p>
          ) : (
            <>
              <figure className="m-0" data-testid="report-chart">
                <figcaption className="sr-only">{t("formScreens:reports.overTime")}</figcaption>
                <div className="h-64 w-full min-w-0">
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={days} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                      <CartesianGrid strokeDasharray="3 3" vertical={false} />
                      <XAxis dataKey="label" tickFormatter={(v: string) => v.slice(0, 5)} tick={{ fontSize: 11 }} minTickGap={8} />
                      <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={36} />
                      <Tooltip />
                      <Bar dataKey="count" name={t("formScreens:reports.count")} fill="var(--primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
                    </BarChart>
                  </ResponsiveContainer>
                </div>
              </figure>
              <Table aria-label={t("formScreens:reports.overTime")}>
                <THead>
                  <TR>
                    <TH>{t("formScreens:reports.date")}</TH>
                    <TH className="text-right">{t("formScreens:reports.count")}</TH>
                  </TR>
                </THead>
                <TBody>
                  {days.map((d) => (
                    <TR key={d.label}>
                      <TD className="tabular-nums">{d.label}</TD>
                      <TD className="text-right tabular-nums">{d.count}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </>
          )}
        </CardContent>
      </Card>

      {r && r.distributions.length === 0 && r.numbers.length === 0 ? <p className="text-sm text-muted-foreground">{t("formScreens:reports.noFields")}</p> : null}

      {r && r.numbers.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("formScreens:reports.numbers")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Table stack aria-label={t("formScreens:reports.numbers")} data-testid="report-numbers">
              <THead>
                <TR>
                  <TH>{t("formScreens:reports.field")}</TH>
                  <TH className="text-right">{t("formScreens:reports.answers")}</TH>
                  <TH className="text-right">{t("formScreens:reports.average")}</TH>
                  <TH className="text-right">{t("formScreens:reports.min")}</TH>
                  <TH className="text-right">{t("formScreens:reports.max")}</TH>
                </TR>
              </THead>
              <TBody>
                {r.numbers.map((n) => (
                  <TR key={n.key} data-testid="report-number" data-key={n.key}>
                    <TD stack="primary" className="font-medium">
                      {n.label}
                    </TD>
                    <TD className="text-right tabular-nums" label={t("formScreens:reports.answers")}>
                      {n.count}
                    </TD>
                    <TD className="text-right tabular-nums" label={t("formScreens:reports.average")} data-testid="report-average">
                      {number(n.average)}
                    </TD>
                    <TD className="text-right tabular-nums" label={t("formScreens:reports.min")}>
                      {number(n.min, 4)}
                    </TD>
                    <TD className="text-right tabular-nums" label={t("formScreens:reports.max")}>
                      {number(n.max, 4)}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </CardContent>
        </Card>
      ) : null}

      {r && r.distributions.length > 0 ? (
        <section className="grid gap-3" aria-labelledby="distributions-title">
          <h2 id="distributions-title" className="text-lg font-semibold">
            {t("formScreens:reports.distributions")}
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            {r.distributions.map((d) => {
              const most = Math.max(1, ...d.values.map((v) => v.count));
              return (
                <Card key={d.key} data-testid="report-distribution" data-key={d.key}>
                  <CardHeader>
                    <CardTitle className="text-base">{d.label}</CardTitle>
                    <CardDescription>{t("formScreens:reports.answered", { count: d.answered })}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <ul className="grid gap-2">
                      {d.values.map((v) => {
                        const label = optionLabel(d.type, v.value, v.label);
                        const percent = d.answered === 0 ? 0 : Math.round((v.count / d.answered) * 100);
                        return (
                          <li key={v.value} className="grid gap-1" data-testid="distribution-value">
                            <div className="flex justify-between gap-3 text-sm">
                              <span className="min-w-0 break-words">{label}</span>
                              <span className="shrink-0 tabular-nums text-muted-foreground">
                                {v.count} · {percent}%
                              </span>
                            </div>
                            <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                              <div className="h-full rounded-full bg-primary" style={{ width: `${(v.count / most) * 100}%` }} />
                            </div>
                          </li>
                        );
                      })}
                    </ul>
                  </CardContent>
                </Card>
              );
            })}
          </div>
        </section>
      ) : null}
    </div>
  );
}
