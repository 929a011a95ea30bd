import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, Pencil, Plus, Power, PowerOff } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { pageOf } from "../../../shared/platform/pagination";
import { errorCode, useTRPC } from "../../app/trpc";
import { ListSearch, TableFallbackRows } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { usePermissions } from "../../lib/permissions";
import { useDebounce } from "../../lib/use-debounce";
import { RequirePermission } from "../shell/guards";
import { type CategoryRow, CategorySheet, type SubcategoryRow, SubcategorySheet } from "./category-sheets";

export function CategoriesPage() {
  return (
    <RequirePermission permission="product_categories.view">
      <CategoriesScreen />
    </RequirePermission>
  );
}

type Confirm = { kind: "category"; row: CategoryRow } | { kind: "subcategory"; row: SubcategoryRow };
type SubEditing = { categoryId: string; categoryName: string; row: SubcategoryRow | null };

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? <Badge variant="success">{t("common:status.active")}</Badge> : <Badge variant="outline">{t("common:status.inactive")}</Badge>;
}

function CategoriesScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const [search, setSearch] = React.useState("");
  const debounced = useDebounce(search.trim(), 300);
  const [showInactive, setShowInactive] = React.useState(false);
  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState(20);
  const [expanded, setExpanded] = React.useState<Set<string>>(() => new Set());
  const [editing, setEditing] = React.useState<CategoryRow | "new" | null>(null);
  const [subEditing, setSubEditing] = React.useState<SubEditing | null>(null);
  const [confirm, setConfirm] = React.useState<Confirm | null>(null);

  const categories = useQuery({
    ...trpc.productCategory.getAll.queryOptions({ search: debounced || undefined, includeInactive: showInactive }),
    placeholderData: keepPreviousData,
  });
  React.useEffect(() => setPage(1), [debounced, showInactive]);

  const all = categories.data ?? [];
  const paged = pageOf(all.slice((page - 1) * pageSize, page * pageSize), all.length, page, pageSize);

  const onStatusError = (kind: Confirm["kind"], isActive: boolean) => (error: { message: string }) => {
    if (errorCode(error) === "UNAUTHORIZED") return;
    const title = kind === "subcategory" ? t("categories:subStatusError") : isActive ? t("categories:activateError") : t("categories:deactivateError");
    toast({ variant: "destructive", title, description: error.message || undefined });
  };
  const refresh = () => Promise.all([qc.invalidateQueries(trpc.productCategory.pathFilter()), qc.invalidateQueries(trpc.productSubCategory.pathFilter())]);
  const setCategoryActive = useMutation(
    trpc.productCategory.setActive.mutationOptions({
      meta: { silent: true },
      onSuccess: async (row) => {
        await refresh();
        toast({ title: row.isActive ? t("categories:activated") : t("categories:deactivated"), description: row.name, variant: "success" });
        setConfirm(null);
      },
      onError: (error, v) => onStatusError("category", v.isActive)(error),
    }),
  );
  const setSubActive = useMutation(
    trpc.productSubCategory.setActive.mutationOptions({
      meta: { silent: true },
      onSuccess: async (row) => {
        await refresh();
        toast({ title: row.isActive ? t("categories:subActivated") : t("categories:subDeactivated"), description: row.name, variant: "success" });
        setConfirm(null);
      },
      onError: (error, v) => onStatusError("subcategory", v.isActive)(error),
    }),
  );

  const toggle = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const canCreate = can("product_categories.create");
  const canUpdate = can("product_categories.update");
  const canDelete = can("product_categories.delete");
  const cols = 6;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("categories:title")}</CardTitle>
        <CardDescription>{t("categories:description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <ListSearch label={t("categories:search")} value={search} onValueChange={setSearch} />
          <div className="flex items-center gap-2">
            <Switch id="categories-inactive" checked={showInactive} onCheckedChange={setShowInactive} />
            <label htmlFor="categories-inactive" className="text-sm">
              {t("categories:showInactive")}
            </label>
          </div>
          {canCreate ? (
            <Button onClick={() => setEditing("new")} data-testid="new-category">
              <Plus />
              {t("categories:new")}
            </Button>
          ) : null}
        </div>
        <Table stack aria-label={t("categories:tab")}>
          <THead>
            <TR>
              <TH className="w-10" />
              <TH>{t("categories:fields.code")}</TH>
              <TH>{t("categories:fields.name")}</TH>
              <TH className="hidden lg:table-cell">{t("categories:fields.description")}</TH>
              <TH>{t("categories:fields.status")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {paged.data.map((c) => {
              const open = expanded.has(c.id);
              return (
                <React.Fragment key={c.id}>
                  <TR data-testid="category-row" data-code={c.code} className={open ? "bg-muted/30" : undefined}>
                    <TD stack="lead">
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={() => toggle(c.id)}
                        aria-expanded={open}
                        aria-label={open ? t("categories:actions.collapse") : t("categories:actions.expand")}
                        title={open ? t("categories:actions.collapse") : t("categories:actions.expand")}
                        data-testid="toggle-subcategories"
                      >
                        {open ? <ChevronDown /> : <ChevronRight />}
                      </Button>
                    </TD>
                    <TD className="font-mono text-xs" stack="lead">
                      {c.code}
                    </TD>
                    <TD stack="primary">
                      <div className="font-medium">{c.name}</div>
                      <div className="text-xs text-muted-foreground">{t("categories:subcategoryCount", { count: c.subcategoryCount })}</div>
                    </TD>
                    <TD className="hidden max-w-72 truncate text-muted-foreground lg:table-cell">{c.description}</TD>
                    <TD>
                      <StatusBadge active={c.isActive} />
                    </TD>
                    <TD className="whitespace-nowrap text-right" stack="actions">
                      {canUpdate ? (
                        <Button variant="ghost" size="icon" onClick={() => setEditing(c)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-category">
                          <Pencil />
                        </Button>
                      ) : null}
                      {canDelete ? (
                        c.isActive ? (
                          <Button variant="ghost" size="icon" onClick={() => setConfirm({ kind: "category", row: c })} aria-label={t("categories:actions.deactivate")} title={t("categories:actions.deactivate")}>
                            <PowerOff />
                          </Button>
                        ) : (
                          <Button
                            variant="ghost"
                            size="icon"
                            disabled={setCategoryActive.isPending}
                            onClick={() => setCategoryActive.mutate({ id: c.id, isActive: true })}
                            aria-label={t("categories:actions.activate")}
                            title={t("categories:actions.activate")}
                          >
                            <Power />
                          </Button>
                        )
                      ) : null}
                    </TD>
                  </TR>
                  {open ? (
                    <tr className="border-b bg-muted/20">
                      <td colSpan={cols} className="p-3 pl-6 md:pl-14">
                        <SubcategoryPanel
                          category={c}
                          includeInactive={showInactive}
                          canCreate={canCreate && c.isActive}
                          canUpdate={canUpdate}
                          canDelete={canDelete}
                          onNew={() => setSubEditing({ categoryId: c.id, categoryName: c.name, row: null })}
                          onEdit={(row) => setSubEditing({ categoryId: c.id, categoryName: c.name, row })}
                          onDeactivate={(row) => setConfirm({ kind: "subcategory", row })}
                          onActivate={(row) => setSubActive.mutate({ id: row.id, isActive: true })}
                        />
                      </td>
                    </tr>
                  ) : null}
                </React.Fragment>
              );
            })}
            <TableFallbackRows loading={categories.isLoading} empty={all.length === 0} cols={cols} testId="categories-empty">
              {debounced ? t("categories:emptySearch") : t("categories:empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
        <PaginationBar pagination={paged.pagination} onPage={setPage} onPageSize={setPageSize} />
      </CardContent>

      <CategorySheet open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} category={editing === "new" ? null : editing} />
      <SubcategorySheet
        open={subEditing !== null}
        onOpenChange={(open) => !open && setSubEditing(null)}
        subcategory={subEditing?.row ?? null}
        categoryId={subEditing?.categoryId}
        categoryName={subEditing?.categoryName}
        onSaved={(row) => setExpanded((prev) => new Set(prev).add(row.categoryId))}
      />
      <Dialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        {confirm ? (
          <DialogContent closeLabel={t("common:actions.close")} data-testid="confirm-deactivate">
            <DialogHeader>
              <DialogTitle>
                {confirm.kind === "category" ? t("categories:confirmDeactivate.title", { name: confirm.row.name }) : t("categories:confirmDeactivate.subTitle", { name: confirm.row.name })}
              </DialogTitle>
              <DialogDescription>{confirm.kind === "category" ? t("categories:confirmDeactivate.body") : t("categories:confirmDeactivate.subBody")}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirm(null)}>
                {t("common:actions.cancel")}
              </Button>
              <Button
                variant="destructive"
                disabled={setCategoryActive.isPending || setSubActive.isPending}
                data-testid="confirm-deactivate-button"
                onClick={() =>
                  confirm.kind === "category" ? setCategoryActive.mutate({ id: confirm.row.id, isActive: false }) : setSubActive.mutate({ id: confirm.row.id, isActive: false })
                }
              >
                {t("categories:actions.deactivate")}
              </Button>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}

function SubcategoryPanel({
  category,
  includeInactive,
  canCreate,
  canUpdate,
  canDelete,
  onNew,
  onEdit,
  onDeactivate,
  onActivate,
}: {
  category: CategoryRow;
  includeInactive: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onNew: () => void;
  onEdit: (row: SubcategoryRow) => void;
  onDeactivate: (row: SubcategoryRow) => void;
  onActivate: (row: SubcategoryRow) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const subs = useQuery(trpc.productSubCategory.getAll.queryOptions({ categoryId: category.id, includeInactive }));
  return (
    <div className="grid gap-2" data-testid="subcategory-panel" data-category={category.code}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{t("categories:subcategoriesOf", { name: category.name })}</h4>
        {canCreate ? (
          <Button size="sm" variant="outline" onClick={onNew} data-testid="new-subcategory">
            <Plus />
            {t("categories:newSub")}
          </Button>
        ) : null}
      </div>
      {subs.isLoading ? (
        <div className="grid gap-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : null}
      {subs.data && subs.data.length === 0 ? <p className="py-2 text-sm text-muted-foreground">{t("categories:emptySub")}</p> : null}
      {subs.data && subs.data.length > 0 ? (
        <ul className="divide-y rounded-md border bg-card">
          {subs.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="subcategory-row" data-code={s.code}>
              <span className="w-24 font-mono text-xs">{s.code}</span>
              <span className="min-w-32 flex-1">
                <span className="font-medium">{s.name}</span>
                {s.description ? <span className="block text-xs text-muted-foreground">{s.description}</span> : null}
              </span>
              <StatusBadge active={s.isActive} />
              <span className="whitespace-nowrap">
                {canUpdate ? (
                  <Button variant="ghost" size="icon" onClick={() => onEdit(s)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")}>
                    <Pencil />
                  </Button>
                ) : null}
                {canDelete ? (
                  s.isActive ? (
                    <Button variant="ghost" size="icon" onClick={() => onDeactivate(s)} aria-label={t("categories:actions.deactivate")} title={t("categories:actions.deactivate")}>
                      <PowerOff />
                    </Button>
                  ) : (
                    <Button variant="ghost" size="icon" onClick={() => onActivate(s)} aria-label={t("categories:actions.activate")} title={t("categories:actions.activate")}>
                      <Power />
                    </Button>
                  )
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
