import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LAB_ORDER_STATUSES, type LabOrderStatus } from "../../../../shared/dental/constants";
import { useTRPC } from "../../../app/trpc";
import { useListParams } from "../../../lib/use-list-params";
import { FileListFilters, FileListPage } from "../components/file-list";
import { RequireDentalRight } from "../dental-layout";
import { LabOrdersTable, labStatusOptions, OverdueToggle } from "./lab-orders-tab";

const LIST = { pageSize: 20, debounceMs: 300 } as const;

/** /home/dental/lab-orders: every patient's lab orders, search, status and 'Atrasadas' with its count (new ones from the patient's profile). */
export function LabOrdersPage() {
  return (
    <RequireDentalRight right="files">
      <LabOrders />
    </RequireDentalRight>
  );
}

function LabOrders() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (LAB_ORDER_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as LabOrderStatus) : undefined;
  const overdue = params.get("overdue") === "1";
  const query = useQuery({ ...trpc.dental.getLabOrders.queryOptions({ page, pageSize, search, status, overdue: overdue || undefined }), placeholderData: keepPreviousData });
  return (
    <FileListPage title={t("dentalFiles:labOrders.title")} subtitle={t("dentalFiles:labOrders.subtitle")}>
      <FileListFilters
        search={{ label: t("dentalFiles:labOrders.searchAll"), value: text, onChange: setText, testId: "lab-search" }}
        filter={{ id: "lab-order-status", label: t("dentalFiles:columns.status"), allLabel: t("dentalFiles:allStatuses"), value: status, options: labStatusOptions(t), onChange: (v) => update({ status: v, page: null }) }}
      >
        <OverdueToggle pressed={overdue} count={query.data?.overdueCount ?? 0} onToggle={() => update({ overdue: overdue ? null : "1", page: null })} />
      </FileListFilters>
      <LabOrdersTable
        rows={query.data?.data ?? []}
        loading={query.isLoading}
        pagination={query.data?.pagination}
        onPage={setPage}
        onPageSize={setPageSize}
        showPatient
        empty={overdue && !search && !status ? t("dentalFiles:labOrders.noneOverdue") : search || status || overdue ? t("dentalFiles:emptySearch") : t("dentalFiles:labOrders.emptyAll")}
      />
    </FileListPage>
  );
}
