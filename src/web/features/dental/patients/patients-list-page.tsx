import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PATIENT_STATUSES, type PatientStatus } from "../../../../shared/dental/constants";
import { displayIdentification, fileNumber } from "../../../../shared/dental/patient";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, ListFilter, ListHeader, ListSearch, NewLink } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Card, CardContent } from "../../../components/ui/card";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { useListParams } from "../../../lib/use-list-params";
import { useDentalRights } from "../dental-layout";
import { PatientStatusBadge } from "./patient-common";

const LIST = { pageSize: 20, debounceMs: 300 } as const;

/** /home/dental/patients: the practice's patients, newest first; search by name, identification, phone or file number. */
export function PatientsListPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { has } = useDentalRights();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (PATIENT_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as PatientStatus) : undefined;
  const list = useQuery({ ...trpc.dental.getPatients.queryOptions({ page, pageSize, search, status }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const filtered = search !== "" || !!status;
  const canWrite = has("patients");

  return (
    <div className="grid gap-4">
      <ListHeader title={t("dental:list.title")} subtitle={t("dental:list.subtitle")}>
        {canWrite ? <NewLink to="/home/dental/patients/new" label={t("dental:list.new")} testId="new-patient" /> : null}
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch type="search" label={t("dental:list.search")} value={text} onValueChange={setText} data-testid="patient-search" />
            <ListFilter
              id="patient-status-filter"
              label={t("dental:fields.status")}
              allLabel={t("dental:list.allStatuses")}
              value={status}
              options={PATIENT_STATUSES.map((s) => ({ value: s, label: t(`dental:status.${s}`) }))}
              onValueChange={(v) => update({ status: v, page: null })}
              testId="patient-status-filter"
            />
          </div>
          <Table stack aria-label={t("dental:list.title")}>
            <THead>
              <TR>
                <TH>{t("dental:fields.fileNumber")}</TH>
                <TH>{t("dental:fields.name")}</TH>
                <TH className="hidden md:table-cell">{t("dental:fields.identification")}</TH>
                <TH className="hidden sm:table-cell">{t("dental:fields.phone")}</TH>
                <TH className="hidden lg:table-cell">{t("dental:fields.insuranceProvider")}</TH>
                <TH>{t("dental:fields.status")}</TH>
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={6} /> : null}
              {rows.map((p) => (
                <TR key={p.id} data-testid="patient-row" data-patient-id={p.id}>
                  <TD className="whitespace-nowrap font-mono text-sm" label={t("dental:fields.fileNumber")}>
                    {fileNumber(p.number)}
                  </TD>
                  <TD stack="primary">
                    <Link to={`/home/dental/patients/${p.id}`} className="font-medium break-words hover:underline" data-testid="patient-name">
                      {p.name}
                    </Link>
                    {p.allergies.length > 0 ? <div className="text-xs text-amber-700 dark:text-amber-300">{t("dental:allergies.warning")} {p.allergies.join(", ")}</div> : null}
                  </TD>
                  <TD className="hidden md:table-cell" label={t("dental:fields.identification")}>
                    {p.identification ? displayIdentification(p.identification) : <span className="text-muted-foreground">—</span>}
                  </TD>
                  <TD className="hidden whitespace-nowrap sm:table-cell" label={t("dental:fields.phone")}>
                    {p.phone ?? <span className="text-muted-foreground">—</span>}
                  </TD>
                  <TD className="hidden lg:table-cell" label={t("dental:fields.insuranceProvider")}>
                    {p.insurance?.provider ?? <span className="text-muted-foreground">{t("dental:profile.noInsurance")}</span>}
                  </TD>
                  <TD label={t("dental:fields.status")}>
                    <PatientStatusBadge status={p.status} />
                  </TD>
                </TR>
              ))}
              {!list.isLoading && rows.length === 0 ? (
                <EmptyTableRow cols={6} icon={Users} title={t("dental:list.empty")} hint={filtered ? t("dental:list.emptySearchHint") : t("dental:list.emptyHint")} testId="patients-empty">
                  {!filtered && canWrite ? <NewLink to="/home/dental/patients/new" label={t("dental:list.new")} variant="outline" className="mt-2" /> : null}
                </EmptyTableRow>
              ) : null}
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
    </div>
  );
}
