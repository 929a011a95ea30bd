import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { XRAY_TYPES, type XrayType } from "../../../../shared/dental/constants";
import { useTRPC } from "../../../app/trpc";
import { useListParams } from "../../../lib/use-list-params";
import { FileListFilters, FileListPage } from "../components/file-list";
import { RequireDentalRight, useDentalRights } from "../dental-layout";
import { XrayGrid, xrayTypeOptions } from "./xrays-tab";

const LIST = { pageSize: 20, debounceMs: 300 } as const;

/** /home/dental/xrays: every patient's x-rays (confidential clinical images: 'files' and 'confidential'); new ones are uploaded from the patient's profile. */
export function XraysPage() {
  return (
    <RequireDentalRight right="files">
      <Xrays />
    </RequireDentalRight>
  );
}

function Xrays() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { has } = useDentalRights();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const type = (XRAY_TYPES as readonly string[]).includes(params.get("type") ?? "") ? (params.get("type") as XrayType) : undefined;
  const query = useQuery({ ...trpc.dental.getXrays.queryOptions({ page, pageSize, search, type }), placeholderData: keepPreviousData, enabled: has("confidential") });
  return (
    <FileListPage title={t("dentalFiles:xrays.title")} subtitle={t("dentalFiles:xrays.subtitle")}>
      {has("confidential") ? (
        <>
          <FileListFilters
            search={{ label: t("dentalFiles:xrays.searchAll"), value: text, onChange: setText, testId: "xray-search" }}
            filter={{ id: "xray-type", label: t("dentalFiles:xrays.fields.type"), allLabel: t("dentalFiles:allTypes"), value: type, options: xrayTypeOptions(t), onChange: (v) => update({ type: v, page: null }) }}
          />
          <XrayGrid rows={query.data?.data ?? []} loading={query.isLoading} pagination={query.data?.pagination} onPage={setPage} onPageSize={setPageSize} showPatient empty={search || type ? t("dentalFiles:emptySearch") : t("dentalFiles:xrays.emptyAll")} />
        </>
      ) : (
        <p className="py-8 text-center text-sm text-muted-foreground">{t("dentalFiles:xrays.noAccess")}</p>
      )}
    </FileListPage>
  );
}
