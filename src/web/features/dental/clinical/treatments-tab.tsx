import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, NewLink } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import type { DentalPatientSummary } from "../components/types";
import { useDentalRights } from "../dental-layout";
import { PlansTable } from "./plans-list-page";

/** The patient profile's treatments tab: the patient's plans (status, share, paid, progress) and 'new plan'. */
export function TreatmentsTab({ patient }: { patient: DentalPatientSummary }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { has } = useDentalRights();
  const [page, setPage] = React.useState(1);
  // The front desk ('billing') sees the plans to invoice them; only 'plans' creates one.
  const allowed = has("plans") || has("billing");
  const list = useQuery({ ...trpc.dental.getPlans.queryOptions({ patientId: patient.id, page, pageSize: 10 }), enabled: allowed, placeholderData: keepPreviousData });
  if (!allowed) return <p className="text-sm text-muted-foreground">{t("dentalClinical:noRight")}</p>;
  return (
    <div className="grid gap-3" data-testid="treatments-tab">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t("dentalClinical:plans.tabTitle")}</h2>
        {has("plans") ? <NewLink to={`/home/dental/patients/${patient.id}/plans/new`} label={t("dentalClinical:plans.new")} testId="plan-new" /> : null}
      </div>
      <PlansTable
        rows={list.data?.data ?? []}
        loading={list.isLoading}
        showPatient={false}
        empty={<EmptyTableRow cols={5} icon={ClipboardList} title={t("dentalClinical:plans.emptyPatient")} hint={t("dentalClinical:plans.emptyPatientHint")} testId="plans-empty" />}
      />
      {list.data && list.data.pagination.total > 10 ? <PaginationBar pagination={list.data.pagination} onPage={setPage} /> : null}
    </div>
  );
}
