import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PRESCRIPTION_STATUSES, type PrescriptionStatus } from "../../../../shared/dental/constants";
import { useTRPC } from "../../../app/trpc";
import { useListParams } from "../../../lib/use-list-params";
import { FileListFilters, FileListPage } from "../components/file-list";
import { RequireDentalRight } from "../dental-layout";
import { PrescriptionsTable, prescriptionStatusOptions } from "./prescriptions-tab";

const LIST = { pageSize: 20, debounceMs: 300 } as const;

/** /home/dental/prescriptions: every patient's prescriptions, search and status (new ones are written from the patient's profile). */
export function PrescriptionsPage() {
  return (
    <RequireDentalRight right="prescribe">
      <Prescriptions />
    </RequireDentalRight>
  );
}

function Prescriptions() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (PRESCRIPTION_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as PrescriptionStatus) : undefined;
  const query = useQuery({ ...trpc.dental.getPrescriptions.queryOptions({ page, pageSize, search, status }), placeholderData: keepPreviousData });
  return (
    <FileListPage title={t("dentalFiles:prescriptions.title")} subtitle={t("dentalFiles:prescriptions.subtitle")}>
      <FileListFilters
        search={{ label: t("dentalFiles:prescriptions.searchAll"), value: text, onChange: setText, testId: "prescription-search" }}
        filter={{ id: "prescription-status", label: t("dentalFiles:columns.status"), allLabel: t("dentalFiles:allStatuses"), value: status, options: prescriptionStatusOptions(t), onChange: (v) => update({ status: v, page: null }) }}
      />
      <PrescriptionsTable
        rows={query.data?.data ?? []}
        loading={query.isLoading}
        pagination={query.data?.pagination}
        onPage={setPage}
        onPageSize={setPageSize}
        showPatient
        empty={search || status ? t("dentalFiles:emptySearch") : t("dentalFiles:prescriptions.emptyAll")}
      />
    </FileListPage>
  );
}
