import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PLAN_STATUSES, type PlanStatus } from "../../../../shared/dental/constants";
import { formatMoney } from "../../../../shared/money/format";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, ListFilter, ListHeader, ListSearch } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { formatDate } from "../../../lib/dates";
import { useListParams } from "../../../lib/use-list-params";
import { RequireDentalRight } from "../dental-layout";
import { PlanStatusBadge, ProgressBar } from "./common";

const LIST = { pageSize: 20, debounceMs: 300 } as const;

export interface PlanListRow {
  id: string;
  number: number;
  name: string;
  status: PlanStatus;
  currency: string;
  patientId: string;
  patientName: string;
  createdAt: string;
  totals: { patientShare: string };
  paid: string;
  progress: { done: number; total: number };
}

/** The plans table (the list page and the patient's treatments tab). */
export function PlansTable({ rows, loading, showPatient, empty }: { rows: PlanListRow[]; loading: boolean; showPatient: boolean; empty: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cols = showPatient ? 6 : 5;
  return (
    <Table stack aria-label={t("dentalClinical:plans.title")}>
      <THead>
        <TR>
          <TH>{t("dentalClinical:plans.plan")}</TH>
          {showPatient ? <TH>{t("dentalClinical:plans.patient")}</TH> : null}
          <TH>{t("dentalClinical:plans.status")}</TH>
          <TH className="text-right">{t("dentalClinical:plans.patientShare")}</TH>
          <TH className="text-right">{t("dentalClinical:plans.paid")}</TH>
          <TH>{t("dentalClinical:plans.progress")}</TH>
        </TR>
      </THead>
      <TBody>
        {rows.map((p) => (
          <TR key={p.id} data-testid="plan-row">
            <TD stack="primary">
              <Link to={`/home/dental/plans/${p.id}`} className="font-medium text-primary underline-offset-2 hover:underline">
                #{p.number} · {p.name}
              </Link>
              <p className="text-xs text-muted-foreground">{formatDate(p.createdAt, lang)}</p>
            </TD>
            {showPatient ? (
              <TD label={t("dentalClinical:plans.patient")}>
                <Link to={`/home/dental/patients/${p.patientId}`} className="hover:underline">
                  {p.patientName}
                </Link>
              </TD>
            ) : null}
            <TD label={t("dentalClinical:plans.status")}>
              <PlanStatusBadge status={p.status} />
            </TD>
            <TD label={t("dentalClinical:plans.patientShare")} className="text-right tabular-nums">
              {formatMoney(p.totals.patientShare, lang, p.currency)}
            </TD>
            <TD label={t("dentalClinical:plans.paid")} className="text-right tabular-nums">
              {formatMoney(p.paid, lang, p.currency)}
            </TD>
            <TD label={t("dentalClinical:plans.progress")} className="min-w-32">
              <ProgressBar done={p.progress.done} total={p.progress.total} />
            </TD>
          </TR>
        ))}
        {loading ? <SkeletonRows cols={cols} /> : rows.length === 0 ? empty : null}
      </TBody>
    </Table>
  );
}

/** /home/dental/plans: every patient's plans, newest first, with the status filter ('active' = approved or in progress) and a search. */
export function PlansListPage() {
  return (
    <RequireDentalRight right="plans">
      <PlansList />
    </RequireDentalRight>
  );
}

function PlansList() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const raw = params.get("status") ?? "";
  const status = (PLAN_STATUSES as readonly string[]).includes(raw) ? (raw as PlanStatus) : undefined;
  const list = useQuery({ ...trpc.dental.getPlans.queryOptions({ page, pageSize, search, status }), placeholderData: keepPreviousData });
  return (
    <div className="grid gap-4">
      <ListHeader title={t("dentalClinical:plans.title")} subtitle={t("dentalClinical:plans.subtitle")} />
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label={t("dentalClinical:plans.search")} value={text} onValueChange={setText} />
        <ListFilter
          id="plans-status"
          label={t("dentalClinical:plans.status")}
          allLabel={t("dentalClinical:plans.allStatuses")}
          value={status ?? null}
          options={PLAN_STATUSES.map((s) => ({ value: s, label: t(`dentalClinical:planStatus.${s}`) }))}
          onValueChange={(v) => update({ status: v, page: null })}
        />
      </div>
      <PlansTable
        rows={list.data?.data ?? []}
        loading={list.isLoading}
        showPatient
        empty={<EmptyTableRow cols={6} icon={ClipboardList} title={search || status ? t("dentalClinical:plans.noMatch") : t("dentalClinical:plans.empty")} hint={t("dentalClinical:plans.emptyHint")} testId="plans-empty" />}
      />
      <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
    </div>
  );
}
