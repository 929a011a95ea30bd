import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArchiveRestore, Briefcase, Eye, Pencil, Trash2, Users } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { CUSTOMER_LIMITS } from "../../../shared/customers/customer";
import { useTRPC } from "../../app/trpc";
import { EmptyTableRow, ListHeader, ListSearch, NewLink } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { usePermissions } from "../../lib/permissions";
import { useListParams } from "../../lib/use-list-params";
import { cn } from "../../lib/utils";
import { RequirePermission } from "../shell/guards";
import { type DeleteAction, DeleteRestoreDialog } from "./customer-common";
import { displayTaxId, editPath } from "./customer-format";

export function CustomersPage() {
  return (
    <RequirePermission permission="customers.view">
      <CustomersScreen />
    </RequirePermission>
  );
}

function CustomersScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = usePermissions();
  // The filters live in the address (?q=&deleted=1&page=&size=), so 'back' from a form finds them again.
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams({
    pageSize: CUSTOMER_LIMITS.listPageSize,
    debounceMs: CUSTOMER_LIMITS.debounceMs,
  });
  const showDeleted = params.get("deleted") === "1";
  const [action, setAction] = React.useState<DeleteAction | null>(null);

  const list = useQuery({ ...trpc.customer.getAll.queryOptions({ search, page, pageSize, showDeleted }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const filtered = search !== "" || showDeleted;
  const canCreate = can("customers.create");
  const canUpdate = can("customers.update");
  const canDelete = can("customers.delete");

  return (
    <div className="grid gap-4">
      <ListHeader title={t("customers:title")} subtitle={t("customers:subtitle")}>
        {canCreate ? (
          <div className="flex flex-wrap gap-2">
            <NewLink to="/home/customers/legal/new" label={t("customers:newLegal")} icon={Briefcase} variant="outline" testId="new-legal-client" />
            <NewLink to="/home/customers/new" label={t("customers:new")} testId="new-customer" />
          </div>
        ) : null}
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-center gap-3">
            <ListSearch type="search" label={t("customers:search")} value={text} onValueChange={setText} data-testid="customer-search" />
            <div className="flex items-center gap-2">
              <Switch id="customers-show-deleted" checked={showDeleted} onCheckedChange={(v) => update({ deleted: v ? 1 : null, page: null })} data-testid="show-deleted" />
              <label htmlFor="customers-show-deleted" className="text-sm">
                {t("customers:showDeleted")}
              </label>
            </div>
          </div>
          <Table stack aria-label={t("customers:title")}>
            <THead>
              <TR>
                <TH>{t("customers:fields.name")}</TH>
                <TH className="whitespace-nowrap">{t("customers:fields.taxId")}</TH>
                <TH className="hidden md:table-cell">{t("customers:fields.contact")}</TH>
                <TH className="hidden whitespace-nowrap lg:table-cell">{t("customers:fields.customerType")}</TH>
                <TH className="text-right">{t("customers:fields.points")}</TH>
                <TH>{t("customers:fields.status")}</TH>
                <TH>
                  <span className="sr-only">{t("customers:actions.more")}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={7} /> : null}
              {rows.map((c) => (
                <TR key={c.id} data-testid="customer-row" className={cn("cursor-pointer", c.deletedAt && "opacity-70")} onClick={() => void navigate(`/home/customers/${c.id}`)}>
                  <TD stack="primary">
                    <Link to={`/home/customers/${c.id}`} className="font-medium hover:underline" onClick={(e) => e.stopPropagation()}>
                      {c.name}
                    </Link>
                    <div className="font-mono text-xs text-muted-foreground">{c.code}</div>
                  </TD>
                  <TD className="whitespace-nowrap tabular-nums" label={t("customers:fields.taxId")}>
                    {displayTaxId(c.taxId) || "—"}
                  </TD>
                  <TD className="hidden md:table-cell" label={t("customers:fields.contact")}>
                    <div className="whitespace-nowrap tabular-nums">{c.phone ?? "—"}</div>
                    {c.email ? <div className="text-xs text-muted-foreground">{c.email}</div> : null}
                  </TD>
                  <TD className="hidden lg:table-cell">{c.customerTypeName ?? "—"}</TD>
                  <TD className="text-right tabular-nums" label={t("customers:fields.points")}>
                    {c.points}
                  </TD>
                  <TD>
                    <div className="flex flex-wrap gap-1">
                      {c.deletedAt ? <Badge variant="destructive">{t("customers:status.deleted")}</Badge> : <Badge variant="success">{t("common:status.active")}</Badge>}
                      {c.isDefault ? <Badge variant="secondary">{t("customers:status.default")}</Badge> : null}
                      {c.isLegalClient ? <Badge variant="outline">{t("customers:status.legal")}</Badge> : null}
                    </div>
                  </TD>
                  <TD className="whitespace-nowrap text-right" stack="actions" onClick={(e) => e.stopPropagation()}>
                    <Button variant="ghost" size="icon" asChild>
                      <Link to={`/home/customers/${c.id}`} aria-label={`${t("customers:actions.view")}: ${c.name}`} title={t("customers:actions.view")}>
                        <Eye />
                      </Link>
                    </Button>
                    {canUpdate && !c.deletedAt ? (
                      <Button variant="ghost" size="icon" asChild>
                        <Link to={editPath(c)} aria-label={`${t("customers:actions.edit")}: ${c.name}`} title={t("customers:actions.edit")}>
                          <Pencil />
                        </Link>
                      </Button>
                    ) : null}
                    {canDelete && !c.isDefault ? (
                      c.deletedAt ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          onClick={() => setAction({ kind: "restore", id: c.id, name: c.name })}
                          aria-label={`${t("customers:actions.restore")}: ${c.name}`}
                          title={t("customers:actions.restore")}
                        >
                          <ArchiveRestore />
                        </Button>
                      ) : (
                        <Button
                          variant="ghost"
                          size="icon"
                          onClick={() => setAction({ kind: "delete", id: c.id, name: c.name })}
                          aria-label={`${t("customers:actions.delete")}: ${c.name}`}
                          title={t("customers:actions.delete")}
                        >
                          <Trash2 />
                        </Button>
                      )
                    ) : null}
                  </TD>
                </TR>
              ))}
              {!list.isLoading && rows.length === 0 ? (
                <EmptyTableRow
                  cols={7}
                  icon={Users}
                  title={t("customers:empty")}
                  hint={filtered ? t("customers:emptySearchHint") : t("customers:emptyHint")}
                  testId="customers-empty"
                >
                  {!filtered && canCreate ? <NewLink to="/home/customers/new" label={t("customers:new")} variant="outline" className="mt-2" /> : null}
                </EmptyTableRow>
              ) : null}
            </TBody>
          </Table>
          <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
        </CardContent>
      </Card>
      <DeleteRestoreDialog action={action} onDone={() => setAction(null)} />
    </div>
  );
}
