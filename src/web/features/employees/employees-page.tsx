import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, RotateCcw, Trash2, UsersRound } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EMPLOYEE_LIST } from "../../../shared/employees/employee";
import { errorCode, useTRPC } from "../../app/trpc";
import { EmptyTableRow, ListHeader, ListSearch, NewLink } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { usePermissions } from "../../lib/permissions";
import { useListParams } from "../../lib/use-list-params";
import { RequirePermission } from "../shell/guards";
import type { EmployeeRow } from "./employee-format";

/** /home/employees: the searchable employee list (spec 01 §2). */
export function EmployeesPage() {
  return (
    <RequirePermission permission="employees.view">
      <EmployeesScreen />
    </RequirePermission>
  );
}

function EmployeesScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = usePermissions();
  // The filters live in the address (?q=&inactive=1&page=&size=), so 'back' from the form finds them again.
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(EMPLOYEE_LIST);
  const showInactive = params.get("inactive") === "1";
  const [toDelete, setToDelete] = React.useState<EmployeeRow | null>(null);

  const list = useQuery({
    ...trpc.employee.getAll.queryOptions({ page, pageSize, search, showInactive }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const filtered = search !== "";
  const canCreate = can("employees.create");
  const canUpdate = can("employees.update");
  const canDelete = can("employees.delete");

  return (
    <div className="grid gap-4">
      <ListHeader title={t("employees:title")} subtitle={t("employees:subtitle")}>
        {canCreate ? <NewLink to="/home/employees/new" label={t("employees:new")} testId="new-employee" /> : null}
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-center gap-3">
            <ListSearch type="search" label={t("employees:search")} value={text} onValueChange={setText} data-testid="employee-search" />
            <label htmlFor="employees-show-inactive" className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
              <Switch
                id="employees-show-inactive"
                checked={showInactive}
                onCheckedChange={(v) => update({ inactive: v ? "1" : null, page: null })}
                data-testid="employees-show-inactive"
              />
              {t("employees:showInactive")}
            </label>
          </div>
          <Table stack aria-label={t("employees:title")}>
            <THead>
              <TR>
                <TH>{t("employees:fields.name")}</TH>
                <TH className="hidden md:table-cell">{t("employees:fields.job_position")}</TH>
                <TH className="hidden lg:table-cell">{t("employees:fields.contact")}</TH>
                <TH className="hidden lg:table-cell">{t("employees:fields.salary_type")}</TH>
                <TH>{t("employees:fields.status")}</TH>
                <TH>
                  <span className="sr-only">{t("employees:actions.more")}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={6} /> : null}
              {rows.map((e) => (
                <TR key={e.id} data-testid="employee-row" className="cursor-pointer" onClick={() => void navigate(`/home/employees/${e.id}`)}>
                  <TD stack="primary">
                    <Link to={`/home/employees/${e.id}`} className="font-medium hover:underline" onClick={(ev) => ev.stopPropagation()}>
                      {e.name}
                    </Link>
                    <div className="text-xs text-muted-foreground">
                      <span className="font-mono">{e.code}</span>
                      {e.position ? ` · ${e.position}` : null}
                      {e.user_name ? ` · ${e.user_name}` : null}
                    </div>
                  </TD>
                  <TD className="hidden md:table-cell">
                    {t(`employees:jobPositions.${e.job_position}`)}
                    {e.department ? <div className="text-xs text-muted-foreground">{e.department}</div> : null}
                  </TD>
                  <TD className="hidden lg:table-cell">
                    <div className="whitespace-nowrap">{e.phone ?? "—"}</div>
                    {e.email ? <div className="text-xs text-muted-foreground">{e.email}</div> : null}
                  </TD>
                  <TD className="hidden lg:table-cell">{t(`employees:salaryTypes.${e.salary_type}`)}</TD>
                  <TD>{e.is_active ? <Badge variant="success">{t("common:status.active")}</Badge> : <Badge variant="outline">{t("common:status.inactive")}</Badge>}</TD>
                  <TD className="text-right whitespace-nowrap" stack="actions" onClick={(ev) => ev.stopPropagation()}>
                    {canUpdate ? (
                      <Button variant="ghost" size="icon" asChild>
                        <Link to={`/home/employees/${e.id}`} aria-label={`${t("employees:actions.edit")}: ${e.name}`} title={t("employees:actions.edit")}>
                          <Pencil />
                        </Link>
                      </Button>
                    ) : null}
                    {canDelete && e.is_active ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={() => setToDelete(e)}
                        aria-label={`${t("employees:actions.delete")}: ${e.name}`}
                        title={t("employees:actions.delete")}
                        data-testid="delete-employee"
                      >
                        <Trash2 />
                      </Button>
                    ) : null}
                    {canDelete && !e.is_active ? <RestoreButton employee={e} /> : null}
                  </TD>
                </TR>
              ))}
              {!list.isLoading && rows.length === 0 ? (
                <EmptyTableRow
                  cols={6}
                  icon={UsersRound}
                  title={t("employees:empty")}
                  hint={filtered ? t("employees:emptySearchHint") : t("employees:emptyHint")}
                  testId="employees-empty"
                >
                  {!filtered && canCreate ? <NewLink to="/home/employees/new" label={t("employees:new")} variant="outline" className="mt-2" /> : null}
                </EmptyTableRow>
              ) : null}
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
      <DeleteEmployeeDialog employee={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}

/** Asks once, in plain words, and says what is kept: the employee is marked inactive, not removed. */
export function DeleteEmployeeDialog({ employee, onClose, onDeleted }: { employee: { id: string; name: string } | null; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const remove = useMutation(
    trpc.employee.delete.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.employee.pathFilter());
        toast({ title: t("employees:toast.deleted"), description: employee?.name, variant: "success" });
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        if (errorCode(error) === "UNAUTHORIZED") return;
        toast({ variant: "destructive", title: error.message || t("employees:toast.deleteError") });
      },
    }),
  );
  return (
    <Dialog open={!!employee} onOpenChange={(open) => (open ? null : onClose())}>
      {employee ? (
        <DialogContent closeLabel={t("common:actions.close")} data-testid="delete-employee-dialog">
          <DialogHeader>
            <DialogTitle>{t("employees:delete.title", { name: employee.name })}</DialogTitle>
            <DialogDescription>{t("employees:delete.description")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate({ id: employee.id })} data-testid="confirm-delete-employee">
              {t("employees:delete.confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

export function RestoreButton({ employee, withLabel }: { employee: { id: string; name: string }; withLabel?: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const restore = useMutation(
    trpc.employee.restore.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.employee.pathFilter());
        toast({ title: t("employees:toast.restored"), description: employee.name, variant: "success" });
      },
      onError: (error) => {
        if (errorCode(error) === "UNAUTHORIZED") return;
        toast({ variant: "destructive", title: error.message || t("employees:toast.restoreError") });
      },
    }),
  );
  return (
    <Button
      variant={withLabel ? "outline" : "ghost"}
      size={withLabel ? "default" : "icon"}
      disabled={restore.isPending}
      onClick={() => restore.mutate({ id: employee.id })}
      aria-label={`${t("employees:actions.restore")}: ${employee.name}`}
      title={t("employees:actions.restore")}
      data-testid="restore-employee"
    >
      <RotateCcw />
      {withLabel ? t("employees:actions.restore") : null}
    </Button>
  );
}
