import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArchiveRestore, Briefcase, Eye, Pencil, Plus, Search, Trash2, Users } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { CUSTOMER_LIMITS } from "../../../shared/customers/customer";
import { PAGE_SIZES } from "../../../shared/platform/pagination";
import { useTRPC } from "../../app/trpc";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { usePermissions } from "../../lib/permissions";
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

/** The filters live in the address (?q=&deleted=1&page=&size=), so 'back' from a form finds them again. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const size = Number(params.get("size"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : CUSTOMER_LIMITS.listPageSize;
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
  return { search: params.get("q") ?? "", showDeleted: params.get("deleted") === "1", page, pageSize, update };
}

function CustomersScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const { search, showDeleted, page, pageSize, update } = useListParams();
  const [text, setText] = React.useState(search);
  const [action, setAction] = React.useState<DeleteAction | null>(null);
  React.useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== search) update({ q: text.trim(), page: null });
    }, CUSTOMER_LIMITS.debounceMs);
    return () => clearTimeout(timer);
  }, [text]);

  const list = useQuery({ ...trpc.customer.getAll.queryOptions({ search, page, pageSize, showDeleted }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const filtered = search !== "" || showDeleted;
  const canCreate = can("customers.create");
  const canUpdate = can("customers.update");
  const canDelete = can("customers.delete");

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("customers:title")}</h1>
          <p className="text-sm text-muted-foreground">{t("customers:subtitle")}</p>
        </div>
        {canCreate ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild data-testid="new-legal-client">
              <Link to="/home/customers/legal/new">
                <Briefcase />
                {t("customers:newLegal")}
              </Link>
            </Button>
            <Button asChild data-testid="new-customer">
              <Link to="/home/customers/new">
                <Plus />
                {t("customers:new")}
              </Link>
            </Button>
          </div>
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
                placeholder={t("customers:search")}
                aria-label={t("customers:search")}
                data-testid="customer-search"
              />
            </div>
            <div className="flex items-center gap-2">
              <Switch id="customers-show-deleted" checked={showDeleted} onCheckedChange={(v) => update({ deleted: v ? 1 : null, page: null })} data-testid="show-deleted" />
              <label htmlFor="customers-show-deleted" className="text-sm">
                {t("customers:showDeleted")}
              </label>
            </div>
          </div>
          <Table>
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
                  <TD>
                    <Link to={`/home/customers/${c.id}`} className="font-medium hover:underline" onClick={(e) => e.stopPropagation()}>
                      {c.name}
                    </Link>
                    <div className="font-mono text-xs text-muted-foreground">{c.code}</div>
                  </TD>
                  <TD className="whitespace-nowrap tabular-nums">{displayTaxId(c.taxId) || "—"}</TD>
                  <TD className="hidden md:table-cell">
                    <div className="whitespace-nowrap tabular-nums">{c.phone ?? "—"}</div>
                    {c.email ? <div className="text-xs text-muted-foreground">{c.email}</div> : null}
                  </TD>
                  <TD className="hidden lg:table-cell">{c.customerTypeName ?? "—"}</TD>
                  <TD className="text-right tabular-nums">{c.points}</TD>
                  <TD>
                    <div className="flex flex-wrap gap-1">
                      {c.deletedAt ? <Badge variant="destructive">{t("customers:status.deleted")}</Badge> : <Badge variant="success">{t("common:status.active")}</Badge>}
                      {c.isDefault ? <Badge variant="secondary">{t("customers:status.default")}</Badge> : null}
                      {c.isLegalClient ? <Badge variant="outline">{t("customers:status.legal")}</Badge> : null}
                    </div>
                  </TD>
                  <TD className="whitespace-nowrap text-right" onClick={(e) => e.stopPropagation()}>
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
                <TR className="hover:bg-transparent">
                  <TD colSpan={7} className="py-12">
                    <div className="grid justify-items-center gap-2 text-center" data-testid="customers-empty">
                      <Users className="size-10 text-muted-foreground" />
                      <p className="font-medium">{t("customers:empty")}</p>
                      <p className="text-sm text-muted-foreground">{filtered ? t("customers:emptySearchHint") : t("customers:emptyHint")}</p>
                      {!filtered && canCreate ? (
                        <Button asChild variant="outline" className="mt-2">
                          <Link to="/home/customers/new">
                            <Plus />
                            {t("customers:new")}
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
      <DeleteRestoreDialog action={action} onDone={() => setAction(null)} />
    </div>
  );
}
