import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileText, Plus } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../../app/trpc";
import { PaginationBar } from "../../../components/pagination";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import type { DentalPatientSummary } from "../components/types";
import { useDentalRights } from "../dental-layout";
import { RecordCard, type RecordRow } from "./record-card";
import { RecordDialog } from "./record-dialog";

/** The patient profile's history tab: the clinical records, newest first, a new record and the correction of one. */
export function HistoryTab({ patient }: { patient: DentalPatientSummary }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { has } = useDentalRights();
  const [page, setPage] = React.useState(1);
  const [open, setOpen] = React.useState(false);
  const [correcting, setCorrecting] = React.useState<RecordRow | null>(null);
  const allowed = has("clinical");
  const list = useQuery({ ...trpc.dental.getClinicalRecords.queryOptions({ patientId: patient.id, page, pageSize: 10 }), enabled: allowed, placeholderData: keepPreviousData });
  if (!allowed) return <p className="text-sm text-muted-foreground">{t("dentalClinical:noRight")}</p>;
  const rows = list.data?.data ?? [];
  return (
    <div className="grid gap-3" data-testid="history-tab">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t("dentalClinical:history.tabTitle")}</h2>
        <Button
          type="button"
          onClick={() => {
            setCorrecting(null);
            setOpen(true);
          }}
          data-testid="record-new"
        >
          <Plus className="size-4" />
          {t("dentalClinical:history.newRecord")}
        </Button>
      </div>
      {list.isLoading ? (
        <Skeleton className="h-32 w-full" />
      ) : rows.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded border p-8 text-center" data-testid="history-empty">
          <FileText className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{t("dentalClinical:history.empty")}</p>
          <p className="text-sm text-muted-foreground">{t("dentalClinical:history.emptyHint")}</p>
        </div>
      ) : (
        rows.map((r) => (
          <RecordCard
            key={r.id}
            record={r}
            onCorrect={() => {
              setCorrecting(r);
              setOpen(true);
            }}
          />
        ))
      )}
      {list.data && list.data.pagination.total > 10 ? <PaginationBar pagination={list.data.pagination} onPage={setPage} /> : null}
      <RecordDialog open={open} onOpenChange={setOpen} patient={patient} correcting={correcting} />
    </div>
  );
}
