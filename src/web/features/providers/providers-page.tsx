import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Eye, Pencil, Truck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PROVIDER_LIST } from "../../../shared/catalog/provider";
import { useTRPC } from "../../app/trpc";
import { EmptyTableRow, ListHeader, ListSearch, NewLink } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { usePermissions } from "../../lib/permissions";
import { useListParams } from "../../lib/use-list-params";
import { cn } from "../../lib/utils";
import { RequirePermission } from "../shell/guards";
import { displayTaxId, isActiveFilter, PROVIDER_STATUSES, type ProviderStatus } from "./provider-format";

export function ProvidersPage() {
  return (
    <RequirePermission permission="providers.view">
      <ProvidersScreen />
    </RequirePermission>
  );
}

function ProvidersScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = usePermissions();
  // The filters live in the address (?q=&status=&page=&size=), so 'back' from a form finds them again.
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(PROVIDER_LIST);
  const status = (PROVIDER_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as ProviderStatus) : "all";

  const list = useQuery({
    ...trpc.provider.getAll.queryOptions({ page, pageSize, search, isActive: isActiveFilter(status) }),
    staleTime: PROVIDER_LIST.staleTimeMs,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const filtered = search !== "" || status !== "all";
  const canCreate = can("providers.create");
  const canUpdate = can("providers.update");

  return (
    <div className="grid gap-4">
      <ListHeader title={t("providers:title")} subtitle={t("providers:subtitle")}>
        {canCreate ? <NewLink to="/home/providers/new" label={t("providers:new")} testId="new-provider" /> : null}
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-center gap-3">
            <ListSearch type="search" label={t("providers:search")} value={text} onValueChange={setText} data-testid="provider-search" />
            <fieldset className="flex items-center gap-1 rounded-[var(--radius-button)] border p-1" data-testid="provider-status-filter">
              <legend className="sr-only">{t("providers:filter.label")}</legend>
              {PROVIDER_STATUSES.map((s) => (
                <button
                  key={s}
                  type="button"
                  aria-pressed={status === s}
                  onClick={() => update({ status: s === "all" ? null : s, page: null })}
                  className={cn(
                    "h-9 rounded-[var(--radius-button)] px-3 text-sm font-medium hover:bg-accent",
                    status === s && "bg-primary text-primary-foreground hover:bg-primary",
                  )}
                >
                  {s === "all" ? t("providers:filter.all") : s === "active" ? t("providers:filter.active") : t("providers:filter.inactive")}
                </button>
              ))}
            </fieldset>
          </div>
          <Table stack aria-label={t("providers:title")}>
            <THead>
              <TR>
                <TH>{t("providers:fields.name")}</TH>
                <TH className="hidden lg:table-cell">{t("providers:fields.code")}</TH>
                <TH className="whitespace-nowrap">{t("providers:fields.taxId")}</TH>
                <TH className="hidden lg:table-cell">{t("providers:fields.contact")}</TH>
                <TH>{t("providers:fields.status")}</TH>
                <TH>
                  <span className="sr-only">{t("providers:actions.more")}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {list.isLoading ? <SkeletonRows cols={6} /> : null}
              {rows.map((p) => (
                <TR key={p.id} data-testid="provider-row" className="cursor-pointer" onClick={() => void navigate(`/home/providers/${p.id}`)}>
                  <TD stack="primary">
                    <Link to={`/home/providers/${p.id}`} className="font-medium hover:underline" onClick={(e) => e.stopPropagation()}>
                      {p.name}
                    </Link>
                    <div className="text-xs text-muted-foreground">
                      <span className="lg:hidden">
                        <span className="font-mono">{p.code}</span>
                        {p.companyName ? " · " : null}
                      </span>
                      {p.companyName}
                    </div>
                  </TD>
                  <TD className="hidden whitespace-nowrap font-mono text-xs lg:table-cell">{p.code}</TD>
                  <TD className="whitespace-nowrap tabular-nums" label={t("providers:fields.taxId")}>
                    {displayTaxId(p.taxId) || "—"}
                  </TD>
                  <TD className="hidden lg:table-cell">
                    <div className="whitespace-nowrap">{p.phone ?? p.mobile ?? "—"}</div>
                    {p.contactPerson || p.email ? <div className="text-xs text-muted-foreground">{p.contactPerson ?? p.email}</div> : null}
                  </TD>
                  <TD>{p.isActive ? <Badge variant="success">{t("common:status.active")}</Badge> : <Badge variant="outline">{t("common:status.inactive")}</Badge>}</TD>
                  <TD className="text-right whitespace-nowrap" stack="actions" onClick={(e) => e.stopPropagation()}>
                    <Button variant="ghost" size="icon" asChild>
                      <Link to={`/home/providers/${p.id}`} aria-label={`${t("providers:actions.view")}: ${p.name}`} title={t("providers:actions.view")}>
                        <Eye />
                      </Link>
                    </Button>
                    {canUpdate ? (
                      <Button variant="ghost" size="icon" asChild>
                        <Link to={`/home/providers/${p.id}/edit`} aria-label={`${t("providers:actions.edit")}: ${p.name}`} title={t("providers:actions.edit")}>
                          <Pencil />
                        </Link>
                      </Button>
                    ) : null}
                  </TD>
                </TR>
              ))}
              {!list.isLoading && rows.length === 0 ? (
                <EmptyTableRow
                  cols={6}
                  icon={Truck}
                  title={t("providers:empty")}
                  hint={filtered ? t("providers:emptySearchHint") : t("providers:emptyHint")}
                  testId="providers-empty"
                >
                  {!filtered && canCreate ? <NewLink to="/home/providers/new" label={t("providers:new")} variant="outline" className="mt-2" /> : null}
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
