import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { FileSpreadsheet, FileText, Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { allFields } from "../../../../shared/forms/schema";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, ListFilter, ListSearch } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/dates";
import { useListParams } from "../../../lib/use-list-params";
import { saveFile } from "../../product-import/download";
import { AccessDenied, RequirePermission } from "../../shell/guards";
import { base64Bytes, FormPageHeader, SUBMISSION_STATUSES, type SubmissionStatus, SubmissionStatusBadge, useFormOf } from "./form-common";
import { answerText, submitterLabel } from "./format";

const LIST = { pageSize: 20, debounceMs: 300 } as const;
/** How many answers the list shows beside the submission's own columns. */
const ANSWER_COLUMNS = 3;
const LIST_TYPES = new Set(["signature", "file", "image", "hidden"]);

export function SubmissionsPage() {
  return (
    <RequirePermission permission="forms.view">
      <SubmissionsScreen />
    </RequirePermission>
  );
}

function SubmissionsScreen() {
  const { id = "" } = useParams();
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const form = useFormOf(id);
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (SUBMISSION_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as SubmissionStatus) : undefined;
  const list = useQuery({ ...trpc.formSubmission.getAll.queryOptions({ formId: id, page, pageSize, search, status }), placeholderData: keepPreviousData, retry: false });
  const rows = list.data?.data ?? [];
  const filtered = search !== "" || !!status;
  // The first answers of the form as it is now (an answer to a removed field shows in the detail and the export).
  const fields = form.data ? allFields(form.data.schema).filter((f) => !LIST_TYPES.has(f.type)).slice(0, ANSWER_COLUMNS) : [];
  const cols = 5 + fields.length;

  const exportFile = useMutation(
    trpc.formSubmission.export.mutationOptions({
      onSuccess: (file) => {
        saveFile(base64Bytes(file.base64), file.fileName, file.mimeType);
        toast({ variant: "success", title: t("formScreens:toast.exported", { file: file.fileName }) });
      },
    }),
  );
  const exporting = exportFile.isPending ? exportFile.variables?.format : null;

  if (form.isError || list.isError) return <AccessDenied message={form.error?.message ?? list.error?.message ?? t("formScreens:loadError")} />;

  return (
    <div className="grid gap-4">
      <FormPageHeader
        formId={id}
        name={form.data?.name}
        status={form.data?.status}
        loading={form.isLoading}
        title={t("formScreens:submissions.title")}
        subtitle={form.data ? t("formScreens:submissions.subtitle", { name: form.data.name }) : undefined}
      >
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={!!exporting} onClick={() => exportFile.mutate({ formId: id, format: "csv", search, status })} data-testid="export-csv">
            <FileText />
            {exporting === "csv" ? t("formScreens:submissions.exporting") : t("formScreens:submissions.exportCsv")}
          </Button>
          <Button variant="outline" disabled={!!exporting} onClick={() => exportFile.mutate({ formId: id, format: "xlsx", search, status })} data-testid="export-xlsx">
            <FileSpreadsheet />
            {exporting === "xlsx" ? t("formScreens:submissions.exporting") : t("formScreens:submissions.exportXlsx")}
          </Button>
        </div>
      </FormPageHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch type="search" label={t("formScreens:submissions.search")} value={text} onValueChange={setText} data-testid="submission-search" />
            <ListFilter
              id="submission-status-filter"
              label={t("formScreens:filter.status")}
              allLabel={t("formScreens:filter.allStatuses")}
              value={status}
              options={SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`formScreens:submissionStatus.${s}`) }))}
              onValueChange={(v) => update({ status: v, page: null })}
              testId="submission-status-filter"
            />
          </div>
          <Table stack aria-label={t("formScreens:submissions.title")}>
            <THead>
              <TR>
                <TH>{t("formScreens:submissions.number")}</TH>
                <TH>{t("formScreens:submissions.submittedAt")}</TH>
                <TH>{t("formScreens:submissions.submitter")}</TH>
                <TH>{t("formScreens:submissions.status")}</TH>
                <TH className="hidden sm:table-cell">{t("formScreens:submissions.version")}</TH>
                {fields.map((f) => (
                  <TH key={f.key} className="hidden max-w-48 truncate lg:table-cell">
                    {f.label || f.key}
                  </TH>
                ))}
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={cols} /> : null}
              {rows.map((s) => {
                const data = (s.data ?? {}) as Record<string, unknown>;
                const to = `/home/forms/${id}/submissions/${s.id}`;
                return (
                  <TR key={s.id} data-testid="submission-row" className="cursor-pointer" onClick={() => void navigate(to)}>
                    <TD stack="primary" className="whitespace-nowrap">
                      <Link to={to} className="font-medium tabular-nums hover:underline" onClick={(e) => e.stopPropagation()} aria-label={t("formScreens:submissions.open", { n: s.number })} data-testid="submission-link">
                        #{s.number}
                      </Link>
                    </TD>
                    <TD className="whitespace-nowrap tabular-nums" label={t("formScreens:submissions.submittedAt")}>
                      {formatDateTime(s.createdAt, i18n.language)}
                    </TD>
                    <TD label={t("formScreens:submissions.submitter")} className="break-words">
                      {submitterLabel(t, s.submittedByName, s.submitterIp)}
                    </TD>
                    <TD label={t("formScreens:submissions.status")}>
                      <SubmissionStatusBadge status={s.status} />
                    </TD>
                    <TD className="hidden tabular-nums sm:table-cell" label={t("formScreens:submissions.version")}>
                      {t("formScreens:submissions.versionN", { n: s.version })}
                    </TD>
                    {fields.map((f) => (
                      <TD key={f.key} className="hidden max-w-48 truncate lg:table-cell" label={f.label || f.key} title={answerText(t, f, data[f.key])}>
                        {answerText(t, f, data[f.key])}
                      </TD>
                    ))}
                  </TR>
                );
              })}
              {!list.isLoading && rows.length === 0 ? (
                <EmptyTableRow
                  cols={cols}
                  icon={Inbox}
                  title={t("formScreens:submissions.empty")}
                  hint={filtered ? t("formScreens:submissions.emptySearchHint") : t("formScreens:submissions.emptyHint")}
                  testId="submissions-empty"
                >
                  {!filtered ? (
                    <Button asChild variant="outline" className="mt-2">
                      <Link to={`/home/forms/${id}/share`}>{t("formScreens:actions.share")}</Link>
                    </Button>
                  ) : null}
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
