import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../app/trpc";
import type { ReportData } from "../../components/report/report-data";
import { ReportHeader } from "../../components/report/report-header";
import { Card, CardContent } from "../../components/ui/card";
import { cn } from "../../lib/utils";
import { AccountPicker } from "./account-picker";
import { ReportTable, type RowMeta } from "./report-table";
import { num, PeriodFilter, RequireAccounting, useAccounts, useMoney, usePeriod, useRangeLabel } from "./shared";

const BACK = "/home/accounting";

/** Balance general: every account with its groups (indented by level), opening, debits, credits and closing. */
export function GeneralBalancePage() {
  return (
    <RequireAccounting>
      <GeneralBalance />
    </RequireAccounting>
  );
}

function GeneralBalance() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const period = usePeriod();
  const range = useRangeLabel();
  const q = useQuery({ ...trpc.accounting.getGeneralBalance.queryOptions({ dateFrom: period.from, dateTo: period.to }), enabled: period.valid, placeholderData: keepPreviousData });
  const title = t("accounting:pages.generalBalance");
  const subtitle = range(period.from, period.to);
  let report: ReportData | undefined;
  let meta: RowMeta[] = [];
  if (q.data) {
    report = {
      title,
      subtitle,
      fileName: `balance-general-${period.from}-${period.to}`,
      columns: [
        { key: "code", label: t("accounting:fields.code") },
        { key: "name", label: t("accounting:fields.account") },
        { key: "opening", label: t("accounting:fields.opening"), kind: "money" },
        { key: "debit", label: t("accounting:fields.debit"), kind: "money" },
        { key: "credit", label: t("accounting:fields.credit"), kind: "money" },
        { key: "closing", label: t("accounting:fields.closing"), kind: "money" },
      ],
      rows: q.data.rows.map((r) => ({ code: r.code, name: r.name, opening: r.opening, debit: r.debit, credit: r.credit, closing: r.closing })),
    };
    meta = q.data.rows.map((r) => ({
      level: r.level,
      bold: r.isGroup,
      href: r.isGroup ? undefined : `/home/accounting/balances/account?account=${r.accountId}&from=${period.from}&to=${period.to}`,
      testId: "general-row",
    }));
  }
  return (
    <div className="grid gap-4">
      <ReportHeader title={title} subtitle={subtitle} backTo={BACK} report={report}>
        <PeriodFilter period={period} />
      </ReportHeader>
      <Card>
        <CardContent className="pt-5">
          <ReportTable report={report} meta={meta} loading={q.isLoading} empty={t("accounting:reports.empty")} testId="general-balance" />
        </CardContent>
      </Card>
    </div>
  );
}

/** Balanza de comprobación: postable accounts with movement, the totals and the difference (must be 0.00). */
export function TrialBalancePage() {
  return (
    <RequireAccounting>
      <TrialBalance />
    </RequireAccounting>
  );
}

