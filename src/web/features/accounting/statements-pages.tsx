import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../app/trpc";
import type { ReportCell, ReportColumn, ReportData } from "../../components/report/report-data";
import { ReportHeader } from "../../components/report/report-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { formatDate } from "../../lib/dates";
import { cn } from "../../lib/utils";
import { ReportTable, type RowMeta } from "./report-table";
import { num, PeriodFilter, RequireAccounting, useMoney, usePeriod, useRangeLabel } from "./shared";

const BACK = "/home/accounting";

interface Line {
  accountId: string;
  code: string;
  name: string;
  level: number;
  isGroup: boolean;
  amount: string;
  previous: string | null;
}

/** Rows of a statement being built: the rows, how each is drawn, and helpers for sections and totals. */
function builder(compare: boolean) {
  const rows: Record<string, ReportCell>[] = [];
  const meta: RowMeta[] = [];
  return {
    rows,
    meta,
    heading(name: string, testId?: string) {
      rows.push({ code: null, name, amount: null, ...(compare ? { previous: null } : {}) });
      meta.push({ heading: true, testId });
    },
    lines(list: Line[], from: string, to: string) {
      for (const l of list) {
        rows.push({ code: l.code, name: l.name, amount: l.amount, ...(compare ? { previous: l.previous } : {}) });
        meta.push({ level: l.level, bold: l.isGroup, href: l.isGroup ? undefined : `/home/accounting/balances/account?account=${l.accountId}&from=${from}&to=${to}` });
      }
    },
    total(name: string, amount: string, previous: string | null | undefined, testId?: string) {
      rows.push({ code: null, name, amount, ...(compare ? { previous: previous ?? null } : {}) });
      meta.push({ bold: true, testId });
    },
  };
}

function columns(t: (k: string) => string, compare: boolean, current: string, previous?: string): ReportColumn[] {
  return [
    { key: "code", label: t("accounting:fields.code") },
    { key: "name", label: t("accounting:fields.account") },
    { key: "amount", label: current, kind: "money" },
    ...(compare ? [{ key: "previous", label: previous ?? t("accounting:reports.previous"), kind: "money" as const }] : []),
  ];
}

/** Estado de resultados: income less costs and expenses, optionally beside the period before. */
export function IncomeStatementPage() {
  return (
    <RequireAccounting>
      <IncomeStatement />
    </RequireAccounting>
  );
}

