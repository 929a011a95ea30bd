import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, RotateCcw, Search, Trash2, UsersRound } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EMPLOYEE_LIST } from "../../../shared/employees/employee";
import { PAGE_SIZES } from "../../../shared/platform/pagination";
import { errorCode, useTRPC } from "../../app/trpc";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { usePermissions } from "../../lib/permissions";
import { useDebounce } from "../../lib/use-debounce";
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

/** The filters live in the address (?q=&inactive=1&page=&size=), so 'back' from the form finds them again. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || EMPLOYEE_LIST.page);
  const size = Number(params.get("size"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : EMPLOYEE_LIST.pageSize;
  const pending = React.useRef<URLSearchParams | null>(null);
  const update = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(pending.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    pending.current = next;
    queueMicrotask(() => {
      pending.current = null;
    });
    setParams(next, { replace: true });
  };
  return { search: params.get("q") ?? "", showInactive: params.get("inactive") === "1", page, pageSize, update };
}

function EmployeesScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const { search, showInactive, page, pageSize, update } = useListParams();
  const [text, setText] = React.useState(search);
  const debounced = useDebounce(text.trim(), EMPLOYEE_LIST.debounceMs);
  React.useEffect(() => {
    if (debounced !== search) update({ q: debounced, page: null });
  }, [debounced]);
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
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("employees:title")}</h1>
          <p className="text-sm text-muted-foreground">{t("employees:subtitle")}</p>
        </div>
        {canCreate ? (
          <Button asChild data-testid="new-employee">
            <Link to="/home/employees/new">
              <Plus />
              {t("employees:new")}
            </Link>
          </Button>
        ) : null}
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-center gap-3">
            <div className="relative min-w-60 flex-1">
              <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
              <Input
                className="pl-9"
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={t("employees:search")}
                aria-label={t("employees:search")}
                data-testid="employee-search"
              />
            </div>
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
          <Table>
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
                  <TD>
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
                  <TD className="text-right whitespace-nowrap" onClick={(ev) => ev.stopPropagation()}>
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
                <TR className="hover:bg-transparent">
                  <TD colSpan={6} className="py-12">
                    <div className="grid justify-items-center gap-2 text-center" data-testid="employees-empty">
                      <UsersRound className="size-10 text-muted-foreground" />
                      <p className="font-medium">{t("employees:empty")}</p>
                      <p className="text-sm text-muted-foreground">{filtered ? t("employees:emptySearchHint") : t("employees:emptyHint")}</p>
                      {!filtered && canCreate ? (
                        <Button asChild variant="outline" className="mt-2">
                          <Link to="/home/employees/new">
                            <Plus />
                            {t("employees:new")}
                          </Link>
                        </Button>
                      ) : null}
                    </div>
                  </TD>
                </TR>
              ) : null}
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={(p) => update({ page: p === 1 ? null : p })} onPageSize={(s) => update({ size: s, page: null })} />
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
