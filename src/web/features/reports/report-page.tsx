import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { formatMoney } from "../../../shared/money/format";
import { isReportKey, type ReportKey } from "../../../shared/reports/schemas";
import { useTRPC } from "../../app/trpc";
import { TableFallbackRows } from "../../components/list-page";
import type { ReportCell, ReportColumn, ReportData } from "../../components/report/report-data";
import { ReportHeader } from "../../components/report/report-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDate } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import { type Procedure, REPORTS, type ReportView } from "./definitions";
import { ReportChart } from "./report-chart";

const isNumeric = (c: ReportColumn) => c.kind === "money" || c.kind === "number" || c.kind === "percent";

function display(c: ReportColumn, v: ReportCell, lang: string): string {
  if (v === null || v === undefined || v === "") return "—";
  if (c.kind === "money") return formatMoney(String(v), lang);
  return String(v);
}

/** The query of a report procedure (each answers its own shape; the definition reads it). */
function useReportQuery(procedure: Procedure, input: Record<string, string | undefined>) {
  const trpc = useTRPC();
  const report = trpc.report as unknown as Record<Procedure, { queryOptions(input: unknown): Parameters<typeof useQuery>[0] }>;
  return useQuery({ ...report[procedure].queryOptions(input), retry: false }) as { data: unknown; isLoading: boolean; error: Error | null };
}

/** /home/reports/:report: one report with its filters (period or cut-off date, warehouse), chart and table; Imprimir and Exportar in the header. */
export function ReportPage() {
  const { report: key } = useParams();
  const { t } = useTranslation();
  if (!isReportKey(key)) {
    return (
      <Card className="mx-auto mt-6 max-w-lg" data-testid="report-unknown">
        <CardContent className="grid justify-items-center gap-3 pt-5 text-center">
          <p>{t("reports:unknown")}</p>
          <Button asChild variant="outline">
            <Link to="/home/reports">{t("reports:backToIndex")}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <ReportScreen key={key} reportKey={key} />;
}

function ReportScreen({ reportKey }: { reportKey: ReportKey }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { can } = usePermissions();
  const def = REPORTS[reportKey];
  const [params, setParams] = useSearchParams();
  const warehouseId = params.get("warehouse") || undefined;
  const from = params.get("from") || undefined;
  const to = params.get("to") || undefined;
  const asOf = params.get("asOf") || undefined;
  const input = def.snapshot ? { asOf, warehouseId: def.warehouse ? warehouseId : undefined } : { from, to, warehouseId };
  const query = useReportQuery(def.procedure, input);
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const data = query.data as { from?: string; to?: string; asOf?: string; warehouse: { id: string; name: string } | null } | undefined;
  const view: ReportView | undefined = data ? def.view(data, t, lang) : undefined;

  const set = (name: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const title = t(`reports:items.${reportKey}.title`);
  const where = data?.warehouse?.name ?? (def.warehouse ? t("reports:filters.allWarehouses") : null);
  const when = data ? (def.snapshot ? t("reports:asOfDate", { date: formatDate(data.asOf, lang) }) : `${formatDate(data.from, lang)} – ${formatDate(data.to, lang)}`) : undefined;
  const subtitle = when ? [when, where].filter(Boolean).join(" · ") : undefined;
  const period = data ? (def.snapshot ? data.asOf : `${data.from}_${data.to}`) : "";
  const report: ReportData | undefined =
    view && can("reports.export")
      ? { title, subtitle, fileName: `${t(`reports:items.${reportKey}.file`)}-${period}`, columns: view.columns, rows: view.rows, totals: view.rows.length > 0 ? view.totals : undefined }
      : undefined;
  const cols = view?.columns ?? [];

  return (
    <div className="grid min-w-0 gap-4" data-testid={`report-${reportKey}`}>
      <ReportHeader title={title} subtitle={subtitle} backTo="/home/reports" report={report}>
        {def.snapshot ? (
          <label className="grid gap-1 text-xs text-muted-foreground">
            {t("reports:filters.asOf")}
            <Input type="date" className="w-40" value={asOf ?? data?.asOf ?? ""} onChange={(e) => set("asOf", e.target.value)} data-testid="filter-asof" />
          </label>
        ) : (
          <>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("reports:filters.from")}
              <Input type="date" className="w-40" value={from ?? data?.from ?? ""} onChange={(e) => set("from", e.target.value)} data-testid="filter-from" />
            </label>
            <label className="grid gap-1 text-xs text-muted-foreground">
              {t("reports:filters.to")}
              <Input type="date" className="w-40" value={to ?? data?.to ?? ""} onChange={(e) => set("to", e.target.value)} data-testid="filter-to" />
            </label>
          </>
        )}
        {def.warehouse ? (
          <label className="grid gap-1 text-xs text-muted-foreground">
            {t("reports:filters.warehouse")}
            <NativeSelect className="w-full sm:w-52" value={warehouseId ?? ""} onChange={(e) => set("warehouse", e.target.value)} data-testid="filter-warehouse">
              <option value="">{t("reports:filters.allWarehouses")}</option>
              {warehouses.data?.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </NativeSelect>
          </label>
        ) : null}
      </ReportHeader>

      {query.error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive" data-testid="report-error">
          {query.error.message}
        </p>
      ) : null}

      {view?.chart && view.rows.length > 0 ? (
        <Card>
          <CardContent className="pt-5">
            <ReportChart spec={view.chart} rows={view.chartRows ?? view.rows} title={title} />
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardContent className="grid gap-3 pt-5">
          <Table stack aria-label={title} data-testid="report-table">
            <THead>
              <TR>
                {cols.map((c) => (
                  <TH key={c.key} className={cn(isNumeric(c) && "text-right")}>
                    {c.label}
                  </TH>
                ))}
              </TR>
            </THead>
            <TBody>
              {view?.rows.map((r, i) => (
                <TR key={i} data-testid="report-row">
                  {cols.map((c, j) => (
                    <TD key={c.key} stack={j === 0 ? "primary" : undefined} label={j === 0 ? undefined : c.label} className={cn(isNumeric(c) && "text-right tabular-nums", j === 0 && "font-medium")} data-col={c.key}>
                      {display(c, r[c.key] ?? null, lang)}
                    </TD>
                  ))}
                </TR>
              ))}
              <TableFallbackRows loading={query.isLoading} empty={!query.error && (view?.rows.length ?? 0) === 0} cols={Math.max(cols.length, 4)} className="py-10">
                {t(def.snapshot ? "reports:emptySnapshot" : "reports:empty")}
              </TableFallbackRows>
              {view && view.rows.length > 0 ? (
                <TR className="bg-muted/40 font-semibold" data-testid="report-totals">
                  {cols.map((c, j) => {
                    const v = view.totals[c.key] ?? null;
                    const blank = v === null || v === "";
                    return (
                      <TD key={c.key} stack={j === 0 ? "primary" : blank ? "hide" : undefined} label={j === 0 ? undefined : c.label} className={cn(isNumeric(c) && "text-right tabular-nums")} data-col={c.key}>
                        {blank ? "" : display(c, v, lang)}
                      </TD>
                    );
                  })}
                </TR>
              ) : null}
            </TBody>
          </Table>
          {view?.truncated ? <p className="text-sm text-muted-foreground">{t("reports:truncated", { count: view.rows.length })}</p> : null}
          <p className="text-sm text-muted-foreground" data-testid="report-note">
            {t(`reports:items.${reportKey}.note`)}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