function IncomeStatement() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const money = useMoney();
  const period = usePeriod();
  const range = useRangeLabel();
  const q = useQuery({ ...trpc.accounting.getIncomeStatement.queryOptions({ dateFrom: period.from, dateTo: period.to, compare: period.compare }), enabled: period.valid, placeholderData: keepPreviousData });
  const title = t("accounting:pages.incomeStatement");
  const subtitle = range(period.from, period.to);
  const d = q.data;
  let report: ReportData | undefined;
  let meta: RowMeta[] = [];
  const compare = !!d?.previousTotals;
  if (d) {
    const b = builder(compare);
    b.heading(t("accounting:statements.income"));
    b.lines(d.income, period.from, period.to);
    b.total(t("accounting:statements.totalIncome"), d.totals.income, d.previousTotals?.income, "income-total");
    b.heading(t("accounting:statements.expenses"));
    b.lines(d.expenses, period.from, period.to);
    b.total(t("accounting:statements.totalExpenses"), d.totals.expenses, d.previousTotals?.expenses, "expenses-total");
    b.total(t("accounting:statements.netResult"), d.totals.net, d.previousTotals?.net, "net-result");
    report = {
      title,
      subtitle,
      fileName: `estado-de-resultados-${period.from}-${period.to}`,
      columns: columns(t, compare, range(d.range.from, d.range.to), d.previousRange ? range(d.previousRange.from, d.previousRange.to) : undefined),
      rows: b.rows,
    };
    meta = b.meta;
  }
  return (
    <div className="grid gap-4">
      <ReportHeader title={title} subtitle={subtitle} backTo={BACK} report={report}>
        <PeriodFilter period={period} withCompare />
      </ReportHeader>
      <Card>
        <CardContent className="grid gap-3 pt-5">
          <ReportTable report={report} meta={meta} loading={q.isLoading} empty={t("accounting:reports.empty")} testId="income-statement" />
          {d ? (
            <p className="ml-auto text-base font-bold">
              {Number(d.totals.net) >= 0 ? t("accounting:statements.profit") : t("accounting:statements.loss")}:{" "}
              <span className={num} data-testid="income-net">
                {money(d.totals.net)}
              </span>
            </p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

/** Balance general (estado de situación): assets = liabilities + equity + the period's result, at the end date. */
export function BalanceSheetPage() {
  return (
    <RequireAccounting>
      <BalanceSheet />
    </RequireAccounting>
  );
}

function BalanceSheet() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const money = useMoney();
  const period = usePeriod();
  const q = useQuery({ ...trpc.accounting.getBalanceSheet.queryOptions({ dateFrom: period.from, dateTo: period.to, compare: period.compare }), enabled: period.valid, placeholderData: keepPreviousData });
  const title = t("accounting:pages.balanceSheet");
  const asOf = (d: string) => t("accounting:statements.asOf", { date: formatDate(d, i18n.language) });
  const subtitle = asOf(period.to);
  const d = q.data;
  let report: ReportData | undefined;
  let meta: RowMeta[] = [];
  const compare = !!d?.previousTotals;
  if (d) {
    const p = d.previousTotals;
    const b = builder(compare);
    b.heading(t("accounting:statements.assets"));
    b.lines(d.assets, period.from, period.to);
    b.total(t("accounting:statements.totalAssets"), d.totals.assets, p?.assets, "assets-total");
    b.heading(t("accounting:statements.liabilities"));
    b.lines(d.liabilities, period.from, period.to);
    b.total(t("accounting:statements.totalLiabilities"), d.totals.liabilities, p?.liabilities, "liabilities-total");
    b.heading(t("accounting:statements.equity"));
    b.lines(d.equity, period.from, period.to);
    b.total(t("accounting:statements.periodResult"), d.totals.result, p?.result, "result-total");
    b.total(t("accounting:statements.totalEquity"), (Number(d.totals.equity) + Number(d.totals.result)).toFixed(2), p ? (Number(p.equity) + Number(p.result)).toFixed(2) : null, "equity-total");
    b.total(t("accounting:statements.totalLiabilitiesEquity"), d.totals.liabilitiesAndEquity, p?.liabilitiesAndEquity, "liabilities-equity-total");
    report = {
      title,
      subtitle,
      fileName: `balance-general-situacion-${period.to}`,
      columns: columns(t, compare, asOf(d.asOf), d.previousAsOf ? asOf(d.previousAsOf) : undefined),
      rows: b.rows,
    };
    meta = b.meta;
  }
  const balanced = d ? Number(d.totals.difference) === 0 : true;
  return (
    <div className="grid gap-4">
      <ReportHeader title={title} subtitle={subtitle} backTo={BACK} report={report}>
        <PeriodFilter period={period} withCompare asOf />
      </ReportHeader>
      {d ? (
        <Card>
          <CardContent className="grid gap-2 pt-5 text-sm sm:grid-cols-2 lg:grid-cols-5" data-testid="balance-equation">
            <Figure label={t("accounting:statements.totalAssets")} value={money(d.totals.assets)} testId="eq-assets" />
            <Figure label={t("accounting:statements.totalLiabilities")} value={money(d.totals.liabilities)} />
            <Figure label={t("accounting:statements.equity")} value={money(d.totals.equity)} />
            <Figure label={t("accounting:statements.periodResult")} value={money(d.totals.result)} />
            <Figure label={t("accounting:reports.difference")} value={money(d.totals.difference)} testId="balance-difference" className={balanced ? undefined : "text-destructive"} />
            <p className="sm:col-span-2 lg:col-span-5 text-muted-foreground">{balanced ? t("accounting:statements.equationOk") : t("accounting:statements.equationOff")}</p>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardContent className="pt-5">
          <ReportTable report={report} meta={meta} loading={q.isLoading} empty={t("accounting:reports.empty")} testId="balance-sheet" />
        </CardContent>
      </Card>
    </div>
  );
}

function Figure({ label, value, testId, className }: { label: string; value: string; testId?: string; className?: string }) {
  return (
    <div className={cn("min-w-0 rounded-md border p-3", className)}>
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/** Flujo de efectivo (direct method): operating, investing and financing, the net change, opening and closing cash. */
export function CashFlowPage() {
  return (
    <RequireAccounting>
      <CashFlow />
    </RequireAccounting>
  );
}

type FlowLine = { code: string; name: string; amount: string };

function CashFlow() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const period = usePeriod();
  const range = useRangeLabel();
  const q = useQuery({ ...trpc.accounting.getCashFlow.queryOptions({ dateFrom: period.from, dateTo: period.to, compare: period.compare }), enabled: period.valid, placeholderData: keepPreviousData });
  const title = t("accounting:pages.cashFlow");
  const subtitle = range(period.from, period.to);
  const d = q.data;
  let report: ReportData | undefined;
  let meta: RowMeta[] = [];
  const compare = !!d?.previous;
  if (d) {
    const rows: Record<string, ReportCell>[] = [];
    const m: RowMeta[] = [];
    const prev = d.previous;
    const section = (key: "operating" | "investing" | "financing") => {
      rows.push({ code: null, name: t(`accounting:statements.${key}`), amount: null, ...(compare ? { previous: null } : {}) });
      m.push({ heading: true });
      const current: FlowLine[] = d[key];
      const before: FlowLine[] = prev ? prev[key] : [];
      const codes = [...new Set([...current.map((l) => l.code), ...before.map((l) => l.code)])].sort();
      for (const code of codes) {
        const now = current.find((l) => l.code === code);
        const then = before.find((l) => l.code === code);
        // an entry and its reversal net to zero: nothing to show
        if (Number(now?.amount ?? 0) === 0 && Number(then?.amount ?? 0) === 0) continue;
        rows.push({ code: code || null, name: (now ?? then)?.name || t("accounting:statements.unclassified"), amount: now?.amount ?? "0.00", ...(compare ? { previous: then?.amount ?? "0.00" } : {}) });
        m.push({ level: 1 });
      }
      rows.push({ code: null, name: t(`accounting:statements.${key}Total`), amount: d.totals[key], ...(compare ? { previous: prev?.totals[key] ?? null } : {}) });
      m.push({ bold: true, testId: `flow-${key}-total` });
    };
    section("operating");
    section("investing");
    section("financing");
    rows.push({ code: null, name: t("accounting:statements.netChange"), amount: d.totals.net, ...(compare ? { previous: prev?.totals.net ?? null } : {}) });
    m.push({ bold: true, testId: "flow-net" });
    rows.push({ code: null, name: t("accounting:statements.openingCash"), amount: d.opening, ...(compare ? { previous: prev?.opening ?? null } : {}) });
    m.push({ testId: "flow-opening" });
    rows.push({ code: null, name: t("accounting:statements.closingCash"), amount: d.closing, ...(compare ? { previous: prev?.closing ?? null } : {}) });
    m.push({ bold: true, testId: "flow-closing" });
    report = {
      title,
      subtitle,
      fileName: `flujo-de-efectivo-${period.from}-${period.to}`,
      columns: columns(t, compare, range(d.range.from, d.range.to), d.previousRange ? range(d.previousRange.from, d.previousRange.to) : undefined),
      rows,
    };
    meta = m;
  }
  return (
    <div className="grid gap-4">
      <ReportHeader title={title} subtitle={subtitle} backTo={BACK} report={report}>
        <PeriodFilter period={period} withCompare />
      </ReportHeader>
      <Card>
        <CardContent className="pt-5">
          <ReportTable report={report} meta={meta} loading={q.isLoading} empty={t("accounting:reports.empty")} testId="cash-flow" />
        </CardContent>
      </Card>
    </div>
  );
}

/** Estado de cambios en el patrimonio: the spec's 'in development' notice. */
export function EquityChangesPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <ReportHeader title={t("accounting:pages.equityChanges")} backTo={BACK} report={undefined} />
      <Card className="mx-auto w-full max-w-2xl" data-testid="equity-in-development">
        <CardHeader>
          <div className="flex items-center gap-2">
            <Construction className="size-6 text-muted-foreground" aria-hidden />
            <CardTitle>{t("accounting:inDevelopment")}</CardTitle>
          </div>
          <CardDescription>{t("accounting:statements.equityNotice")}</CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
