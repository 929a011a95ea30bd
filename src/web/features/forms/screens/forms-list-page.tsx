import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Archive, BarChart3, Copy, FileText, Inbox, MoreHorizontal, Pencil, PenLine, Send, Share2, ShieldCheck } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, ListFilter, ListHeader, ListSearch, NewLink } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "../../../components/ui/dropdown-menu";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { useListParams } from "../../../lib/use-list-params";
import { ConfirmDialog } from "../../pos/panels/confirm-dialog";
import { RequirePermission } from "../../shell/guards";
import { FORM_STATUSES, type FormStatus, FormStatusBadge } from "./form-common";

const LIST = { pageSize: 20, debounceMs: 300 } as const;

export function FormsListPage() {
  return (
    <RequirePermission permission="forms.view">
      <FormsList />
    </RequirePermission>
  );
}

type Target = { id: string; name: string };

function FormsList() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (FORM_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as FormStatus) : undefined;
  const list = useQuery({ ...trpc.form.getAll.queryOptions({ page, pageSize, search, status }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const filtered = search !== "" || !!status;
  const [deleting, setDeleting] = React.useState<Target | null>(null);
  const canCreate = can("forms.create");
  const canUpdate = can("forms.update");
  const canDelete = can("forms.delete");
  const canPublish = can("forms.publish");
  const refresh = () => qc.invalidateQueries(trpc.form.pathFilter());

  const archive = useMutation(
    trpc.form.archive.mutationOptions({
      onSuccess: async (f) => {
        await refresh();
        setDeleting(null);
        toast({ variant: "success", title: t("formScreens:toast.archived"), description: f.name });
      },
    }),
  );
  const duplicate = useMutation(
    trpc.form.duplicate.mutationOptions({
      onSuccess: async (f) => {
        await refresh();
        toast({ variant: "success", title: t("formScreens:toast.duplicated"), description: f.name });
      },
    }),
  );
  const publish = useMutation(
    trpc.form.publish.mutationOptions({
      onSuccess: async (f) => {
        await refresh();
        toast({ variant: "success", title: t("formScreens:toast.published"), description: f.name });
      },
    }),
  );

  return (
    <div className="grid gap-4">
      <ListHeader title={t("formScreens:title")} subtitle={t("formScreens:subtitle")}>
        {canCreate ? <NewLink to="/home/forms/new" label={t("formScreens:new")} testId="new-form" /> : null}
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch type="search" label={t("formScreens:search")} value={text} onValueChange={setText} data-testid="form-search" />
            <ListFilter
              id="form-status-filter"
              label={t("formScreens:filter.status")}
              allLabel={t("formScreens:filter.allStatuses")}
              value={status}
              options={FORM_STATUSES.map((s) => ({ value: s, label: t(`formScreens:status.${s}`) }))}
              onValueChange={(v) => update({ status: v, page: null })}
              testId="form-status-filter"
            />
          </div>
          <Table stack aria-label={t("formScreens:title")}>
            <THead>
              <TR>
                <TH>{t("formScreens:columns.name")}</TH>
                <TH className="hidden xl:table-cell">{t("formScreens:columns.category")}</TH>
                <TH>{t("formScreens:columns.status")}</TH>
                <TH className="hidden lg:table-cell">{t("formScreens:columns.visibility")}</TH>
                <TH className="text-right">{t("formScreens:columns.fields")}</TH>
                <TH className="text-right">{t("formScreens:columns.submissions")}</TH>
                <TH className="hidden md:table-cell">{t("formScreens:columns.updatedAt")}</TH>
                <TH>
                  <span className="sr-only">{t("formScreens:columns.actions")}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={8} /> : null}
              {rows.map((f) => {
                const archived = f.status === "archived";
                return (
                  <TR key={f.id} data-testid="form-row" data-form-id={f.id}>
                    <TD stack="primary">
                      <Link to={`/home/forms/${f.id}/submissions`} className="font-medium break-words hover:underline" data-testid="form-name">
                        {f.name}
                      </Link>
                      <div className="text-xs text-muted-foreground">
                        <span className="font-mono break-all">/f/{f.slug}</span>
                        <span className="xl:hidden"> · {f.category ?? t("formScreens:noCategory")}</span>
                      </div>
                    </TD>
                    <TD className="hidden xl:table-cell" label={t("formScreens:columns.category")}>
                      {f.category ?? <span className="text-muted-foreground">{t("formScreens:noCategory")}</span>}
                    </TD>
                    <TD label={t("formScreens:columns.status")}>
                      <FormStatusBadge status={f.status} />
                    </TD>
                    <TD className="hidden lg:table-cell" label={t("formScreens:columns.visibility")}>
                      <Badge variant="outline" data-testid="form-visibility">
                        {f.isPublic ? t("formScreens:public") : t("formScreens:private")}
                      </Badge>
                    </TD>
                    <TD className="whitespace-nowrap text-right tabular-nums" label={t("formScreens:columns.fields")}>
                      {f.fieldCount}
                    </TD>
                    <TD className="text-right tabular-nums" label={t("formScreens:columns.submissions")} data-testid="form-submission-count">
                      {f.maxSubmissions ? t("formScreens:submissionsOf", { count: f.submissionCount, max: f.maxSubmissions }) : f.submissionCount}
                    </TD>
                    <TD className="hidden whitespace-nowrap md:table-cell" label={t("formScreens:columns.updatedAt")}>
                      {formatDateTime(f.updatedAt, i18n.language)}
                    </TD>
                    <TD stack="actions" className="text-right">
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button variant="ghost" size="icon" aria-label={t("formScreens:actions.menu", { name: f.name })} data-testid="form-menu">
                            <MoreHorizontal />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          {canUpdate && !archived ? (
                            <DropdownMenuItem onSelect={() => void navigate(`/home/forms/${f.id}/edit`)} data-testid="menu-edit">
                              <Pencil />
                              {t("formScreens:actions.edit")}
                            </DropdownMenuItem>
                          ) : null}
                          {f.status === "published" ? (
                            <DropdownMenuItem onSelect={() => void navigate(`/home/forms/${f.id}/fill`)} data-testid="menu-fill">
                              <PenLine />
                              {t("formScreens:actions.fill")}
                            </DropdownMenuItem>
                          ) : null}
                          <DropdownMenuItem onSelect={() => void navigate(`/home/forms/${f.id}/submissions`)} data-testid="menu-submissions">
                            <Inbox />
                            {t("formScreens:actions.submissions")}
                          </DropdownMenuItem>
                          <DropdownMenuItem onSelect={() => void navigate(`/home/forms/${f.id}/reports`)} data-testid="menu-reports">
                            <BarChart3 />
                            {t("formScreens:actions.reports")}
                          </DropdownMenuItem>
                          <DropdownMenuItem onSelect={() => void navigate(`/home/forms/${f.id}/share`)} data-testid="menu-share">
                            <Share2 />
                            {t("formScreens:actions.share")}
                          </DropdownMenuItem>
                          {canUpdate ? (
                            <DropdownMenuItem onSelect={() => void navigate(`/home/forms/${f.id}/permissions`)} data-testid="menu-permissions">
                              <ShieldCheck />
                              {t("formScreens:actions.permissions")}
                            </DropdownMenuItem>
                          ) : null}
                          {canCreate || (canPublish && !archived) || (canDelete && !archived) ? <DropdownMenuSeparator /> : null}
                          {canCreate ? (
                            <DropdownMenuItem disabled={duplicate.isPending} onSelect={() => duplicate.mutate({ id: f.id })} data-testid="menu-duplicate">
                              <Copy />
                              {t("formScreens:actions.duplicate")}
                            </DropdownMenuItem>
                          ) : null}
                          {canPublish && !archived ? (
                            <DropdownMenuItem disabled={publish.isPending} onSelect={() => publish.mutate({ id: f.id })} data-testid="menu-publish">
                              <Send />
                              {t("formScreens:actions.publish")}
                            </DropdownMenuItem>
                          ) : null}
                          {canDelete && !archived ? (
                            <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setDeleting({ id: f.id, name: f.name })} data-testid="menu-delete">
                              <Archive />
                              {t("formScreens:actions.delete")}
                            </DropdownMenuItem>
                          ) : null}
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </TD>
                  </TR>
                );
              })}
              {!list.isLoading && rows.length === 0 ? (
                <EmptyTableRow cols={8} icon={FileText} title={t("formScreens:empty")} hint={filtered ? t("formScreens:emptySearchHint") : t("formScreens:emptyHint")} testId="forms-empty">
                  {!filtered && canCreate ? <NewLink to="/home/forms/new" label={t("formScreens:create")} variant="outline" className="mt-2" /> : null}
                </EmptyTableRow>
              ) : null}
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        title={t("formScreens:deleteDialog.title")}
        description={t("formScreens:deleteDialog.body", { name: deleting?.name ?? "" })}
        confirmLabel={t("formScreens:deleteDialog.confirm")}
        destructive
        busy={archive.isPending}
        onConfirm={() => deleting && archive.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
        testId="delete-form-dialog"
      />
    </div>
  );
}