function TrialBalance() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const money = useMoney();
  const period = usePeriod();
  const range = useRangeLabel();
  const q = useQuery({ ...trpc.accounting.getTrialBalance.queryOptions({ dateFrom: period.from, dateTo: period.to }), enabled: period.valid, placeholderData: keepPreviousData });
  const title = t("accounting:pages.trialBalance");
  const subtitle = range(period.from, period.to);
  const d = q.data;
  const report: ReportData | undefined = d
    ? {
        title,
        subtitle,
        fileName: `balanza-de-comprobacion-${period.from}-${period.to}`,
        columns: [
          { key: "code", label: t("accounting:fields.code") },
          { key: "name", label: t("accounting:fields.account") },
          { key: "opening", label: t("accounting:fields.opening"), kind: "money" },
          { key: "debit", label: t("accounting:fields.debit"), kind: "money" },
          { key: "credit", label: t("accounting:fields.credit"), kind: "money" },
          { key: "closingDebit", label: t("accounting:fields.closingDebit"), kind: "money" },
          { key: "closingCredit", label: t("accounting:fields.closingCredit"), kind: "money" },
        ],
        rows: d.rows.map((r) => ({ code: r.code, name: r.name, opening: r.opening, debit: r.debit, credit: r.credit, closingDebit: r.closingDebit, closingCredit: r.closingCredit })),
        totals: { code: null, name: t("accounting:fields.total"), opening: null, debit: d.totals.debit, credit: d.totals.credit, closingDebit: d.totals.closingDebit, closingCredit: d.totals.closingCredit },
      }
    : undefined;
  const meta: RowMeta[] = d ? d.rows.map((r) => ({ href: `/home/accounting/balances/account?account=${r.accountId}&from=${period.from}&to=${period.to}`, testId: "trial-row" })) : [];
  const balanced = d ? Number(d.difference) === 0 : true;
  return (
    <div className="grid gap-4">
      <ReportHeader title={title} subtitle={subtitle} backTo={BACK} report={report}>
        <PeriodFilter period={period} />
      </ReportHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <ReportTable report={report} meta={meta} loading={q.isLoading} empty={t("accounting:reports.empty")} testId="trial-balance" />
          {d ? (
            <p className={cn("ml-auto flex flex-wrap items-center gap-3 rounded-md border px-3 py-2 text-sm font-semibold", !balanced && "border-destructive text-destructive")} role="status">
              <span>{t("accounting:reports.difference")}</span>
              <span className={num} data-testid="trial-difference">
                {money(d.difference)}
              </span>
              <span className="font-normal">{balanced ? t("accounting:reports.balanced") : t("accounting:reports.notBalanced")}</span>
            </p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

/** Detalle por cuenta: one account's posted lines in the period with the running balance, each linked to its entry. */
export function AccountDetailPage() {
  return (
    <RequireAccounting>
      <AccountDetail />
    </RequireAccounting>
  );
}

function AccountDetail() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const money = useMoney();
  const period = usePeriod();
  const range = useRangeLabel();
  const accounts = useAccounts(true);
  const accountId = period.params.get("account") ?? "";
  const q = useQuery({
    ...trpc.accounting.getAccountDetail.queryOptions({ accountId, dateFrom: period.from, dateTo: period.to }),
    enabled: period.valid && /^[0-9a-f-]{36}$/.test(accountId),
    placeholderData: keepPreviousData,
  });
  const d = q.data && q.data.account.id === accountId ? q.data : undefined;
  const title = t("accounting:pages.accountDetail");
  const subtitle = d ? `${d.account.code} · ${d.account.name} · ${range(period.from, period.to)}` : range(period.from, period.to);
  const report: ReportData | undefined = d
    ? {
        title,
        subtitle,
        fileName: `detalle-cuenta-${d.account.code}-${period.from}-${period.to}`,
        columns: [
          { key: "date", label: t("accounting:fields.date"), kind: "date" },
          { key: "number", label: t("accounting:fields.number") },
          { key: "description", label: t("accounting:fields.description") },
          { key: "reference", label: t("accounting:fields.reference") },
          { key: "debit", label: t("accounting:fields.debit"), kind: "money" },
          { key: "credit", label: t("accounting:fields.credit"), kind: "money" },
          { key: "balance", label: t("accounting:fields.balance"), kind: "money" },
        ],
        rows: [
          { date: period.from, number: null, description: t("accounting:reports.openingBalance"), reference: null, debit: null, credit: null, balance: d.opening },
          ...d.rows.map((r) => ({ date: r.date, number: r.number, description: r.lineDescription ? `${r.description} — ${r.lineDescription}` : r.description, reference: r.reference, debit: r.debit, credit: r.credit, balance: r.balance })),
        ],
        totals: { date: null, number: null, description: t("accounting:reports.closingBalance"), reference: null, debit: d.debit, credit: d.credit, balance: d.closing },
      }
    : undefined;
  const meta: RowMeta[] = d ? [{ testId: "detail-opening" }, ...d.rows.map((r) => ({ href: `/home/accounting/entries/${r.entryId}`, testId: "detail-row" }))] : [];
  return (
    <div className="grid gap-4">
      <ReportHeader title={title} subtitle={subtitle} backTo={BACK} report={report}>
        <div className="grid w-full gap-1 text-xs text-muted-foreground sm:w-80">
          <label htmlFor="detail-account">{t("accounting:fields.account")}</label>
          <AccountPicker id="detail-account" accounts={accounts.data ?? []} value={accountId} onChange={(id) => period.set({ account: id })} testId="detail-account" />
        </div>
        <PeriodFilter period={period} />
      </ReportHeader>
      <Card>
        <CardContent className="grid gap-3 pt-5">
          {!accountId ? (
            <p className="py-10 text-center text-muted-foreground" data-testid="detail-choose">
              {t("accounting:reports.chooseAccount")}
            </p>
          ) : (
            <>
              <ReportTable report={report} meta={meta} loading={q.isLoading} empty={t("accounting:reports.empty")} testId="account-detail" />
              {d?.truncated ? <p className="text-sm text-muted-foreground">{t("accounting:reports.truncated")}</p> : null}
              {d ? (
                <p className="ml-auto text-sm font-semibold">
                  {t("accounting:reports.closingBalance")}:{" "}
                  <span className={num} data-testid="detail-closing">
                    {money(d.closing)}
                  </span>
                </p>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
