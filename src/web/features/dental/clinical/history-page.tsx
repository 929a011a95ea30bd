import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTRPC } from "../../../app/trpc";
import { ListFilter, ListHeader, ListSearch } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Skeleton } from "../../../components/ui/skeleton";
import { useListParams } from "../../../lib/use-list-params";
import { RequireDentalRight } from "../dental-layout";
import { RecordCard } from "./record-card";

const LIST = { pageSize: 20, debounceMs: 300 } as const;

/** /home/dental/history: every patient's clinical records, newest first, with a search and the 'follow-up due' filter. */
export function ClinicalHistoryPage() {
  return (
    <RequireDentalRight right="clinical">
      <HistoryList />
    </RequireDentalRight>
  );
}

function HistoryList() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const due = params.get("followUp") === "due";
  const list = useQuery({ ...trpc.dental.getClinicalRecords.queryOptions({ page, pageSize, search, followUpDue: due || undefined }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  return (
    <div className="grid gap-4">
      <ListHeader title={t("dentalClinical:history.title")} subtitle={t("dentalClinical:history.subtitle")} />
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label={t("dentalClinical:history.search")} value={text} onValueChange={setText} />
        <ListFilter
          id="history-follow"
          label={t("dentalClinical:history.followUpFilter")}
          allLabel={t("dentalClinical:history.allRecords")}
          value={due ? "due" : null}
          options={[{ value: "due", label: t("dentalClinical:history.followUpDue") }]}
          onValueChange={(v) => update({ followUp: v, page: null })}
        />
      </div>
      {list.isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : rows.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded border p-8 text-center" data-testid="history-empty">
          <FileText className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{search || due ? t("dentalClinical:history.noMatch") : t("dentalClinical:history.empty")}</p>
          <p className="text-sm text-muted-foreground">{t("dentalClinical:history.pageHint")}</p>
        </div>
      ) : (
        <div className="grid gap-3">
          {rows.map((r) => (
            <div key={r.id} className="grid gap-1">
              <RecordCard record={r} showPatient />
              <Link to={`/home/dental/patients/${r.patientId}?tab=history`} className="justify-self-end text-sm text-primary underline-offset-2 hover:underline">
                {t("dentalClinical:history.openPatient", { name: r.patientName })}
              </Link>
            </div>
          ))}
        </div>
      )}
      <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
    </div>
  );
}
